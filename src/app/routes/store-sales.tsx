import { Container } from '@mantine/core';
import { StoreSalesPage } from '../../features/store-mode/components/store-sales-page';

export function Component() {
  return (
    <Container size="lg" py="md">
      <StoreSalesPage />
    </Container>
  );
}
