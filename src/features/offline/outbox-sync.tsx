import { useEffect } from 'react';
import { showToast } from '../../browser/toast';
import type { ReplayResult } from '../../storage/outbox';

/**
 * The person is told of every queued write's fate: delivered, or refused with the reason (the
 * outbox keeps a queued sign-out's to itself: UNANNOUNCED in src/storage/outbox.ts).
 */
export function announce(result: ReplayResult): void {
  const { label } = result.write;
  if (result.kind === 'sent') {
    showToast(`${label}: ${result.resposta || 'enviado com sucesso.'}`, { level: 1 });
  } else {
    // A refusal stays on screen until closed: the write is gone from the queue and must be redone.
    showToast(`${label}: ${result.resposta}`, { level: 0, autoClose: false });
  }
}

/** Sends queued writes when the page opens with a network and each time the network returns. */
export function OutboxSync() {
  useEffect(() => {
    // Loaded on demand: the storage layer (Dexie) stays out of the first screen's code, and the
    // outbox with the contracts it sends is loaded only when a write is waiting (nearly never).
    const replay = () => {
      if (!navigator.onLine) return;
      void import('../../storage/stored-rows')
        .then(({ queuedWriteCount }) => queuedWriteCount())
        .then(async (waiting) => {
          if (waiting === 0) return;
          const { replayOutbox } = await import('../../storage/outbox');
          await replayOutbox(announce);
        })
        .catch((error: unknown) => console.warn('Falha ao enviar pendências', error));
    };
    replay();
    window.addEventListener('online', replay);
    return () => window.removeEventListener('online', replay);
  }, []);
  return null;
}
