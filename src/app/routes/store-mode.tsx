import { Container } from '@mantine/core';
import { PairingPage } from '../../features/store-mode/components/pairing-page';

export function Component() {
  return (
    <Container size="lg" py="md">
      <PairingPage />
    </Container>
  );
}
