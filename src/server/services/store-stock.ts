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
// from that store, not from the warehouse (services/orders/stock-reservation.ts: one reservation,
// the warehouse and a store its two sources).

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
