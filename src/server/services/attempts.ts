import type { Db } from '../db/client';
import { countHit, uncountHit } from './rate-limit-store';

// Store mode's limits (pairing, hand-off lookups) on the one fixed-window counter of the rate limits
// (rate-limit-store.ts), kept in the database so every instance sees the same counts.

export interface AttemptLimit {
  scope: string;
  limit: number;
  windowMinutes: number;
}

/**
 * PAIRING: a code has 31^8 values; 10 wrong tries per address in 15 minutes cannot walk them. A
 * successful pairing gives its attempt back (countedAttemptSucceeded), so a store pairing all its
 * tablets from one address is never locked out by its own right codes.
 */
export const PAIRING_ATTEMPTS: AttemptLimit = { scope: 'pareamento', limit: 10, windowMinutes: 15 };
/** Hand-off lookups per address: a store's phones share one address, so some room is left. */
export const HANDOFF_ATTEMPTS: AttemptLimit = { scope: 'repasse', limit: 30, windowMinutes: 15 };

/** Counts one attempt; true when the key went over the limit in the current window. */
export async function overLimit(db: Db, { scope, limit, windowMinutes }: AttemptLimit, key: string) {
  const { hits } = await countHit(db, `${scope}:${key}`, windowMinutes * 60_000);
  return hits > limit;
}

/**
 * Gives back the attempt overLimit counted, once it succeeded. Counting before trying keeps the limit
 * exact under concurrent wrong guesses; only failures stay counted.
 */
export async function countedAttemptSucceeded(db: Db, { scope }: AttemptLimit, key: string) {
  await uncountHit(db, `${scope}:${key}`);
}
