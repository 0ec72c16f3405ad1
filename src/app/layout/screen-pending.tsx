import { Container, Text, Title } from '@mantine/core';

/** A screen whose issue has not landed yet says which screen it is. */
export function ScreenPending({ name }: { name: string }) {
  return (
    <Container size="md" py="xl">
      <Title order={1}>{name}</Title>
      <Text c="dimmed">Esta tela ainda está em construção.</Text>
    </Container>
  );
}
