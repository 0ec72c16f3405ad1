import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  HANDOFF_EXPIRED_MESSAGE,
  HANDOFF_HOURS,
  HANDOFF_NOT_FOUND_MESSAGE,
  HANDOFF_USED_MESSAGE,
  handoffPath,
  type HandoffProduct,
} from '../../api/store-mode';
import { centavosToReais } from '../../domain/money';
import type { Db } from '../db/client';
import { cartHandoffs, type HandoffLine } from '../db/schema';
import { refuse } from './domain-error';
import { sha256 } from './sessions';
import { storeById, type PairedTablet } from './tablets';
import { queryRows } from '../db/rows';

// Cart hand-off from a tablet to the shopper's phone. The code is 96 random bits in base64url,
// kept only as its SHA-256, so neither guessing nor reading the table gives a usable code.

/** Set on the phone that opened a hand-off: its order records the store that handed the cart. */
export const HANDOFF_COOKIE = 'repasse';

export async function createHandoff(db: Db, tablet: PairedTablet, lines: HandoffLine[]) {
  const codigo = randomBytes(12).toString('base64url');
  const expira = new Date(Date.now() + HANDOFF_HOURS * 3_600_000);
  // Old codes go when new ones are made, so the table holds about a day of hand-offs.
  await db.delete(cartHandoffs).where(sql`${cartHandoffs.expiresAt} < now() - interval '7 days'`);
  await db.insert(cartHandoffs).values({
    codeHash: sha256(codigo),
    storeId: tablet.store.id,
    tabletId: tablet.tabletId,
    lines,
    expiresAt: expira,
  });
  return { codigo, caminho: handoffPath(codigo), expira: expira.toISOString() };
}

interface ProductRow {
  idprd: number;
  descricao: string;
  price_centavos: number;
  box_m2: string | null;
  sales_unit: string;
  online: number | null;
}

/** Stored lines (a customer's cart, a list: lote 0 for none) as `currentLines` reads them. */
export const storedLines = (
  rows: readonly { idprd: number | string; quantity: number | string; lote_id: number | string }[],
): HandoffLine[] =>
  rows.map((row) => ({
    idprd: Number(row.idprd),
    quantity: Number(row.quantity),
    loteId: Number(row.lote_id) || null,
  }));

/**
 * The lines with today's prices and stock, as a cart takes them: the online warehouse's (a phone),
 * or a store's when `storeId` is given (a tablet opening a shopper's shown cart).
 */
export async function currentLines(
  db: Db,
  lines: HandoffLine[],
  storeId?: number,
): Promise<HandoffProduct[]> {
  const ids = [...new Set(lines.map((line) => line.idprd))];
  if (ids.length === 0) return [];
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const products = await queryRows<ProductRow>(
    db,
    storeId
      ? sql`SELECT p.idprd, p.descricao, p.price_centavos, p.box_m2, p.sales_unit, st.quantity AS online
          FROM products p LEFT JOIN store_stock st ON st.idprd = p.idprd AND st.store_id = ${storeId}
          WHERE p.active AND p.idprd IN (${idList})`
      : sql`SELECT p.idprd, p.descricao, p.price_centavos, p.box_m2, p.sales_unit, st.quantity AS online
          FROM products p LEFT JOIN stock st ON st.idprd = p.idprd WHERE p.active AND p.idprd IN (${idList})`,
  );
  const lotes = await queryRows<{ id: number; idprd: number; code: string; shade: string; quantity: number }>(
    db,
    storeId
      ? sql`SELECT l.id, l.idprd, l.code, l.shade, coalesce(sl.quantity, 0) AS quantity FROM lotes l
          LEFT JOIN store_lote_stock sl ON sl.lote_id = l.id AND sl.store_id = ${storeId}
          WHERE l.idprd IN (${idList}) ORDER BY l.id`
      : sql`SELECT id, idprd, code, shade, quantity FROM lotes WHERE idprd IN (${idList}) ORDER BY id`,
  );
  const wire = (lote: (typeof lotes)[number]) => ({
    idlote: Number(lote.id),
    idprd: Number(lote.idprd),
    lote: lote.shade ? `Lote ${lote.code} - ${lote.shade}` : `Lote ${lote.code}`,
    estoque: Number(lote.quantity),
  });
  // A product withdrawn since the hand-off is left out, as any cart would lose it.
  return lines.flatMap((line) => {
    const product = products.find((row) => Number(row.idprd) === line.idprd);
    if (!product) return [];
    const productLotes = lotes.filter((lote) => Number(lote.idprd) === line.idprd).map(wire);
    const selected = productLotes.find((lote) => lote.idlote === line.loteId) ?? null;
    return [
      {
        idprd: line.idprd,
        descricao: product.descricao,
        preco: centavosToReais(Number(product.price_centavos)),
        multiploprdvenda: product.box_m2 === null ? null : Number(product.box_m2),
        codundvenda: product.sales_unit,
        quantity: line.quantity,
        selectedLote: selected,
        lotes: productLotes,
        disponivel: selected ? selected.estoque : Number(product.online ?? 0),
      },
    ];
  });
}

/** Spends a hand-off code: its lines now, and the cookie that credits the store with the sale. */
export async function openHandoff(db: Db, codigo: string, reply: FastifyReply, secureCookie: boolean) {
  reply.header('cache-control', 'no-store');
  const codeHash = sha256(codigo);
  const [spent] = await db
    .update(cartHandoffs)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(cartHandoffs.codeHash, codeHash),
        isNull(cartHandoffs.usedAt),
        sql`${cartHandoffs.expiresAt} > now()`,
      ),
    )
    .returning();
  if (!spent) {
    const [known] = await db.select().from(cartHandoffs).where(eq(cartHandoffs.codeHash, codeHash)).limit(1);
    if (!known) throw refuse('not-found', HANDOFF_NOT_FOUND_MESSAGE);
    throw refuse('gone', known.usedAt ? HANDOFF_USED_MESSAGE : HANDOFF_EXPIRED_MESSAGE);
  }
  reply.setCookie(HANDOFF_COOKIE, codigo, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie,
    maxAge: HANDOFF_HOURS * 3600,
  });
  const store = storeById(spent.storeId);
  return { loja: { id: store.id, nome: store.name }, produtos: await currentLines(db, spent.lines) };
}

/** The store (and seller) that handed this browser its cart in the last HANDOFF_HOURS, from the cookie. */
export async function handoffStoreOf(
  db: Db,
  request: FastifyRequest,
): Promise<{ storeId: number; staffId: number | null } | null> {
  const codigo = request.cookies?.[HANDOFF_COOKIE];
  if (!codigo || codigo.length > 100) return null;
  const [row] = await queryRows<{ store_id: number; staff_id: number | null }>(
    db,
    sql`SELECT store_id, staff_id FROM cart_handoffs WHERE code_hash = ${sha256(codigo)}
        AND used_at > now() - make_interval(hours => ${HANDOFF_HOURS}) LIMIT 1`,
  );
  return row
    ? { storeId: Number(row.store_id), staffId: row.staff_id === null ? null : Number(row.staff_id) }
    : null;
}

/** Credits the seller signed in on the tablet with a hand-off just made. */
export async function creditHandoff(db: Db, codigo: string, staffId: number): Promise<void> {
  await db.execute(sql`UPDATE cart_handoffs SET staff_id = ${staffId} WHERE code_hash = ${sha256(codigo)}`);
}
