import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router-dom';
import { paths } from '../../config/paths';
import { OfflineUnavailable } from '../../components/offline-unavailable';
import { isMissingChunkError, reloadForMissingChunk } from '../../features/offline/chunk-recovery';

/** Shown when a screen fails to load or render (for example a chunk missing while offline). */
export function RouteError() {
  const error = useRouteError();
  // A screen of a build a deploy replaced: load the address again (once), from the new build.
  if (isMissingChunkError(error) && reloadForMissingChunk()) return null;
  console.warn('Erro de rota', error);
  if (!navigator.onLine) return <OfflineUnavailable />;
  return (
    <Container size="sm" py="xl">
      <Stack align="center">
        <Title order={1}>Algo deu errado</Title>
        <Text>Não foi possível abrir esta página. Verifique sua conexão e tente novamente.</Text>
        <Button component={Link} to={paths.home}>
          Voltar para a página inicial
        </Button>
      </Stack>
    </Container>
  );
}
