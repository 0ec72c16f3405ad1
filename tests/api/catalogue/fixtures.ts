import { sql, type SQL } from 'drizzle-orm';
import type { TestApp } from '../helpers';

/** Reads the seeded catalogue directly, so tests pick real products instead of hard-coded ids. */
export async function rows<T>(t: TestApp, query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function oneProduct(t: TestApp, where: SQL = sql`true`) {
  const [row] = await rows<{ idprd: number; descricao: string; image_count: number; quantity: number }>(
    t,
    sql`SELECT p.idprd, p.descricao, p.image_count, s.quantity FROM products p JOIN stock s USING (idprd)
        WHERE ${where} ORDER BY p.idprd LIMIT 1`,
  );
  if (!row) throw new Error('no seeded product matches');
  return {
    ...row,
    idprd: Number(row.idprd),
    image_count: Number(row.image_count),
    quantity: Number(row.quantity),
  };
}
