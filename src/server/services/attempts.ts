import type { Db } from '../db/client';
import { countHit } from './rate-limit-store';

// Store mode's limits (pairing, hand-off lookups) on the one fixed-window counter of the rate limits
// (rate-limit-store.ts), kept in the database so every instance sees the same counts.

export interface AttemptLimit {
  scope: string;
  limit: number;
  windowMinutes: number;
}

/** PAIRING: a code has 31^8 values; 10 wrong tries per address in 15 minutes cannot walk them. */
export const PAIRING_ATTEMPTS: AttemptLimit = { scope: 'pareamento', limit: 10, windowMinutes: 15 };
/** Hand-off lookups per address: a store's phones share one address, so some room is left. */
export const HANDOFF_ATTEMPTS: AttemptLimit = { scope: 'repasse', limit: 30, windowMinutes: 15 };

/** Counts one attempt; true when the key went over the limit in the current window. */
export async function overLimit(db: Db, { scope, limit, windowMinutes }: AttemptLimit, key: string) {
  const { hits } = await countHit(db, `${scope}:${key}`, windowMinutes * 60_000);
  return hits > limit;
}
