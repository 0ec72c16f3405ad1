import { Container } from '@mantine/core';
import { WorkListsPage } from '../../features/work-lists/components/work-lists-page';

export function Component() {
  return (
    <Container size="lg" py="md">
      <WorkListsPage />
    </Container>
  );
}
