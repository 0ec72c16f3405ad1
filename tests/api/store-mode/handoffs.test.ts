import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderOperation } from '../../../src/api/place-order';
import {
  receiveHandOffOperation,
  HANDOFF_EXPIRED_MESSAGE,
  HANDOFF_NOT_FOUND_MESSAGE,
  HANDOFF_USED_MESSAGE,
  handOffCartOperation,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '../../../src/api/store-mode';
import { signedInCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { buildPayload, makeProduct, newMov, rows } from '../orders/checkout';
import { ADMIN_TOKEN, admin, cookieOf, pairedTablet } from './tablet';

describe.each(databaseKinds)('cart hand-off on %s', (kind) => {
  let t: TestApp;
  let tablet: { cookie: string; id: number };

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
    tablet = await pairedTablet(t.app, 2);
  });
  afterAll(async () => {
    await t.close();
  });

  const handOff = async (produtos: { id: number; quantity: number; selectedLote?: number }[]) => {
    const created = await call(t.app, handOffCartOperation, { body: { produtos }, cookie: tablet.cookie });
    expect(created.status, created.raw).toBe(200);
    return created.json;
  };

  it("opens once on the phone with today's prices and stock, then says it was used", async () => {
    const tiles = await makeProduct(t.database, { price: 5_990, stock: 0, boxM2: 2.5, lotes: [7, 30] });
    const drill = await makeProduct(t.database, { price: 29_900, stock: 4 });
    const [lote] = await rows<{ id: number }>(
      t.database,
      sql`SELECT id FROM lotes WHERE idprd = ${tiles.idprd} ORDER BY id LIMIT 1`,
    );
    const created = await handOff([
      { id: tiles.idprd, quantity: 6, selectedLote: Number(lote.id) },
      { id: drill.idprd, quantity: 1 },
    ]);
    expect(created.codigo).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(created.caminho).toBe(`/carrinho/c/${created.codigo}`);
    expect(new Date(created.expira).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    // The price changes between the tablet and the phone: the phone gets today's.
    await admin(t.app, 'POST', `/products/${drill.idprd}/price`, { preco_centavos: 27_900 });
    const opened = await call(t.app, receiveHandOffOperation, { body: { codigo: created.codigo } });
    expect(opened.status, opened.raw).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.json.loja).toEqual({ id: 2, nome: 'Loja Taquaral' });
    expect(opened.json.produtos).toEqual([
      expect.objectContaining({
        idprd: tiles.idprd,
        quantity: 6,
        preco: 59.9,
        multiploprdvenda: 2.5,
        selectedLote: expect.objectContaining({ idlote: Number(lote.id), estoque: 7 }),
        disponivel: 7,
      }),
      expect.objectContaining({ idprd: drill.idprd, quantity: 1, preco: 279, disponivel: 4 }),
    ]);
    // Nothing personal was kept: the stored snapshot has products, quantities and lotes only.
    const [stored] = await rows<{ lines: unknown }>(t.database, sql`SELECT lines FROM cart_handoffs LIMIT 1`);
    expect(Object.keys((stored.lines as object[])[0]).sort()).toEqual(['idprd', 'loteId', 'quantity']);

    const again = await call(t.app, receiveHandOffOperation, { body: { codigo: created.codigo } });
    expect(again.status).toBe(410);
    expect(again.json.resposta).toBe(HANDOFF_USED_MESSAGE);
  });

  it('says an expired code expired, and an unknown or malformed one is not found', async () => {
    const drill = await makeProduct(t.database, { price: 1_000, stock: 4 });
    const created = await handOff([{ id: drill.idprd, quantity: 1 }]);
    await t.database.db.execute(
      sql`UPDATE cart_handoffs SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`,
    );
    const late = await call(t.app, receiveHandOffOperation, { body: { codigo: created.codigo } });
    expect(late.status).toBe(410);
    expect(late.json.resposta).toBe(HANDOFF_EXPIRED_MESSAGE);

    for (const codigo of [
      'AAAAAAAAAAAAAAAA',
      created.codigo.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      'x',
    ]) {
      const unknown = await call(t.app, receiveHandOffOperation, { body: { codigo } });
      expect([404, 400]).toContain(unknown.status);
      expect(unknown.json.resposta).toContain(HANDOFF_NOT_FOUND_MESSAGE);
    }
  });

  it('refuses an empty cart', async () => {
    const empty = await call(t.app, handOffCartOperation, { body: { produtos: [] }, cookie: tablet.cookie });
    expect(empty.status).toBe(400);
  });

  it('limits code lookups per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/datasnap/rest/TFireFlay/CARRINHO_REPASSE',
        payload: { codigo: `chute${String(attempt).padStart(11, '0')}` },
        remoteAddress: '10.20.30.40',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    const last = await t.app.inject({
      method: 'POST',
      url: '/datasnap/rest/TFireFlay/CARRINHO_REPASSE',
      payload: { codigo: 'AAAAAAAAAAAAAAAA' },
      remoteAddress: '10.20.30.40',
    });
    expect(last.json().resposta).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it('credits the handing store with the order the phone places, and the tablet with its own', async () => {
    const drill = await makeProduct(t.database, { price: 10_000, stock: 10 });
    const created = await handOff([{ id: drill.idprd, quantity: 1 }]);
    const opened = await call(t.app, receiveHandOffOperation, { body: { codigo: created.codigo } });
    const handed = cookieOf(opened.headers, 'repasse');

    const phone = await signedInCustomer(t.app);
    const phoneMov = await newMov(t.app, phone);
    const fromPhone = await buildPayload(t, phone, phoneMov, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'credit',
    });
    const phoneOrder = await call(t.app, placeOrderOperation, {
      body: fromPhone.payload,
      cookie: `${phone.cookie}; ${handed}`,
    });
    expect(phoneOrder.status, phoneOrder.raw).toBe(200);

    const atCounter = await signedInCustomer(t.app);
    const counterMov = await newMov(t.app, atCounter);
    const fromTablet = await buildPayload(t, atCounter, counterMov, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'credit',
    });
    const tabletOrder = await call(t.app, placeOrderOperation, {
      body: fromTablet.payload,
      cookie: `${atCounter.cookie}; ${tablet.cookie}`,
    });
    expect(tabletOrder.status, tabletOrder.raw).toBe(200);

    const recorded = await rows<{
      id: number;
      sale_store_id: number;
      sale_tablet_id: number | null;
      sale_channel: string;
    }>(
      t.database,
      sql`SELECT id, sale_store_id, sale_tablet_id, sale_channel FROM orders
          WHERE id IN (${phoneOrder.json.id}, ${tabletOrder.json.id}) ORDER BY id`,
    );
    expect(recorded.map((row) => ({ ...row, id: Number(row.id) }))).toEqual([
      { id: phoneOrder.json.id, sale_store_id: 2, sale_tablet_id: null, sale_channel: 'repasse' },
      { id: tabletOrder.json.id, sale_store_id: 2, sale_tablet_id: tablet.id, sale_channel: 'tablet' },
    ]);

    const day = await admin(t.app, 'GET', '/sales/day?loja=2');
    expect(day.status).toBe(200);
    const listed = day.json.pedidos as { id: number; status: string }[];
    const ids = listed.map((order) => order.id);
    expect(ids).toEqual(expect.arrayContaining([phoneOrder.json.id, tabletOrder.json.id]));
    // Both were paid by card: sales (only paid orders count, issue 36 item 7).
    const paid = listed.filter(
      (order) => order.status !== 'Aguardando pagamento' && order.status !== 'Cancelado',
    );
    expect(paid.map((order) => order.id)).toEqual(
      expect.arrayContaining([phoneOrder.json.id, tabletOrder.json.id]),
    );
    expect(day.json.lojas).toEqual([
      { id: 2, nome: 'Loja Taquaral', pedidos: paid.length, total: expect.any(Number) },
    ]);
    expect((await admin(t.app, 'GET', '/sales/day?loja=9')).status).toBe(400);
  });
});
