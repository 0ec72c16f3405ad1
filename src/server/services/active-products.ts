import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';

// The ids of the products on sale, in id order: what the sitemap lists, read a batch at a time.

export async function activeProductCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM products WHERE active`,
  );
  return Number(row?.n ?? 0);
}

/** The id at `position` (0-based) of the active products in id order, if there is one. */
export async function activeProductIdAt(db: Db, position: number): Promise<number | undefined> {
  const [row] = await queryRows<{ idprd: number }>(
    db,
    sql`SELECT idprd FROM products WHERE active ORDER BY idprd OFFSET ${position} LIMIT 1`,
  );
  return row?.idprd;
}

/** Up to `limit` active product ids greater than `after`, ascending. */
export async function activeProductIdsAfter(db: Db, after: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ idprd: number }>(
    db,
    sql`SELECT idprd FROM products WHERE active AND idprd > ${after} ORDER BY idprd LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.idprd));
}
