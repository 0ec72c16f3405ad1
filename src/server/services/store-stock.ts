import { sql } from 'drizzle-orm';
import { storesHoldingCart, type PickupLine, type StoreHolding } from '../../domain/store-stock';
import { PHYSICAL_STORES } from '../../domain/store';
import { SHIPPING_PICKUP as PICKUP_SHIPPING_ID } from '../../domain/shipping';
import type { Db } from '../db/client';
import { refuse } from './domain-error';
import { storeById } from './tablets';
import { queryRows } from '../db/rows';

// Stock per store (store mode). The online warehouse stays in `stock` and `lotes`; each
// physical store holds `store_stock` (and `store_lote_stock` for tiles). Pickup (shipping 103)
// offers only the stores that hold the whole cart, and an order taken for pickup takes its units
// from that store, not from the warehouse.

/** What each store holds of these products, with lotes where the product has them. */
export async function holdingsFor(db: Db, idprds: readonly number[]): Promise<StoreHolding[]> {
  const ids = [...new Set(idprds)].filter((id) => Number.isInteger(id) && id > 0);
  if (ids.length === 0) return [];
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const totals = await queryRows<{ store_id: number; idprd: number; quantity: number }>(
    db,
    sql`SELECT store_id, idprd, quantity FROM store_stock WHERE idprd IN (${idList})`,
  );
  const loteRows = await queryRows<{ store_id: number; idprd: number; lote_id: number; quantity: number }>(
    db,
    sql`SELECT sl.store_id, l.idprd, sl.lote_id, sl.quantity
        FROM store_lote_stock sl JOIN lotes l ON l.id = sl.lote_id WHERE l.idprd IN (${idList})`,
  );
  return totals.map((row) => {
    const lotes = new Map(
      loteRows
        .filter(
          (lote) =>
            Number(lote.store_id) === Number(row.store_id) && Number(lote.idprd) === Number(row.idprd),
        )
        .map((lote) => [Number(lote.lote_id), Number(lote.quantity)] as const),
    );
    return {
      storeId: Number(row.store_id),
      idprd: Number(row.idprd),
      quantity: Number(row.quantity),
      lotes: lotes.size ? lotes : undefined,
    };
  });
}

/** The stores that can hand over every line for pickup. */
export async function pickupStoresFor(db: Db, lines: readonly PickupLine[]): Promise<number[]> {
  return storesHoldingCart(
    await holdingsFor(
      db,
      lines.map((line) => line.idprd),
    ),
    lines,
  );
}

/**
 * Pickup (103) is offered only when a store holds the whole cart, and names those stores in
 * `lojas`; with none, the option is left out, for every shopper.
 */
export async function withPickupStores<Option extends { id: number; lojas?: { id: number; nome: string }[] }>(
  db: Db,
  options: Option[],
  lines: readonly PickupLine[],
): Promise<Option[]> {
  if (!options.some((option) => option.id === PICKUP_SHIPPING_ID)) return options;
  const stores = await pickupStoresFor(db, lines);
  if (stores.length === 0) return options.filter((option) => option.id !== PICKUP_SHIPPING_ID);
  const lojas = stores.map((id) => ({ id, nome: storeById(id).name }));
  return options.map((option) => (option.id === PICKUP_SHIPPING_ID ? { ...option, lojas } : option));
}

/** LOJA_ESTOQUE: one product's stock per store (the tablet's first) and in the warehouse. */
export async function productStoreStock(db: Db, idprd: number, ownStoreId: number) {
  const [product] = await queryRows<{ box_m2: string | null; sales_unit: string; online: number | null }>(
    db,
    sql`SELECT p.box_m2, p.sales_unit, st.quantity AS online
        FROM products p LEFT JOIN stock st ON st.idprd = p.idprd WHERE p.idprd = ${idprd} AND p.active`,
  );
  if (!product) throw refuse('not-found', 'Produto não encontrado.');
  const holdings = await holdingsFor(db, [idprd]);
  const loteNames = new Map(
    (
      await queryRows<{ id: number; code: string; shade: string }>(
        db,
        sql`SELECT id, code, shade FROM lotes WHERE idprd = ${idprd} ORDER BY id`,
      )
    ).map((lote) => [
      Number(lote.id),
      lote.shade ? `Lote ${lote.code} - ${lote.shade}` : `Lote ${lote.code}`,
    ]),
  );
  const ordered = [
    ...PHYSICAL_STORES.filter((store) => store.id === ownStoreId),
    ...PHYSICAL_STORES.filter((store) => store.id !== ownStoreId),
  ];
  return {
    idprd,
    multiploprdvenda: product.box_m2 === null ? null : Number(product.box_m2),
    codundvenda: product.sales_unit,
    lojas: ordered.map((store) => {
      const holding = holdings.find((candidate) => candidate.storeId === store.id);
      return {
        id: store.id,
        nome: store.name,
        estoque: holding?.quantity ?? 0,
        lotes: [...loteNames].map(([idlote, lote]) => ({
          idlote,
          lote,
          estoque: holding?.lotes?.get(idlote) ?? 0,
        })),
      };
    }),
    online: Number(product.online ?? 0),
    atualizado: new Date().toISOString(),
  };
}

