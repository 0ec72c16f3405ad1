import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  SHOWN_CART_EXPIRED_MESSAGE,
  SHOWN_CART_MINUTES,
  SHOWN_CART_NOT_FOUND_MESSAGE,
} from '../../api/shown-cart';
import { SHOWN_CART_SHORT_CODE_PATTERN, shownCartPath } from '../../domain/shown-cart-code';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import type { HandoffLine } from '../db/schema';
import { refuse } from './domain-error';
import { currentLines } from './handoffs';
import { sha256 } from './sessions';

// 'Mostrar ao vendedor': a phone's cart lines behind a code (96 random bits, kept as its SHA-256)
// that a paired tablet opens from a QR, re-priced and checked against its own store's stock.
// The code may be read again until it expires (a tablet on a flaky connection retries).

/**
 * A short code no live cart holds. The short code is for typing: a million of them, each alive
 * 15 minutes and read only by a paired tablet's credential, so it is kept as it is.
 */
async function freeShortCode(db: Db): Promise<string> {
  for (;;) {
    const curto = `C-${String(randomInt(1_000_000)).padStart(6, '0')}`;
    const [taken] = await queryRows<{ n: number }>(
      db,
      sql`SELECT 1 AS n FROM shown_carts WHERE short_code = ${curto} AND expires_at > now() LIMIT 1`,
    );
    if (!taken) return curto;
  }
}

export async function createShownCart(db: Db, lines: HandoffLine[]) {
  const codigo = randomBytes(12).toString('base64url');
  const expira = new Date(Date.now() + SHOWN_CART_MINUTES * 60_000);
  await db.execute(sql`DELETE FROM shown_carts WHERE expires_at < now() - interval '1 day'`);
  const curto = await freeShortCode(db);
  await db.execute(sql`INSERT INTO shown_carts (code_hash, short_code, lines, expires_at)
    VALUES (${sha256(codigo)}, ${curto}, ${JSON.stringify(lines)}::jsonb, ${expira.toISOString()})`);
  return { codigo, curto, caminho: shownCartPath(codigo), expira: expira.toISOString() };
}

export async function readShownCart(db: Db, codigo: string, storeId: number) {
  // A short code names the newest cart that had it (an older one, expired, may have had it too).
  const which = SHOWN_CART_SHORT_CODE_PATTERN.test(codigo)
    ? sql`short_code = ${codigo} ORDER BY expires_at DESC LIMIT 1`
    : sql`code_hash = ${sha256(codigo)}`;
  const [row] = await queryRows<{ lines: HandoffLine[]; live: boolean }>(
    db,
    sql`SELECT lines, expires_at > now() AS live FROM shown_carts WHERE ${which}`,
  );
  if (!row) throw refuse('not-found', SHOWN_CART_NOT_FOUND_MESSAGE);
  if (!row.live) throw refuse('gone', SHOWN_CART_EXPIRED_MESSAGE);
  return { produtos: await currentLines(db, row.lines, storeId) };
}
