import { Container } from '@mantine/core';
import { CustomerArea } from '../../features/account/components/customer-area';

export function Component() {
  return (
    <Container size="lg" py="md">
      <CustomerArea />
    </Container>
  );
}
