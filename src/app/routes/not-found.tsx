import { useEffect } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { PageMeta } from '../page-meta';
import type { ScreenData } from '../screen';

/** Any other path answers 404 with this screen. */
export const load = async (): Promise<ScreenData> => ({ status: 404 });

export const meta = (): PageMeta => ({ title: 'Página não encontrada' });

export function Component() {
  const location = useLocation();
  useEffect(() => {
    // The path of a not-found screen is logged.
    console.warn('404: rota não encontrada', location.pathname);
  }, [location.pathname]);
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md">
        <Title order={1} fz={72} c="red.8">
          404
        </Title>
        <Text size="xl">Oops! Page not found</Text>
        <Button component={Link} to={paths.home}>
          Voltar para a página inicial
        </Button>
      </Stack>
    </Container>
  );
}
