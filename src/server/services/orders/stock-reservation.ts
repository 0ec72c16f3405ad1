import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lotes, orderItems, products, stock } from '../../db/schema';
import { refuse } from '../domain-error';
import { releaseStoreStock, reserveStoreStock } from '../store-stock';
import type { PricedLine } from './quote';
import { queryRows } from '../../db/rows';

// An order's units leave stock when it is placed and come back if it is cancelled.

export interface ReservedLine extends PricedLine {
  loteId: number | null;
  loteLabel: string | null;
}

const shortStock = (name: string, available: number) =>
  `Quantidade indisponível em estoque para ${name}. Disponível: ${available}`;

/**
 * Takes the units of every line out of stock (and out of the line's lote), inside the caller's
 * transaction: each UPDATE only succeeds while enough is left, so two orders can never sell the
 * same last box. A product with lotes and no lote chosen gets the first lote that holds the whole
 * quantity (tiles of one order come from one shade). Rows are taken in product order, the same in
 * every transaction, so two orders of the same products never wait for each other in a circle.
 */
async function reserveStock(tx: Db, lines: readonly PricedLine[]): Promise<ReservedLine[]> {
  const reserved: ReservedLine[] = new Array(lines.length);
  const order = lines.map((_, index) => index).sort((a, b) => lines[a].idprd - lines[b].idprd || a - b);
  for (const index of order) {
    const line = lines[index];
    const productLotes = await tx
      .select({ id: lotes.id, code: lotes.code, shade: lotes.shade, quantity: lotes.quantity })
      .from(lotes)
      .where(eq(lotes.idprd, line.idprd))
      .orderBy(desc(lotes.quantity), asc(lotes.id));
    let loteId: number | null = null;
    let loteLabel: string | null = null;
    if (productLotes.length > 0) {
      const chosen =
        line.requestedLote !== null
          ? productLotes.find((lote) => lote.id === line.requestedLote)
          : productLotes.find((lote) => lote.quantity >= line.quantity);
      if (line.requestedLote !== null && !chosen) throw refuse('invalid', `Lote inválido para ${line.name}.`);
      const lote = chosen ?? productLotes[0];
      const taken = await queryRows(
        tx,
        sql`UPDATE lotes SET quantity = quantity - ${line.quantity} WHERE id = ${lote.id} AND quantity >= ${line.quantity} RETURNING id`,
      );
      if (taken.length === 0)
        throw refuse('out-of-stock', shortStock(line.name, lote.quantity), { disponivel: lote.quantity });
      loteId = lote.id;
      loteLabel = lote.shade ? `${lote.code} - ${lote.shade}` : lote.code;
    }
    const taken = await queryRows(
      tx,
      sql`UPDATE stock SET quantity = quantity - ${line.quantity}, updated_at = now() WHERE idprd = ${line.idprd} AND quantity >= ${line.quantity} RETURNING quantity`,
    );
    if (taken.length === 0) {
      const [left] = await tx
        .select({ quantity: stock.quantity })
        .from(stock)
        .where(eq(stock.idprd, line.idprd));
      const available = left?.quantity ?? 0;
      throw refuse('out-of-stock', shortStock(line.name, available), { disponivel: available });
    }
    await tx
      .update(products)
      .set({ salesCount: sql`${products.salesCount} + ${line.quantity}` })
      .where(eq(products.idprd, line.idprd));
    reserved[index] = { ...line, loteId, loteLabel };
  }
  return reserved;
}

/**
 * Puts the units of an order back, or of one of its lines (inside the caller's transaction, with
 * the order row locked). A line already removed (its units already back) is not put back again.
 */
async function releaseStock(tx: Db, orderId: number, itemId?: number): Promise<void> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        isNull(orderItems.removedAt),
        itemId === undefined ? undefined : eq(orderItems.id, itemId),
      ),
    )
    .orderBy(asc(orderItems.idprd), asc(orderItems.id));
  for (const item of items) {
    await tx
      .update(stock)
      .set({ quantity: sql`${stock.quantity} + ${item.quantity}`, updatedAt: new Date() })
      .where(eq(stock.idprd, item.idprd));
    if (item.loteId !== null)
      await tx
        .update(lotes)
        .set({ quantity: sql`${lotes.quantity} + ${item.quantity}` })
        .where(eq(lotes.id, item.loteId));
    await tx
      .update(products)
      .set({ salesCount: sql`greatest(${products.salesCount} - ${item.quantity}, 0)` })
      .where(eq(products.idprd, item.idprd));
  }
}

/**
 * An order's units: a pickup (shipping 103) takes them from the chosen store's stock (store mode),
 * a delivery from the warehouse's.
 */
export async function reserveOrderStock(
  tx: Db,
  lines: readonly PricedLine[],
  pickupStore: number | null,
): Promise<ReservedLine[]> {
  if (pickupStore === null) return reserveStock(tx, lines);
  return reserveStoreStock(tx, pickupStore, lines);
}

/**
 * Puts an order's units back where they came from (the pickup store's stock, or the warehouse's):
 * all its lines still in it, or the one line `itemId`.
 */
export async function releaseOrderStock(
  tx: Db,
  orderId: number,
  pickupStore: number | null,
  itemId?: number,
): Promise<void> {
  if (pickupStore === null) await releaseStock(tx, orderId, itemId);
  else await releaseStoreStock(tx, pickupStore, orderId, itemId);
}
