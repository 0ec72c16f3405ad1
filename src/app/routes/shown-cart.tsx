import { Container } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { ShownCartReceiver } from '../../features/cart/components/shown-cart-receiver';

export function Component() {
  const { codigo = '' } = useParams();
  return (
    <Container size="lg" py="md">
      <ShownCartReceiver key={codigo} codigo={codigo} />
    </Container>
  );
}
