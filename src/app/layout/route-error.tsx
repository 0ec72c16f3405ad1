import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router-dom';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../hooks/use-page-title';
import { OfflineUnavailable } from '../../components/offline-unavailable';
import { isMissingChunkError, reloadForMissingChunk } from '../../features/offline/chunk-recovery';

const ERROR_TITLE = 'Algo deu errado';

/** Shown when a screen fails to load or render (for example a chunk missing while offline). */
export function RouteError() {
  const error = useRouteError();
  usePageTitle(ERROR_TITLE);
  // A screen of a build a deploy replaced: load the address again (once), from the new build.
  if (isMissingChunkError(error) && reloadForMissingChunk()) return null;
  console.warn('Erro de rota', error);
  if (!navigator.onLine) return <OfflineUnavailable />;
  return (
    <Container size="sm" py="xl">
      <Stack align="center">
        <Title order={1}>{ERROR_TITLE}</Title>
        <Text>Não foi possível abrir esta página. Verifique sua conexão e tente novamente.</Text>
        <Button component={Link} to={paths.home}>
          Voltar para a página inicial
        </Button>
      </Stack>
    </Container>
  );
}
