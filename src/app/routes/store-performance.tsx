import { Container } from '@mantine/core';
import { StorePerformancePage } from '../../features/store-mode/components/store-performance-page';

export function Component() {
  return (
    <Container size="xl" py="md">
      <StorePerformancePage />
    </Container>
  );
}
