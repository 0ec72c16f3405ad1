import { Container } from '@mantine/core';
import { CustomerArea } from '../../features/account/components/customer-area';
import { BuyAgainButton } from '../../features/work-lists/components/buy-again-button';

export function Component() {
  return (
    <Container size="lg" py="md">
      <CustomerArea
        orderActions={(order) => (
          <BuyAgainButton
            orderId={order.id}
            label="Comprar novamente"
            ariaLabel={`Comprar novamente os itens do pedido #${order.id}`}
          />
        )}
      />
    </Container>
  );
}
