import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { callOperation } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { pickupListOperation, pickupStepOperation } from '../../../api/store-pickup';
import { useLocalValue } from '../../../storage/session-keys';
import { drainQueue, sendOrKeep } from '../../../storage/write-queue';
import {
  pickupQueueStore,
  readQueue,
  refusalWithoutDocument,
  withoutDocument,
  writeQueue,
  type QueuedStep,
} from './pickup-queue';
import { staffKeys } from './staff';

// The pickup counter's calls, with an offline queue (pickup-queue.ts): a step made without a
// connection waits on the tablet and is sent, in order, once the tablet is online. The server makes
// each step once, so a step replayed, or made meanwhile on another tablet, comes back as 'already
// done', never twice.

/** The steps waiting for a connection (as React state). */
export function useQueuedSteps(): QueuedStep[] {
  const raw = useLocalValue('loja_fila_retiradas');
  try {
    return raw ? (JSON.parse(raw) as QueuedStep[]) : [];
  } catch {
    return [];
  }
}

export function usePickups(enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.pickups,
    queryFn: async () => (await callOperation(pickupListOperation)).pedidos,
    enabled,
    retry: false,
    // Every 30 s while online; offline each try could only fail (it asks again on reconnecting).
    refetchInterval: () => (typeof navigator === 'undefined' || navigator.onLine ? 30_000 : false),
  });
}

const sendStep = async (step: QueuedStep) => callOperation(pickupStepOperation, { body: step });

/** The seller's session ended while the steps waited (5 minutes unused): not the step's fault. */
const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

export function usePickupStep() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, TanStack Query would pause the step in the page until the connection returns (lost on
    // a reload, never shown as queued); the step goes to the tablet's queue here instead.
    networkMode: 'always',
    mutationFn: async (step: QueuedStep): Promise<{ resposta: string; queued: boolean }> => {
      const result = await sendOrKeep(
        () => sendStep(step),
        () => writeQueue([...readQueue(), step]),
      );
      return result.kind === 'sent'
        ? { resposta: result.answer.resposta, queued: false }
        : { resposta: 'Sem conexão: o passo foi guardado e será enviado ao voltar a conexão.', queued: true };
    },
    // A queued step changed nothing on the server yet: asking for the list offline would only fail.
    onSuccess: (answer) => {
      if (!answer.queued) return queryClient.invalidateQueries({ queryKey: staffKeys.pickups });
    },
  });
}

/**
 * Sends the queued steps when the tablet is (back) online, by the queue's rules
 * (src/storage/write-queue.ts): oldest first; a refused step leaves the queue with its reason
 * shown; a failure worth retrying (no answer, 408, 429, 5xx) stops and waits for the next 'online'.
 * If the seller's session ended while the steps waited, they stay queued and go once a seller signs
 * in again (credited to that seller: the server credits the session that sends). One sending at a
 * time, in the page and across the tablet's tabs.
 */
export function usePickupQueueSender(enabled: boolean): { sent: string[]; error: unknown } {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const flush = useCallback(async () => {
    setError(null);
    const { results, stoppedBy } = await drainQueue({
      lock: 'casa-obra-retiradas',
      store: pickupQueueStore,
      send: (step) => (withoutDocument(step) ? Promise.reject(refusalWithoutDocument()) : sendStep(step)),
      holds: signedOut,
      fallback: 'passo recusado.',
    });
    if (signedOut(stoppedBy)) setError(stoppedBy);
    const answers = results.map((result) =>
      result.kind === 'sent'
        ? (result.answer?.resposta ?? '')
        : `Pedido ${result.write.pedido}: ${result.resposta}`,
    );
    if (answers.length) {
      setSent(answers);
      await queryClient.invalidateQueries({ queryKey: staffKeys.pickups });
    }
  }, [queryClient]);
  useEffect(() => {
    if (!enabled) return;
    const online = () => void flush();
    // Steps left queued by an earlier visit, or by a session that ended, go as soon as the counter
    // opens online with a seller signed in.
    const first = setTimeout(() => navigator.onLine && online(), 0);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(first);
      window.removeEventListener('online', online);
    };
  }, [enabled, flush]);
  return { sent, error };
}
