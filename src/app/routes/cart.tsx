import { Container } from '@mantine/core';
import { CartPage } from '../../features/cart/components/cart-page';

export function Component() {
  return (
    <Container size="lg" py="md">
      <CartPage />
    </Container>
  );
}
