import { Container } from '@mantine/core';
import { OrderDetailsPage } from '../../features/orders/components/order-details-page';

export function Component() {
  return (
    <Container size="lg" py="md">
      <OrderDetailsPage />
    </Container>
  );
}
