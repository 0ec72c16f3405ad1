import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

export const OFFLINE_PAGE_TITLE = 'Página indisponível sem conexão';
export const OFFLINE_PAGE_TEXT =
  'Esta página ainda não foi aberta neste aparelho e precisa de internet para carregar. Sem conexão, você pode ver:';

/**
 * What a screen shows instead of its content when its data (or code) is not stored on the device
 * and there is no network: says so plainly and offers what works offline.
 */
export function OfflineUnavailable() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1} size="h2">
          {OFFLINE_PAGE_TITLE}
        </Title>
        <Text>{OFFLINE_PAGE_TEXT}</Text>
        <Group justify="center">
          <Anchor component={Link} to={paths.home}>
            Página inicial
          </Anchor>
          <Anchor component={Link} to={paths.cart}>
            Carrinho
          </Anchor>
        </Group>
        <Button variant="light" onClick={() => window.location.reload()}>
          Tentar novamente
        </Button>
      </Stack>
    </Container>
  );
}
