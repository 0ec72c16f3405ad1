import { isApiError, isRetryableFailure, messageOf } from '../api/errors';

// The one set of rules every write that can wait on this device follows, whatever keeps it (the
// outbox's Dexie table, the pickup counter's localStorage list, the early adds' list): sent oldest
// first, one at a time; one sender across the browser's tabs (a Web Lock) and one run per page; a
// failure worth retrying (no answer, 408, 429, 5xx: isRetryableFailure) keeps the write and stops
// the run for the next one; a refusal removes it with the reason, for the person to read. A write
// sent to the server carries an idempotency key, so one whose answer was lost is not applied twice.

/** Where a queue's writes wait. */
export interface QueueStore<W> {
  /** The oldest write waiting, if any. */
  oldest(): Promise<W | undefined> | W | undefined;
  /** Drops a write once it has its answer (sent or refused). */
  remove(write: W): Promise<void> | void;
  /** Notes a try before it goes (the outbox counts them). */
  trying?(write: W): Promise<void> | void;
  /** Notes why a try failed, the write kept for the next run. */
  kept?(write: W, error: unknown): Promise<void> | void;
}

export type QueueResult<W, A> =
  | { kind: 'sent'; write: W; answer: A | undefined }
  /** Refused (a 4xx, or a write that can no longer go): removed from the queue, the reason to show. */
  | { kind: 'refused'; write: W; resposta: string };

/** A write the queue itself refuses to send (its operation no longer waits, its data was dropped). */
export class QueueRefusal extends Error {}

export interface DrainOptions<W, A> {
  /** The Web Lock's name: one sender of this queue across the browser's tabs. */
  lock: string;
  store: QueueStore<W>;
  send(write: W): Promise<A>;
  /** Besides the retryable failures, one that keeps the write and stops the run (a session that ended). */
  holds?(error: unknown): boolean;
  /** Told each write's fate as it comes. */
  onResult?(result: QueueResult<W, A>): void;
  /** The reason shown for a refusal when the server gave none. */
  fallback?: string;
}

export interface DrainOutcome<W, A> {
  results: QueueResult<W, A>[];
  /** What stopped the run with writes still waiting (undefined when the queue emptied). */
  stoppedBy?: unknown;
}

/** A fresh idempotency key. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A write made now: sent when there is a network; kept (`keep`) when there is none, or when the
 * request never got an answer (`tried`: it may have reached the server, so the replay must be the
 * same write, with the same key). A server's refusal or trouble is thrown as usual, so the screen
 * shows it and keeps the person's input.
 */
export async function sendOrKeep<A>(
  send: () => Promise<A>,
  keep: (tried: boolean) => Promise<unknown> | void,
): Promise<{ kind: 'sent'; answer: A } | { kind: 'queued' }> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    await keep(false);
    return { kind: 'queued' };
  }
  try {
    return { kind: 'sent', answer: await send() };
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'network') throw error;
    await keep(true);
    return { kind: 'queued' };
  }
}

const running = new Map<string, Promise<DrainOutcome<unknown, unknown>>>();

/**
 * Sends a queue's writes oldest first, by the rules above. A call while a run of the same queue is
 * on its way in this page starts once that run has ended (a flickering connection's second
 * 'online' sends nothing twice, and a write queued as the run ends is not left behind); across tabs
 * the Web Lock makes the second wait, and it then finds what is left.
 */
export function drainQueue<W, A>(options: DrainOptions<W, A>): Promise<DrainOutcome<W, A>> {
  const current = running.get(options.lock);
  if (current) return current.then(() => drainQueue(options));
  const { store, send, holds, onResult, fallback = 'Não foi possível enviar. Tente novamente.' } = options;
  const run = async (): Promise<DrainOutcome<W, A>> => {
    const results: QueueResult<W, A>[] = [];
    for (;;) {
      const write = await store.oldest();
      if (write === undefined) return { results };
      await store.trying?.(write);
      let result: QueueResult<W, A>;
      try {
        result = { kind: 'sent', write, answer: await send(write) };
      } catch (error) {
        if (isApiError(error) && error.kind === 'contract' && error.status < 300) {
          // Accepted, with an answer we could not read: it must not be sent again.
          result = { kind: 'sent', write, answer: undefined };
        } else if (!(error instanceof QueueRefusal) && (isRetryableFailure(error) || holds?.(error))) {
          await store.kept?.(write, error);
          return { results, stoppedBy: error };
        } else {
          const resposta = error instanceof QueueRefusal ? error.message : messageOf(error, fallback);
          result = { kind: 'refused', write, resposta };
        }
      }
      await store.remove(write);
      results.push(result);
      onResult?.(result);
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const started = (locks ? locks.request(options.lock, run) : run()) as Promise<DrainOutcome<W, A>>;
  const tracked = started.finally(() => running.delete(options.lock));
  running.set(options.lock, tracked as Promise<DrainOutcome<unknown, unknown>>);
  return tracked;
}
