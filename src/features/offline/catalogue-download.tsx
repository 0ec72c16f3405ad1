import { useEffect, useState } from 'react';
import { Button, Container, Group, Progress, Stack, Text } from '@mantine/core';
import { useOnlineStatus, OFFLINE_ACTION_REASON } from '../../hooks/online-status';
import type { DownloadProgress } from '../../storage/catalogue-download';
import type { StoredCatalogueInfo } from '../../storage/catalogue-info';
import { sizeText, storageStatusText, type StorageState } from './storage-persistence';

export const DOWNLOAD_LABEL = 'Baixar catálogo para uso offline';

const dateText = (time: number) =>
  new Date(time).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

// Loaded on demand: Dexie and the download code stay out of the first screen.
const storage = () => import('../../storage/catalogue-download');

/**
 * For store tablets: keeps the whole catalogue on the device so listing and search work with no
 * signal. Shows progress and the size kept; a copy older than a day refreshes itself when online.
 * Below it, whether the browser keeps this device's data (`kept`, see storage-persistence.ts).
 */
export function CatalogueDownload({ kept }: { kept?: StorageState }) {
  const online = useOnlineStatus();
  const [info, setInfo] = useState<StoredCatalogueInfo>();
  const [progress, setProgress] = useState<DownloadProgress>();
  const [failed, setFailed] = useState(false);

  const download = async () => {
    setFailed(false);
    setProgress({ phase: 'produtos', done: 0, total: 0 });
    try {
      const { downloadCatalogue } = await storage();
      setInfo(await downloadCatalogue(setProgress));
    } catch (error) {
      console.warn('Falha ao baixar o catálogo', error);
      setFailed(true);
    } finally {
      setProgress(undefined);
    }
  };

  useEffect(() => {
    let active = true;
    // What is kept, read without the download's code and contracts (loaded only to download).
    void import('../../storage/catalogue-info')
      .then(({ storedCatalogueInfo }) => storedCatalogueInfo())
      .then((stored) => {
        if (!active) return;
        setInfo(stored);
        if (stored?.stale && navigator.onLine) void download();
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
    // Runs once: the stale check happens when the store opens.
  }, []);

  const percent = progress && progress.total ? Math.round((100 * progress.done) / progress.total) : 0;
  return (
    <Container size="xl" py="sm" component="section" aria-label="Catálogo offline">
      <Stack gap={6}>
        <Group gap="sm">
          <Button
            size="xs"
            variant="default"
            onClick={() => void download()}
            loading={progress !== undefined}
            disabled={!online}
            title={online ? undefined : OFFLINE_ACTION_REASON}
          >
            {info ? 'Atualizar catálogo offline' : DOWNLOAD_LABEL}
          </Button>
          {info && !progress && (
            <Text size="xs" c="dark.5" role="status">
              Catálogo salvo neste aparelho: {info.count.toLocaleString('pt-BR')} produtos,{' '}
              {sizeText(info.bytes)}. Atualizado em {dateText(info.savedAt)}.
            </Text>
          )}
          {failed && (
            <Text size="xs" c="red.8" role="alert">
              Não foi possível baixar o catálogo. Tente novamente.
            </Text>
          )}
        </Group>
        {kept && (
          <Text size="xs" c="dark.5">
            {storageStatusText(kept)}
          </Text>
        )}
        {progress && (
          <Stack gap={2}>
            <Progress value={percent} aria-label="Progresso do download do catálogo" color="red.8" />
            <Text size="xs" c="dark.5">
              {progress.phase === 'produtos'
                ? `Baixando produtos: ${progress.done} de ${progress.total || '...'}`
                : `Baixando imagens: ${progress.done} de ${progress.total}`}
            </Text>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
