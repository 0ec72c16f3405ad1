import { Container } from '@mantine/core';
import { MyQuotesPage } from '../../features/quotes/components/my-quotes-page';

export function Component() {
  return (
    <Container size="lg" py="md">
      <MyQuotesPage />
    </Container>
  );
}
