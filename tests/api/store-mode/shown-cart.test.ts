import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readShownCartOperation,
  SHOWN_CART_EXPIRED_MESSAGE,
  SHOWN_CART_NOT_FOUND_MESSAGE,
  showCartOperation,
} from '../../../src/api/shown-cart';
import { HANDOFF_EMPTY_MESSAGE } from '../../../src/api/store-mode';
import { centavosToReais } from '../../../src/domain/money';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { makeProduct, rows, type TestProduct } from '../orders/checkout';
import { ADMIN_TOKEN, pairedTablet } from './tablet';

// 'Mostrar ao vendedor': the phone's cart as a code, opened by a paired tablet with today's prices
// and that store's stock.

describe.each(databaseKinds)("a shopper's cart shown to the seller on %s", (kind) => {
  let t: TestApp;
  let drill: TestProduct;
  let tile: TestProduct;
  let tablet: { cookie: string };

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
    drill = await makeProduct(t.database, { price: 19_990, stock: 40 });
    tile = await makeProduct(t.database, { price: 7_990, stock: 0, boxM2: 2, lotes: [20, 8] });
    tablet = await pairedTablet(t.app, 3);
    // Store 3 holds fewer drills than the warehouse.
    await t.database.db.execute(
      sql`UPDATE store_stock SET quantity = 2 WHERE store_id = 3 AND idprd = ${drill.idprd}`,
    );
  });
  afterAll(() => t.close());

  const show = (produtos: unknown) => call(t.app, showCartOperation, { body: { produtos } as never });
  const read = (codigo: string, cookie?: string) =>
    call(t.app, readShownCartOperation, { body: { codigo }, ...(cookie ? { cookie } : {}) });

  it('opens on a paired tablet only, re-priced and checked against that store', async () => {
    const [lote] = await rows<{ id: number }>(
      t.database,
      sql`SELECT id FROM lotes WHERE idprd = ${tile.idprd} ORDER BY id LIMIT 1`,
    );
    const shown = await show([
      { id: drill.idprd, quantity: 3 },
      { id: tile.idprd, quantity: 4, selectedLote: Number(lote.id) },
    ]);
    expect(shown.status, shown.raw).toBe(200);
    expect(shown.json.caminho).toBe(`/loja/carrinho/${shown.json.codigo}`);
    expect(shown.headers['cache-control']).toBe('no-store');

    // Not a tablet: refused.
    expect((await read(shown.json.codigo)).status).toBe(401);

    // The price changed since the shopper built the cart.
    await t.database.db.execute(sql`UPDATE products SET price_centavos = 18990 WHERE idprd = ${drill.idprd}`);
    const opened = await read(shown.json.codigo, tablet.cookie);
    expect(opened.status, opened.raw).toBe(200);
    const [drillLine, tileLine] = opened.json.produtos;
    expect(drillLine).toMatchObject({
      idprd: drill.idprd,
      quantity: 3,
      preco: centavosToReais(18_990),
      disponivel: 2,
    });
    expect(tileLine).toMatchObject({ idprd: tile.idprd, quantity: 4, disponivel: 20 });
    expect(tileLine.selectedLote?.idlote).toBe(Number(lote.id));
    // A flaky connection may ask again: the same lines.
    expect((await read(shown.json.codigo, tablet.cookie)).json.produtos).toHaveLength(2);
  });

  it('gives a short code a seller can type, which opens the same cart on a paired tablet only', async () => {
    const shown = await show([{ id: drill.idprd, quantity: 2 }]);
    expect(shown.status, shown.raw).toBe(200);
    expect(shown.json.curto).toMatch(/^C-\d{6}$/);
    expect((await read(shown.json.curto)).status).toBe(401);
    const opened = await read(shown.json.curto, tablet.cookie);
    expect(opened.status, opened.raw).toBe(200);
    expect(opened.json.produtos).toEqual([expect.objectContaining({ idprd: drill.idprd, quantity: 2 })]);
    // Expired with its cart.
    await t.database.db.execute(
      sql`UPDATE shown_carts SET expires_at = now() - interval '1 second' WHERE short_code = ${shown.json.curto}`,
    );
    const expired = await read(shown.json.curto, tablet.cookie);
    expect(expired.status).toBe(410);
    expect(expired.json.resposta).toBe(SHOWN_CART_EXPIRED_MESSAGE);
    const unknown = await read('C-000000', tablet.cookie);
    expect([404, 410]).toContain(unknown.status);
  });

  it('refuses an empty cart, an unknown code and an expired one in pt-BR', async () => {
    const empty = await show([]);
    expect(empty.status).toBe(400);
    expect(empty.json.resposta).toContain(HANDOFF_EMPTY_MESSAGE);
    const unknown = await read('a'.repeat(16), tablet.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.json.resposta).toBe(SHOWN_CART_NOT_FOUND_MESSAGE);
    const shown = await show([{ id: drill.idprd, quantity: 1 }]);
    await t.database.db.execute(sql`UPDATE shown_carts SET expires_at = now() - interval '1 minute'`);
    const expired = await read(shown.json.codigo, tablet.cookie);
    expect(expired.status).toBe(410);
    expect(expired.json.resposta).toBe(SHOWN_CART_EXPIRED_MESSAGE);
  });
});
