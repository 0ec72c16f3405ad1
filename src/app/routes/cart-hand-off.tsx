import { Container } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { HandOffReceiver } from '../../features/cart/components/hand-off-receiver';

export function Component() {
  const { codigo = '' } = useParams();
  return (
    <Container size="lg" py="md">
      <HandOffReceiver key={codigo} codigo={codigo} />
    </Container>
  );
}
