import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  SHOWN_CART_EXPIRED_MESSAGE,
  SHOWN_CART_MINUTES,
  SHOWN_CART_NOT_FOUND_MESSAGE,
  shownCartPath,
} from '../../api/shown-cart';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import type { HandoffLine } from '../db/schema';
import { refuse } from './domain-error';
import { currentLines } from './handoffs';
import { sha256 } from './sessions';

// 'Mostrar ao vendedor': a phone's cart lines behind a code (96 random bits, kept as its SHA-256)
// that a paired tablet opens from a QR, re-priced and checked against its own store's stock.
// The code may be read again until it expires (a tablet on a flaky connection retries).

export async function createShownCart(db: Db, lines: HandoffLine[]) {
  const codigo = randomBytes(12).toString('base64url');
  const expira = new Date(Date.now() + SHOWN_CART_MINUTES * 60_000);
  await db.execute(sql`DELETE FROM shown_carts WHERE expires_at < now() - interval '1 day'`);
  await db.execute(sql`INSERT INTO shown_carts (code_hash, lines, expires_at)
    VALUES (${sha256(codigo)}, ${JSON.stringify(lines)}::jsonb, ${expira.toISOString()})`);
  return { codigo, caminho: shownCartPath(codigo), expira: expira.toISOString() };
}

export async function readShownCart(db: Db, codigo: string, storeId: number) {
  const [row] = await queryRows<{ lines: HandoffLine[]; live: boolean }>(
    db,
    sql`SELECT lines, expires_at > now() AS live FROM shown_carts WHERE code_hash = ${sha256(codigo)}`,
  );
  if (!row) throw refuse('not-found', SHOWN_CART_NOT_FOUND_MESSAGE);
  if (!row.live) throw refuse('gone', SHOWN_CART_EXPIRED_MESSAGE);
  return { produtos: await currentLines(db, row.lines, storeId) };
}
