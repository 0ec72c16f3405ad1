import { Container } from '@mantine/core';
import { CartPage } from '../../features/cart/components/cart-page';
import { ShowToSeller } from '../../features/cart/components/show-to-seller';
import { RequestQuoteButton } from '../../features/quotes/components/request-quote-button';
import { HandOffButton } from '../../features/store-mode/components/hand-off-button';

export function Component() {
  return (
    <Container size="lg" py="md">
      <CartPage
        staffActions={
          <>
            <HandOffButton />
            <ShowToSeller />
            <RequestQuoteButton />
          </>
        }
      />
    </Container>
  );
}
