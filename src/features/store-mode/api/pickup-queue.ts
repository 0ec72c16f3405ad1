import type { PickupStep } from '../../../api/store-pickup';
import { readLocalJson, writeLocal } from '../../../storage/session-keys';
import { QueueRefusal, type QueueStore } from '../../../storage/write-queue';

// The pickup counter's steps made without a connection, kept on the tablet (localStorage, so a
// reload keeps them) and sent by the queue's rules (src/storage/write-queue.ts). The server makes
// each step once, so the order and the step are the write's own idempotency key.

export interface QueuedStep {
  pedido: number;
  passo: PickupStep;
  /** 'retirado' only: the last digits of the customer's CPF/CNPJ, kept while the seller's session lives. */
  documento?: string;
}

export const readQueue = () => readLocalJson<QueuedStep[]>('loja_fila_retiradas', []);
export const writeQueue = (queue: QueuedStep[]) =>
  writeLocal('loja_fila_retiradas', queue.length ? queue : null);

/** The tablet's queue as the sender sees it: oldest first, each dropped once answered. */
export const pickupQueueStore: QueueStore<QueuedStep> = {
  oldest: () => readQueue()[0],
  remove: () => writeQueue(readQueue().slice(1)),
};

/** A queued 'Retirado' whose customer's digits went with the seller's session (dropQueuedDocuments). */
export const withoutDocument = (step: QueuedStep) => step.passo === 'retirado' && !step.documento;

/**
 * Why such a step is not sent (the server could not check the customer without the digits); the
 * counter shows it after 'Pedido N:'.
 */
export const refusalWithoutDocument = () =>
  new QueueRefusal(
    "a retirada não foi enviada porque a sessão do vendedor terminou antes. Registre 'Retirado' de novo com os dígitos do CPF/CNPJ do cliente.",
  );

/**
 * Called when the seller's session ends (Sair, five minutes unused, a 401): the customer's
 * document digits leave the tablet. The steps stay queued; a 'Retirado' left without its digits is
 * refused with the reason when the queue is sent (refusalWithoutDocument).
 */
export function dropQueuedDocuments(): void {
  const queue = readQueue();
  if (queue.some((step) => step.documento !== undefined))
    writeQueue(queue.map(({ documento: _dropped, ...step }) => step));
}
