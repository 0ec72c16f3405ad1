import { Container } from '@mantine/core';
import { StoreQuotesPage } from '../../features/store-mode/components/store-quotes-page';

export function Component() {
  return (
    <Container size="lg" py="md">
      <StoreQuotesPage />
    </Container>
  );
}
