import { Container } from '@mantine/core';
import { PickupCounterPage } from '../../features/store-mode/components/pickup-counter-page';

export function Component() {
  return (
    <Container size="lg" py="md">
      <PickupCounterPage />
    </Container>
  );
}
