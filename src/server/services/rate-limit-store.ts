import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';

// Fixed-window request counters on the rate_limits table (migration 0015): one statement counts a
// hit and starts a new window once the old one is over, so instances sharing the database never
// lose a count and never need a lock.

/** Windows that ended this long ago are deleted, at most once every SWEEP_EVERY hits per process. */
const SWEEP_EVERY = 500;
let hitsSinceSweep = 0;

export interface HitCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/** Counts one hit of `key` in windows of `windowMs`. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<HitCount> {
  const [row] = await queryRows<{ hits: number; ttl: number }>(
    db,
    sql`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= now() THEN EXCLUDED.reset_at ELSE r.reset_at END
    RETURNING hits, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::float8 AS ttl
  `,
  );
  if (++hitsSinceSweep >= SWEEP_EVERY) {
    hitsSinceSweep = 0;
    await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 hour'`);
  }
  return { hits: Number(row.hits), ttlMs: Number(row.ttl) };
}

/** Takes back one hit of `key` in its current window (an attempt that turned out to be legitimate). */
export async function uncountHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`
    UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = ${key} AND reset_at > now()
  `);
}
