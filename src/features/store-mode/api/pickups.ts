import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callOperation } from '../../../api/client';
import { isApiError, isRetryableFailure } from '../../../api/errors';
import { pickupListOperation, pickupStepOperation, type PickupStep } from '../../../api/store-pickup';
import { readLocalJson, useLocalValue, writeLocal } from '../../../storage/session-keys';
import { staffKeys } from './staff';

// The pickup counter's calls, with an offline queue: a step made without a connection waits in
// localStorage and is sent, in order, once the tablet is online. The server makes each step once,
// so a step replayed, or made meanwhile on another tablet, comes back as 'already done', never twice.

export interface QueuedStep {
  pedido: number;
  passo: PickupStep;
  documento?: string;
}

const readQueue = () => readLocalJson<QueuedStep[]>('loja_fila_retiradas', []);
const writeQueue = (queue: QueuedStep[]) => writeLocal('loja_fila_retiradas', queue.length ? queue : null);

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

/** A network failure (no answer at all), as opposed to the server refusing the step. */
const unreachable = (error: unknown) => isApiError(error) && error.status === 0;

/** The seller's session ended while the steps waited (5 minutes unused): not the step's fault. */
const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

export function usePickupStep() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, TanStack Query would pause the step in the page until the connection returns (lost on
    // a reload, never shown as queued); the step goes to the tablet's queue here instead.
    networkMode: 'always',
    mutationFn: async (step: QueuedStep): Promise<{ resposta: string; queued: boolean }> => {
      if (typeof navigator !== 'undefined' && !navigator.onLine) {
        writeQueue([...readQueue(), step]);
        return {
          resposta: 'Sem conexão: o passo foi guardado e será enviado ao voltar a conexão.',
          queued: true,
        };
      }
      try {
        const answer = await sendStep(step);
        return { resposta: answer.resposta, queued: false };
      } catch (error) {
        if (!unreachable(error)) throw error;
        writeQueue([...readQueue(), step]);
        return {
          resposta: 'Sem conexão: o passo foi guardado e será enviado ao voltar a conexão.',
          queued: true,
        };
      }
    },
    // A queued step changed nothing on the server yet: asking for the list offline would only fail.
    onSuccess: (answer) => {
      if (!answer.queued) return queryClient.invalidateQueries({ queryKey: staffKeys.pickups });
    },
  });
}

/**
 * Sends the queued steps when the tablet is (back) online, oldest first; a refused step leaves the
 * queue with its reason shown, a failure worth retrying (no answer, 408, 429, 5xx: the outbox's rule)
 * stops and waits for the next 'online'. If the
 * seller's session ended while the steps waited, they stay queued and go once a seller signs in
 * again (credited to that seller: the server credits the session that sends). One sending at a
 * time: a second 'online' while steps are on their way (a flickering connection, or the one the
 * counter sends as it opens) would send the head of the queue again, then drop the step after it
 * from the queue, unsent.
 */
export function usePickupQueueSender(enabled: boolean): { sent: string[]; error: unknown } {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const sending = useRef<Promise<void> | null>(null);
  const sendQueue = useCallback(async () => {
    setError(null);
    const answers: string[] = [];
    for (let queue = readQueue(); queue.length > 0; queue = readQueue()) {
      try {
        answers.push((await sendStep(queue[0])).resposta);
      } catch (failure) {
        // No answer, or the server's own trouble (a 503 under load, a 500): kept for the next try.
        if (isRetryableFailure(failure)) break;
        if (signedOut(failure)) {
          setError(failure);
          break;
        }
        answers.push(
          `Pedido ${queue[0].pedido}: ${failure instanceof Error ? failure.message : 'passo recusado.'}`,
        );
      }
      writeQueue(readQueue().slice(1));
    }
    if (answers.length) {
      setSent(answers);
      await queryClient.invalidateQueries({ queryKey: staffKeys.pickups });
    }
  }, [queryClient]);
  const flush = useCallback(() => {
    sending.current ??= sendQueue().finally(() => {
      sending.current = null;
    });
    return sending.current;
  }, [sendQueue]);
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
