import '@mantine/core/styles/Modal.css';
import { useEffect, useRef } from 'react';
import { Modal, Text } from '@mantine/core';
import type { ChallengeAnswer } from '../api/cards';
import { AdyenChallenge } from './adyen-challenge';

// The issuer's 3-D Secure, inside the checkout (never a pop-up or a redirect: an installed app has
// no address bar to come back by): the provider's page framed (the emulator's; it answers by
// postMessage from the provider's origin), or the provider's action run by its own script in the
// dialog (Adyen's threeDS2, whose answer goes to the server).

/** What APP_0050's 402 asked for: a page to frame (`desafio`) or the provider's action (`acao`). */
export type Challenge = { url: string } | { action: Record<string, unknown> };

interface ChallengeDialogProps {
  challenge: Challenge | null;
  /** The framed page says it is done: the order is sent again. */
  onDone(): void;
  /** The provider's script ended a step: its answer goes to CARTAO_DESAFIO. */
  onAnswer(answer: ChallengeAnswer): void;
  onClose(): void;
}

export function ChallengeDialog({ challenge, onDone, onAnswer, onClose }: ChallengeDialogProps) {
  const url = challenge && 'url' in challenge ? challenge.url : null;
  const action = challenge && 'action' in challenge ? challenge.action : null;
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
      opened={challenge !== null}
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
      {action && <AdyenChallenge action={action} onAnswer={onAnswer} />}
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
