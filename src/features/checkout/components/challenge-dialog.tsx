import '@mantine/core/styles/Modal.css';
import { useEffect, useRef } from 'react';
import { Modal, Text } from '@mantine/core';

// The issuer's 3-D Secure page, inside the checkout (never a pop-up or a redirect: an installed app
// has no address bar to come back by). The page answers by postMessage from the provider's origin.

interface ChallengeDialogProps {
  url: string | null;
  onDone(): void;
  onClose(): void;
}

export function ChallengeDialog({ url, onDone, onClose }: ChallengeDialogProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const origin = url ? new URL(url).origin : null;
  useEffect(() => {
    if (!origin) return;
    function receive(event: MessageEvent<{ source?: string; type?: string }>) {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      if (event.data?.source === 'card-challenge' && event.data.type === 'done') onDone();
    }
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [origin, onDone]);

  return (
    <Modal
      opened={url !== null}
      onClose={onClose}
      title="Confirme a compra com o seu banco"
      centered
      size="md"
      // A 44 px close button (the theme's default props give it its name; these replace them).
      closeButtonProps={{ 'aria-label': 'Fechar', size: 'xl' }}
    >
      <Text size="sm" mb="xs">
        O banco emissor pediu uma confirmação (<span style={{ whiteSpace: 'nowrap' }}>3-D Secure</span>). Siga
        as instruções abaixo.
      </Text>
      {url && (
        <iframe
          ref={frame}
          src={url}
          title="Autenticação do banco emissor"
          style={{ width: '100%', height: 320, border: 0, display: 'block' }}
        />
      )}
    </Modal>
  );
}