/** LOJA_ESTOQUE_CATALOGO: every active product's units per store, in store order. */
export async function catalogueStoreStock(db: Db) {
  const rows = await queryRows<{ idprd: number; quantities: number[] | string }>(
    db,
    sql`SELECT p.idprd,
               ARRAY(SELECT COALESCE(ss.quantity, 0) FROM generate_series(1, ${PHYSICAL_STORES.length}::int) AS s
                     LEFT JOIN store_stock ss ON ss.store_id = s AND ss.idprd = p.idprd ORDER BY s) AS quantities
        FROM products p WHERE p.active ORDER BY p.idprd`,
  );
  const estoque: Record<string, number[]> = {};
  for (const row of rows) {
    const list = Array.isArray(row.quantities)
      ? row.quantities
      : String(row.quantities).replace(/[{}]/g, '').split(',');
    estoque[String(row.idprd)] = list.map(Number);
  }
  return {
    atualizado: new Date().toISOString(),
    lojas: PHYSICAL_STORES.map((store) => ({ id: store.id, nome: store.name })),
    estoque,
  };
}

/** The parts of an order line that reserving needs (services/orders/quote.ts PricedLine has them). */
interface ReservableLine {
  idprd: number;
  name: string;
  quantity: number;
  requestedLote: number | null;
}

type Reserved<Line> = Line & { loteId: number | null; loteLabel: string | null };

/**
 * Takes a pickup order's units out of the chosen store, inside the caller's transaction; each
 * UPDATE only succeeds while enough is left (two orders never take the same last box). A product
 * with lotes and none chosen takes the store's first lote that holds the whole quantity. Rows are
 * taken in product order, as the warehouse's are (services/orders/stock-reservation.ts).
 */
export async function reserveStoreStock<Line extends ReservableLine>(
  tx: Db,
  storeId: number,
  lines: readonly Line[],
): Promise<Reserved<Line>[]> {
  const store = storeById(storeId);
  const short = (line: ReservableLine, available: number) =>
    refuse(
      'out-of-stock',
      `A ${store.name} não tem ${line.quantity} de ${line.name} para retirada. Disponível: ${available}`,
      { disponivel: available },
    );
  const reserved: Reserved<Line>[] = new Array(lines.length);
  const order = lines.map((_, index) => index).sort((a, b) => lines[a].idprd - lines[b].idprd || a - b);
  for (const index of order) {
    const line = lines[index];
    let loteId: number | null = null;
    let loteLabel: string | null = null;
    const lotes = await queryRows<{ id: number; code: string; shade: string; quantity: number }>(
      tx,
      sql`SELECT l.id, l.code, l.shade, COALESCE(sl.quantity, 0) AS quantity
          FROM lotes l LEFT JOIN store_lote_stock sl ON sl.lote_id = l.id AND sl.store_id = ${storeId}
          WHERE l.idprd = ${line.idprd} ORDER BY COALESCE(sl.quantity, 0) DESC, l.id`,
    );
    if (lotes.length > 0) {
      const chosen =
        line.requestedLote !== null
          ? lotes.find((lote) => Number(lote.id) === line.requestedLote)
          : lotes.find((lote) => Number(lote.quantity) >= line.quantity);
      if (line.requestedLote !== null && !chosen) throw refuse('invalid', `Lote inválido para ${line.name}.`);
      const lote = chosen ?? lotes[0];
      const taken = await queryRows(
        tx,
        sql`UPDATE store_lote_stock SET quantity = quantity - ${line.quantity}
            WHERE store_id = ${storeId} AND lote_id = ${lote.id} AND quantity >= ${line.quantity} RETURNING lote_id`,
      );
      if (taken.length === 0) throw short(line, Number(lote.quantity));
      loteId = Number(lote.id);
      loteLabel = lote.shade ? `${lote.code} - ${lote.shade}` : lote.code;
    }
    const taken = await queryRows(
      tx,
      sql`UPDATE store_stock SET quantity = quantity - ${line.quantity}, updated_at = now()
          WHERE store_id = ${storeId} AND idprd = ${line.idprd} AND quantity >= ${line.quantity} RETURNING quantity`,
    );
    if (taken.length === 0) {
      const [left] = await queryRows<{ quantity: number }>(
        tx,
        sql`SELECT quantity FROM store_stock WHERE store_id = ${storeId} AND idprd = ${line.idprd}`,
      );
      throw short(line, Number(left?.quantity ?? 0));
    }
    await tx.execute(
      sql`UPDATE products SET sales_count = sales_count + ${line.quantity} WHERE idprd = ${line.idprd}`,
    );
    reserved[index] = { ...line, loteId, loteLabel };
  }
  return reserved;
}

/** Puts a cancelled pickup order's units back in its store (or one removed line's, `itemId`). */
export async function releaseStoreStock(
  tx: Db,
  storeId: number,
  orderId: number,
  itemId?: number,
): Promise<void> {
  const oneLine = itemId === undefined ? sql`` : sql`AND id = ${itemId}`;
  const items = await queryRows<{ idprd: number; lote_id: number | null; quantity: number }>(
    tx,
    sql`SELECT idprd, lote_id, quantity FROM order_items
        WHERE order_id = ${orderId} AND removed_at IS NULL ${oneLine}`,
  );
  for (const item of items) {
    await tx.execute(
      sql`UPDATE store_stock SET quantity = quantity + ${item.quantity}, updated_at = now()
          WHERE store_id = ${storeId} AND idprd = ${item.idprd}`,
    );
    if (item.lote_id !== null)
      await tx.execute(
        sql`UPDATE store_lote_stock SET quantity = quantity + ${item.quantity}
            WHERE store_id = ${storeId} AND lote_id = ${item.lote_id}`,
      );
    await tx.execute(
      sql`UPDATE products SET sales_count = greatest(sales_count - ${item.quantity}, 0) WHERE idprd = ${item.idprd}`,
    );
  }
}
