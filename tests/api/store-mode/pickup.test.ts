import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productDetailOperation,
  productListingOperation,
  suggestionsOperation,
} from '../../../src/api/catalogue';
import { freightByCepOperation } from '../../../src/api/freight';
import { gtinForProduct, isValidGtin13 } from '../../../src/domain/gtin';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { makeProduct, placeOrder, rows, stockOf, type TestProduct } from '../orders/checkout';
import { ADMIN_TOKEN, admin } from './tablet';

const CAMPINAS = '13012100';

describe.each(databaseKinds)('pickup by store and barcode lookup on %s', (kind) => {
  let t: TestApp;
  let customer: TestCustomer;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
    customer = await signedInCustomer(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Units per store 1..5 for a product of ours. */
  const holdIn = async (product: TestProduct, perStore: number[]) => {
    for (const [index, quantity] of perStore.entries())
      await t.database.db.execute(
        sql`INSERT INTO store_stock (store_id, idprd, quantity) VALUES (${index + 1}, ${product.idprd}, ${quantity})
            ON CONFLICT (store_id, idprd) DO UPDATE SET quantity = excluded.quantity`,
      );
  };
  const storeUnits = async (storeId: number, idprd: number) =>
    Number(
      (
        await rows<{ quantity: number }>(
          t.database,
          sql`SELECT quantity FROM store_stock WHERE store_id = ${storeId} AND idprd = ${idprd}`,
        )
      )[0].quantity,
    );
  const pickupOption = async (ids: { id: number; quantity: number }[]) => {
    const quote = await call(t.app, freightByCepOperation, { body: { cep: CAMPINAS, ids } });
    expect(quote.status, quote.raw).toBe(200);
    return quote.json.find((option) => option.id === 103);
  };

  it('offers pickup only at the stores that hold the whole cart, and not at all when none does', async () => {
    const sink = await makeProduct(t.database, { price: 20_000, stock: 50 });
    const tap = await makeProduct(t.database, { price: 9_000, stock: 50 });
    await holdIn(sink, [3, 0, 5, 1, 9]);
    await holdIn(tap, [2, 8, 0, 4, 9]);
    const both = await pickupOption([
      { id: sink.idprd, quantity: 2 },
      { id: tap.idprd, quantity: 2 },
    ]);
    expect(both?.lojas).toEqual([
      { id: 1, nome: 'Loja Centro' },
      { id: 5, nome: 'Loja Amoreiras' },
    ]);
    expect(await pickupOption([{ id: sink.idprd, quantity: 10 }])).toBeUndefined();
  });

  it('takes a pickup order from that store, not from the warehouse, and gives it back on cancel', async () => {
    const sink = await makeProduct(t.database, { price: 20_000, stock: 50 });
    await holdIn(sink, [0, 0, 0, 6, 0]);
    const placed = await placeOrder(t.app, t.database, customer, {
      lines: [{ product: sink, quantity: 2 }],
      tipo: 'pix',
      shippingId: 103,
      loja: 4,
    });
    expect(placed.response.status, placed.response.raw).toBe(200);
    expect(await storeUnits(4, sink.idprd)).toBe(4);
    expect(await stockOf(t.database, sink.idprd)).toBe(50);

    // Another shopper wants 5 there now: pickup is no longer offered for that.
    expect(await pickupOption([{ id: sink.idprd, quantity: 5 }])).toBeUndefined();

    const cancelled = await admin(t.app, 'POST', `/orders/${placed.response.json.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await storeUnits(4, sink.idprd)).toBe(6);
    expect(await stockOf(t.database, sink.idprd)).toBe(50);
  });

  it('refuses pickup at a store that lacks the cart', async () => {
    const sink = await makeProduct(t.database, { price: 20_000, stock: 50 });
    await holdIn(sink, [1, 0, 0, 6, 0]);
    const placed = await placeOrder(t.app, t.database, customer, {
      lines: [{ product: sink, quantity: 2 }],
      tipo: 'pix',
      shippingId: 103,
      loja: 1,
    });
    expect(placed.response.status).toBe(406);
    expect(placed.response.json.resposta).toBe(
      `A Loja Centro não tem 2 de ${sink.name} para retirada. Disponível: 1`,
    );
    expect(await storeUnits(1, sink.idprd)).toBe(1);
  });

  it('finds a product by its GTIN-13 or its reference in suggestions and search', async () => {
    const [seeded] = await rows<{ idprd: number; gtin: string }>(
      t.database,
      sql`SELECT idprd, gtin FROM products WHERE gtin IS NOT NULL ORDER BY idprd DESC LIMIT 1`,
    );
    expect(isValidGtin13(seeded.gtin)).toBe(true);
    const idprd = Number(seeded.idprd);
    // The database's check digit function and the domain's agree.
    expect(seeded.gtin).toBe(gtinForProduct(idprd));

    const byGtin = await call(t.app, suggestionsOperation, { query: { produto: seeded.gtin } });
    expect(byGtin.json.produtos).toEqual([expect.objectContaining({ idprd, gtin: seeded.gtin, RowId: 1 })]);
    const byReference = await call(t.app, suggestionsOperation, { query: { produto: String(idprd) } });
    expect(byReference.json.produtos[0]).toEqual(expect.objectContaining({ idprd }));

    const listing = await call(t.app, productListingOperation, { query: { produto: seeded.gtin } });
    expect(listing.json.total).toBe(1);
    expect(listing.json.produtos[0]).toEqual(expect.objectContaining({ idprd, gtin: seeded.gtin }));
    const detail = await call(t.app, productDetailOperation, { query: { codigo: idprd } });
    expect(detail.json.produtos[0].gtin).toBe(seeded.gtin);

    // A wrong check digit is not a code: it is searched as text and finds nothing.
    const wrong = `${seeded.gtin.slice(0, 12)}${(Number(seeded.gtin[12]) + 1) % 10}`;
    const none = await call(t.app, suggestionsOperation, { query: { produto: wrong } });
    expect(none.json.produtos).toEqual([]);
  });

  it('seeds stock in every store, tiles per lote', async () => {
    const [spread] = await rows<{ stores: number; products: number; empty: number; mismatched: number }>(
      t.database,
      sql`SELECT count(DISTINCT store_id)::int AS stores, count(DISTINCT idprd)::int AS products,
                 count(*) FILTER (WHERE quantity = 0)::int AS empty,
                 (SELECT count(*)::int FROM store_stock ss WHERE EXISTS (SELECT 1 FROM lotes l WHERE l.idprd = ss.idprd)
                    AND ss.quantity <> (SELECT COALESCE(sum(sl.quantity), 0) FROM store_lote_stock sl
                                        JOIN lotes l ON l.id = sl.lote_id
                                        WHERE l.idprd = ss.idprd AND sl.store_id = ss.store_id)) AS mismatched
          FROM store_stock`,
    );
    expect(spread.stores).toBe(5);
    expect(spread.products).toBeGreaterThan(100);
    expect(spread.empty).toBeGreaterThan(0);
    expect(spread.mismatched).toBe(0);
  });
});
