import { callOperation } from '../api/client';
import { profileUpdateOperation, contactMessageOperation, signOutOperation } from '../api/customers';
import { changeCustomerCartOperation } from '../api/customer-cart';
import type { Operation } from '../api/define';
import { isApiError, isRetryableFailure } from '../api/errors';
import { db, type OutboxEntry, type StorefrontDb } from './db';

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
} as const;
export type QueueableOperation = (typeof QUEUEABLE)[keyof typeof QUEUEABLE];
type QueueableName = keyof typeof QUEUEABLE;

/**
 * Writes whose fate the person is not told (`onResult` of replayOutbox): a queued sign-out, as
 * whoever holds the device now did not ask for it (and a DataSnap without APP_0099 refuses it with a
 * 404 there is nothing to do about); a cart edit sent to the account's cart (src/storage/account-cart.ts),
 * whose result the cart itself shows when it is read back.
 */
const UNANNOUNCED: ReadonlySet<QueueableName> = new Set(['APP_0099', 'CARRINHO_CONTA_ALTERAR']);

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

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Queues a write to be sent once the network is back. */
export async function enqueue(
  operation: QueueableOperation,
  body: unknown,
  label: string,
  database: StorefrontDb = db,
): Promise<void> {
  const write: QueuedWrite = {
    operation: operation.name as QueueableName,
    body,
    label,
    idempotencyKey: newKey(),
    createdAt: Date.now(),
    attempts: 0,
  };
  await database.outbox.add(write);
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
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    await enqueue(operation, body, label, database);
    return { kind: 'queued' };
  }
  const idempotencyKey = newKey();
  try {
    const answer = await send(operation, body, idempotencyKey, fetchImpl);
    return { kind: 'sent', resposta: answer.resposta };
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'network') throw error;
    // The request may have reached the server: the replay reuses the same key.
    const write: QueuedWrite = {
      operation: operation.name as QueueableName,
      body,
      label,
      idempotencyKey,
      createdAt: Date.now(),
      attempts: 1,
    };
    await database.outbox.add(write);
    return { kind: 'queued' };
  }
}

/** @internal For the tests: the writes waiting, oldest first. */
export async function queuedWrites(database: StorefrontDb = db): Promise<QueuedWrite[]> {
  return (await database.outbox.orderBy('id').toArray()) as QueuedWrite[];
}

let replaying: Promise<ReplayResult[]> | undefined;

/**
 * Sends the queued writes oldest first. Each is removed only once answered: on success, or on a
 * refusal (4xx, reported, never dropped silently; `onResult` hears each but the UNANNOUNCED). A
 * network failure or a 5xx stops the run and keeps the rest in order for the next one. Runs never
 * overlap within a page, and across tabs a Web Lock keeps a write from being sent twice.
 */
export function replayOutbox(
  onResult: (result: ReplayResult) => void = () => undefined,
  { database = db, fetchImpl = fetch }: { database?: StorefrontDb; fetchImpl?: typeof fetch } = {},
): Promise<ReplayResult[]> {
  if (replaying) return replaying;
  const run = async () => {
    const results: ReplayResult[] = [];
    for (;;) {
      const [write] = (await database.outbox.orderBy('id').limit(1).toArray()) as QueuedWrite[];
      if (!write) return results;
      const operation: Operation | undefined = QUEUEABLE[write.operation];
      if (!operation) {
        // Queued by an older version for an operation that no longer waits: say so, then drop it.
        await database.outbox.delete(write.id!);
        const refused: ReplayResult = { kind: 'refused', write, resposta: 'Envio não suportado.' };
        results.push(refused);
        onResult(refused);
        continue;
      }
      await database.outbox.update(write.id!, { attempts: write.attempts + 1 });
      let result: ReplayResult;
      try {
        const answer = await send(operation, write.body, write.idempotencyKey, fetchImpl);
        result = { kind: 'sent', write, resposta: answer.resposta };
      } catch (error) {
        const status = isApiError(error) ? error.status : 0;
        if (isApiError(error) && error.kind === 'contract' && status < 300) {
          // Accepted, with an answer we could not read: it must not be sent again.
          result = { kind: 'sent', write, resposta: '' };
        } else if (isRetryableFailure(error)) {
          await database.outbox.update(write.id!, { lastError: String((error as Error)?.message ?? error) });
          return results;
        } else {
          result = {
            kind: 'refused',
            write,
            resposta: (isApiError(error) && error.resposta) || 'Não foi possível enviar. Tente novamente.',
          };
        }
      }
      await database.outbox.delete(write.id!);
      results.push(result);
      if (!UNANNOUNCED.has(write.operation)) onResult(result);
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const started = (locks ? locks.request('casa-obra-outbox', run) : run()) as Promise<ReplayResult[]>;
  const current = started.finally(() => {
    replaying = undefined;
  });
  replaying = current;
  return current;
}
