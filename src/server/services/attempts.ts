import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';

// Attempts counted in the database per scope and key in a fixed window, so every instance sees the
// same counts (the approach of rate-limit.ts, for store mode's pairing and hand-off lookups). One
// function, so a general rate-limit mechanism can replace it in one place.

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
  const [row] = await queryRows<{ attempts: number }>(
    db,
    sql`INSERT INTO store_mode_attempts AS a (scope, key, attempts, window_started_at)
        VALUES (${scope}, ${key}, 1, now())
        ON CONFLICT (scope, key) DO UPDATE SET
          attempts = CASE WHEN a.window_started_at < now() - make_interval(mins => ${windowMinutes})
                          THEN 1 ELSE a.attempts + 1 END,
          window_started_at = CASE WHEN a.window_started_at < now() - make_interval(mins => ${windowMinutes})
                                   THEN now() ELSE a.window_started_at END
        RETURNING attempts`,
  );
  return Number(row?.attempts ?? 0) > limit;
}
