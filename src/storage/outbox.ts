import { callOperation } from '../api/client';
import { profileUpdateOperation, contactMessageOperation, signOutOperation } from '../api/customers';
import { changeCustomerCartOperation } from '../api/customer-cart';
import { changeWorkListsOperation } from '../api/work-lists';
import type { Operation } from '../api/define';
import { db, type OutboxEntry, type StorefrontDb } from './db';
import { withDb } from './stored-rows';
import { drainQueue, newIdempotencyKey, QueueRefusal, sendOrKeep, type QueueResult } from './write-queue';

// Writes that can wait for the network (docs/decisions/015-network-only-actions-say-so.md): the contact message, the profile
// change and the sign-out. Offline they are queued in the one Dexie database; back online they are
// sent one at a time, oldest first, each exactly once, and every result is reported to the person
// (a sign-out's, quietly: the next shopper of a shared device has nothing to read in it).

/** The operations allowed to wait; anything with money or stock (order, payment) never does. */
const QUEUEABLE = {
  APP_0051: contactMessageOperation,
  APP_0047: profileUpdateOperation,
  APP_0099: signOutOperation,
  CARRINHO_CONTA_ALTERAR: changeCustomerCartOperation,
  LISTAS_CONTA_ALTERAR: changeWorkListsOperation,
} as const;
export type QueueableOperation = (typeof QUEUEABLE)[keyof typeof QUEUEABLE];
type QueueableName = keyof typeof QUEUEABLE;

/**
 * Writes whose fate the person is not told (`onResult` of replayOutbox): a queued sign-out, as
 * whoever holds the device now did not ask for it (and a DataSnap without APP_0099 refuses it with a
 * 404 there is nothing to do about); a cart edit sent to the account's cart (src/storage/account-cart.ts),
 * whose result the cart itself shows when it is read back; a list edit (src/storage/work-lists.ts),
 * likewise shown by the lists read back.
 */
const UNANNOUNCED: ReadonlySet<QueueableName> = new Set([
  'APP_0099',
  'CARRINHO_CONTA_ALTERAR',
  'LISTAS_CONTA_ALTERAR',
]);

/** What a queued sign-out is called (it is never announced: UNANNOUNCED). */
export const SIGN_OUT_LABEL = 'Saída da conta';

/** What the person sees when a write is kept for later. */
export const QUEUED_TEXT = 'Sem conexão: enviaremos assim que a internet voltar.';

/** A queued write as stored: the outbox row plus what replaying it needs. */
export interface QueuedWrite extends OutboxEntry {
  operation: QueueableName;
  /** Sent as `Idempotency-Key`, so a write whose answer was lost is not applied twice. */
  idempotencyKey: string;
  /** What it is, for the person ('Mensagem de contato'). */
  label: string;
}

export type ReplayResult =
  | { kind: 'sent'; write: QueuedWrite; resposta: string }
  /** Refused by the server (4xx): removed from the queue, and the reason must be shown. */
  | { kind: 'refused'; write: QueuedWrite; resposta: string };

/** Both queueable operations answer `{resposta}`. */
export type SendResult = { kind: 'sent'; resposta: string } | { kind: 'queued' };

async function send(
  operation: Operation,
  body: unknown,
  idempotencyKey: string,
  fetchImpl: typeof fetch,
): Promise<{ resposta: string }> {
  const answer = (await callOperation(
    operation,
    { body, headers: { 'idempotency-key': idempotencyKey } } as never,
    fetchImpl,
  )) as { resposta?: string } | undefined;
  return { resposta: answer?.resposta ?? '' };
}

/** Queues a write to be sent once the network is back. */
export async function enqueue(
  operation: QueueableOperation,
  body: unknown,
  label: string,
  database: StorefrontDb = db,
  /** A write already tried keeps the key it was sent with. */
  { idempotencyKey = newIdempotencyKey(), attempts = 0 } = {},
): Promise<void> {
  const write: QueuedWrite = {
    operation: operation.name as QueueableName,
    body,
    label,
    idempotencyKey,
    createdAt: Date.now(),
    attempts,
  };
  await withDb((d) => d.outbox.add(write), database);
}

/**
 * Sends now when there is a network, or queues when there is none (or the request never got an
 * answer). A server refusal (4xx, 5xx) is thrown as usual so the form shows it and keeps its input.
 */
export async function sendOrQueue(
  operation: QueueableOperation,
  body: unknown,
  label: string,
  { database = db, fetchImpl = fetch }: { database?: StorefrontDb; fetchImpl?: typeof fetch } = {},
): Promise<SendResult> {
  const idempotencyKey = newIdempotencyKey();
  const result = await sendOrKeep(
    () => send(operation, body, idempotencyKey, fetchImpl),
    (tried) => enqueue(operation, body, label, database, { idempotencyKey, attempts: tried ? 1 : 0 }),
  );
  return result.kind === 'sent' ? { kind: 'sent', resposta: result.answer.resposta } : result;
}

/** @internal For the tests: the writes waiting, oldest first. */
export async function queuedWrites(database: StorefrontDb = db): Promise<QueuedWrite[]> {
  return (await database.outbox.orderBy('id').toArray()) as QueuedWrite[];
}

/**
 * Sends the queued writes oldest first, by the queue's rules (write-queue.ts): each is removed only
 * once answered, on success or on a refusal (4xx, reported, never dropped silently; `onResult`
 * hears each but the UNANNOUNCED); a failure worth retrying stops the run and keeps the rest in
 * order for the next one. Runs never overlap within a page, and across tabs a Web Lock keeps a
 * write from being sent twice.
 */
export function replayOutbox(
  onResult: (result: ReplayResult) => void = () => undefined,
  { database = db, fetchImpl = fetch }: { database?: StorefrontDb; fetchImpl?: typeof fetch } = {},
): Promise<ReplayResult[]> {
  if (replaying) return replaying;
  const run = drainQueue<QueuedWrite, { resposta: string }>({
    lock: 'casa-obra-outbox',
    store: {
      oldest: async () =>
        (await withDb((d) => d.outbox.orderBy('id').first(), database)) as QueuedWrite | undefined,
      remove: (write) => withDb((d) => d.outbox.delete(write.id!), database),
      trying: async (write) => {
        await withDb((d) => d.outbox.update(write.id!, { attempts: write.attempts + 1 }), database);
      },
      kept: async (write, error) => {
        await withDb(
          (d) => d.outbox.update(write.id!, { lastError: String((error as Error)?.message ?? error) }),
          database,
        );
      },
    },
    send: (write) => {
      const operation: Operation | undefined = QUEUEABLE[write.operation];
      // Queued by an older version for an operation that no longer waits: said, then dropped.
      if (!operation) return Promise.reject(new QueueRefusal('Envio não suportado.'));
      return send(operation, write.body, write.idempotencyKey, fetchImpl);
    },
    onResult: (result) => {
      if (!UNANNOUNCED.has(result.write.operation)) onResult(replayResult(result));
    },
  });
  const current = run
    .then(({ results }) => results.map(replayResult))
    .finally(() => {
      replaying = undefined;
    });
  replaying = current;
  return current;
}

/** The run on its way in this page: a second call gets it, so its caller hears the same results. */
let replaying: Promise<ReplayResult[]> | undefined;

const replayResult = (result: QueueResult<QueuedWrite, { resposta: string }>): ReplayResult =>
  result.kind === 'sent'
    ? { kind: 'sent', write: result.write, resposta: result.answer?.resposta ?? '' }
    : result;
