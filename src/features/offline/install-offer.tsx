import { useState, useSyncExternalStore } from 'react';
import { Button, CloseButton, Container, Group, Paper, Text } from '@mantine/core';
import { canPromptInstall, needsIosInstallHowTo, promptInstall, subscribeToInstall } from './install-prompt';

export const IOS_INSTALL_HOW_TO =
  'Para instalar no iPhone ou iPad: toque em Compartilhar e depois em Adicionar à Tela de Início.';

// Dismissal lasts for this page's life: the offer comes back on a later visit, never mid-visit.
let dismissed = false;

/** 'Instalar app' where the browser offers installation; a short how-to on iOS. */
export function InstallOffer() {
  const canInstall = useSyncExternalStore(subscribeToInstall, canPromptInstall, () => false);
  const [iosHowTo] = useState(() => needsIosInstallHowTo());
  const [hidden, setHidden] = useState(dismissed);
  if (hidden || (!canInstall && !iosHowTo)) return null;
  const close = () => {
    dismissed = true;
    setHidden(true);
  };
  return (
    <Container size="xl" py="sm">
      <Paper withBorder radius="md" p="sm" aria-label="Instalar o aplicativo" component="section">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          {canInstall ? (
            <>
              <Text size="sm">Instale a loja na tela inicial: abre mais rápido e funciona sem sinal.</Text>
              <Button size="xs" color="red.8" onClick={() => void promptInstall()}>
                Instalar app
              </Button>
            </>
          ) : (
            <Text size="sm">{IOS_INSTALL_HOW_TO}</Text>
          )}
          <CloseButton aria-label="Fechar" onClick={close} />
        </Group>
      </Paper>
    </Container>
  );
}
