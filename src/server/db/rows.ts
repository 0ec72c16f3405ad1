import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** The rows of a raw query, on PGlite and PostgreSQL alike (their drivers both answer `{rows}`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
