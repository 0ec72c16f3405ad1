import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

// Failed sign-ins are counted in the database, so every instance sees the same counts. Locks are
// temporary: a stranger who types someone's document wrong five times blocks it for 15 minutes,
// never for good. The address limit is higher because a store's tablets share one address.

export const LOCK_MINUTES = 15;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 30;
const WINDOW_MINUTES = 15;

type Scope = 'account' | 'address';

const limitOf = (scope: Scope) => (scope === 'account' ? ACCOUNT_FAILURE_LIMIT : ADDRESS_FAILURE_LIMIT);

/** True when the account (typed document) or the address is locked right now. */
export async function isLoginLocked(db: Db, account: string, address: string): Promise<boolean> {
  const rows = await db
    .select({ key: loginFailures.key })
    .from(loginFailures)
    .where(
      and(
        sql`(${loginFailures.scope}, ${loginFailures.key}) IN (('account', ${account}), ('address', ${address}))`,
        sql`${loginFailures.lockedUntil} > now()`,
      ),
    );
  return rows.length > 0;
}

async function countFailure(db: Db, scope: Scope, key: string): Promise<void> {
  const limit = limitOf(scope);
  // One statement, so two instances counting at once never lose a failure: a window older than
  // WINDOW_MINUTES starts again at 1; reaching the limit locks and resets the count.
  await db.execute(sql`
    INSERT INTO login_failures AS f (scope, key, failures, window_started_at)
    VALUES (${scope}, ${key}, 1, now())
    ON CONFLICT (scope, key) DO UPDATE SET
      failures = CASE
        WHEN f.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES}) THEN 1
        WHEN f.failures + 1 >= ${limit} THEN 0
        ELSE f.failures + 1 END,
      window_started_at = CASE
        WHEN f.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES}) THEN now()
        ELSE f.window_started_at END,
      locked_until = CASE
        WHEN f.window_started_at >= now() - make_interval(mins => ${WINDOW_MINUTES})
          AND f.failures + 1 >= ${limit} THEN now() + make_interval(mins => ${LOCK_MINUTES})
        ELSE f.locked_until END
  `);
}

export async function recordLoginFailure(db: Db, account: string, address: string): Promise<void> {
  await countFailure(db, 'account', account);
  await countFailure(db, 'address', address);
}

/** A successful sign-in clears the account's count (not the address's: others may be guessing there). */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.scope, 'account'), eq(loginFailures.key, account)));
}
