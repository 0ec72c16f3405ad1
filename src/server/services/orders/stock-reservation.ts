import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { refuse } from '../domain-error';
import { storeById } from '../tablets';
import type { PricedLine } from './quote';

// An order's units leave stock when it is placed and come back if it is cancelled (or a line is
// removed). One algorithm, two sources: a delivery takes them from the warehouse (`stock`, `lotes`),
// a pickup (shipping 103) from the chosen store (`store_stock`, `store_lote_stock`, store mode).

export interface ReservedLine extends PricedLine {
  loteId: number | null;
  loteLabel: string | null;
}

/** Where units are kept: its tables, as UPDATEs of `quantity` the algorithm finishes with its guard. */
interface StockSource {
  /** The product's lotes (id, code, shade) with what this source holds of each, fullest first. */
  lotesOf(idprd: number): SQL;
  /** The product's units here (one row, `quantity`), or none. */
  unitsOf(idprd: number): SQL;
  /** Adds `units` (negative: takes) to a lote here; ends in a WHERE the caller may extend. */
  addToLote(loteId: number, units: number): SQL;
  /** Adds `units` (negative: takes) to the product's units here; ends in a WHERE likewise. */
  addToUnits(idprd: number, units: number): SQL;
  /** The shopper's words when fewer than the line's quantity are left. */
  shortage(line: PricedLine, available: number): string;
}

const warehouse: StockSource = {
  lotesOf: (idprd) =>
    sql`SELECT id, code, shade, quantity FROM lotes WHERE idprd = ${idprd} ORDER BY quantity DESC, id`,
  unitsOf: (idprd) => sql`SELECT quantity FROM stock WHERE idprd = ${idprd}`,
  addToLote: (loteId, units) => sql`UPDATE lotes SET quantity = quantity + ${units} WHERE id = ${loteId}`,
  addToUnits: (idprd, units) =>
    sql`UPDATE stock SET quantity = quantity + ${units}, updated_at = now() WHERE idprd = ${idprd}`,
  shortage: (line, available) =>
    `Quantidade indisponível em estoque para ${line.name}. Disponível: ${available}`,
};

function storeSource(storeId: number): StockSource {
  const store = storeById(storeId);
  return {
    lotesOf: (idprd) =>
      sql`SELECT l.id, l.code, l.shade, COALESCE(sl.quantity, 0) AS quantity
          FROM lotes l LEFT JOIN store_lote_stock sl ON sl.lote_id = l.id AND sl.store_id = ${storeId}
          WHERE l.idprd = ${idprd} ORDER BY COALESCE(sl.quantity, 0) DESC, l.id`,
    unitsOf: (idprd) =>
      sql`SELECT quantity FROM store_stock WHERE store_id = ${storeId} AND idprd = ${idprd}`,
    addToLote: (loteId, units) =>
      sql`UPDATE store_lote_stock SET quantity = quantity + ${units} WHERE store_id = ${storeId} AND lote_id = ${loteId}`,
    addToUnits: (idprd, units) =>
      sql`UPDATE store_stock SET quantity = quantity + ${units}, updated_at = now()
          WHERE store_id = ${storeId} AND idprd = ${idprd}`,
    shortage: (line, available) =>
      `A ${store.name} não tem ${line.quantity} de ${line.name} para retirada. Disponível: ${available}`,
  };
}

/** The warehouse for a delivery, the chosen store for a pickup. */
const sourceOf = (pickupStore: number | null) =>
  pickupStore === null ? warehouse : storeSource(pickupStore);

/** Takes `units` out with one conditional UPDATE: only while that many are left, so never below zero. */
async function take(tx: Db, update: SQL, units: number): Promise<boolean> {
  const taken = await queryRows(tx, sql`${update} AND quantity >= ${units} RETURNING quantity`);
  return taken.length > 0;
}

/**
 * Takes the units of every line out of the source (and out of the line's lote), inside the caller's
 * transaction: each UPDATE only succeeds while enough is left, so two orders can never sell the
 * same last box. A product with lotes and no lote chosen gets the first lote that holds the whole
 * quantity (tiles of one order come from one shade). Rows are taken in product order, the same in
 * every transaction, so two orders of the same products never wait for each other in a circle.
 */
export async function reserveOrderStock(
  tx: Db,
  lines: readonly PricedLine[],
  pickupStore: number | null,
): Promise<ReservedLine[]> {
  const source = sourceOf(pickupStore);
  const short = (line: PricedLine, available: number) =>
    refuse('out-of-stock', source.shortage(line, available), { disponivel: available });
  const reserved: ReservedLine[] = new Array(lines.length);
  const order = lines.map((_, index) => index).sort((a, b) => lines[a].idprd - lines[b].idprd || a - b);
  for (const index of order) {
    const line = lines[index];
    const lotes = await queryRows<{ id: number; code: string; shade: string | null; quantity: number }>(
      tx,
      source.lotesOf(line.idprd),
    );
    let loteId: number | null = null;
    let loteLabel: string | null = null;
    if (lotes.length > 0) {
      const chosen =
        line.requestedLote !== null
          ? lotes.find((lote) => Number(lote.id) === line.requestedLote)
          : lotes.find((lote) => Number(lote.quantity) >= line.quantity);
      if (line.requestedLote !== null && !chosen) throw refuse('invalid', `Lote inválido para ${line.name}.`);
      const lote = chosen ?? lotes[0];
      if (!(await take(tx, source.addToLote(Number(lote.id), -line.quantity), line.quantity)))
        throw short(line, Number(lote.quantity));
      loteId = Number(lote.id);
      loteLabel = lote.shade ? `${lote.code} - ${lote.shade}` : lote.code;
    }
    if (!(await take(tx, source.addToUnits(line.idprd, -line.quantity), line.quantity))) {
      const [left] = await queryRows<{ quantity: number }>(tx, source.unitsOf(line.idprd));
      throw short(line, Number(left?.quantity ?? 0));
    }
    await tx.execute(
      sql`UPDATE products SET sales_count = sales_count + ${line.quantity} WHERE idprd = ${line.idprd}`,
    );
    reserved[index] = { ...line, loteId, loteLabel };
  }
  return reserved;
}

/**
 * Puts an order's units back where they came from (the pickup store's stock, or the warehouse's),
 * inside the caller's transaction with the order row locked: all its lines still in it, or the one
 * line `itemId`. A line already removed (its units already back) is not put back again.
 */
export async function releaseOrderStock(
  tx: Db,
  orderId: number,
  pickupStore: number | null,
  itemId?: number,
): Promise<void> {
  const source = sourceOf(pickupStore);
  const oneLine = itemId === undefined ? sql`` : sql`AND id = ${itemId}`;
  const items = await queryRows<{ idprd: number; lote_id: number | null; quantity: number }>(
    tx,
    sql`SELECT idprd, lote_id, quantity FROM order_items
        WHERE order_id = ${orderId} AND removed_at IS NULL ${oneLine} ORDER BY idprd, id`,
  );
  for (const item of items) {
    const quantity = Number(item.quantity);
    await tx.execute(source.addToUnits(Number(item.idprd), quantity));
    if (item.lote_id !== null) await tx.execute(source.addToLote(Number(item.lote_id), quantity));
    await tx.execute(
      sql`UPDATE products SET sales_count = greatest(sales_count - ${quantity}, 0) WHERE idprd = ${item.idprd}`,
    );
  }
}
