import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderOperation } from '../../../src/api/place-order';
import { handOffCartOperation, receiveHandOffOperation } from '../../../src/api/store-mode';
import { STAFF_MANAGER_ONLY_MESSAGE, storeDaySalesOperation } from '../../../src/api/store-staff';
import { signedInCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { buildPayload, makeProduct, newMov, rows, stockOf, type TestProduct } from '../orders/checkout';
import { ADMIN_TOKEN, admin, cookieOf, pairedTablet } from '../store-mode/tablet';
import { addStaff, signInStaff } from './staff';

describe.each(databaseKinds)('sales by seller on %s', (kind) => {
  let t: TestApp;
  let tablet: { cookie: string; id: number };

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
    tablet = await pairedTablet(t.app, 5);
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * A new shopper places an order of one `product` with these extra cookies: by card (paid at once,
   * a sale) unless told Pix (waiting for its payment, not a sale yet).
   */
  const order = async (product: TestProduct, cookies: string, tipo: 'credit' | 'pix' = 'credit') => {
    const shopper = await signedInCustomer(t.app);
    const mov = await newMov(t.app, shopper);
    const built = await buildPayload(t, shopper, mov, {
      lines: [{ product, quantity: 1 }],
      tipo,
    });
    const placed = await call(t.app, placeOrderOperation, {
      body: built.payload,
      cookie: `${shopper.cookie}; ${cookies}`,
    });
    expect(placed.status, placed.raw).toBe(200);
    return placed.json.id;
  };
  const sellerOf = async (id: number) =>
    (
      await rows<{ sale_staff_id: number | null }>(
        t.database,
        sql`SELECT sale_staff_id FROM orders WHERE id = ${id}`,
      )
    )[0].sale_staff_id;

  it('credits the seller signed in on the tablet, and the seller who handed the cart to the phone', async () => {
    const lamp = await makeProduct(t.database, { price: 5_000, stock: 20 });
    const ana = await addStaff(t.app, 5, 'vendedor', 'Ana Teste');
    const anaCookie = await signInStaff(t.app, tablet.cookie, ana);

    const atCounter = await order(lamp, `${tablet.cookie}; ${anaCookie}`);
    expect(Number(await sellerOf(atCounter))).toBe(ana.id);

    const handed = await call(t.app, handOffCartOperation, {
      body: { produtos: [{ id: lamp.idprd, quantity: 1 }] },
      cookie: `${tablet.cookie}; ${anaCookie}`,
    });
    expect(handed.status, handed.raw).toBe(200);
    const opened = await call(t.app, receiveHandOffOperation, { body: { codigo: handed.json.codigo } });
    const fromPhone = await order(lamp, cookieOf(opened.headers, 'repasse'));
    expect(Number(await sellerOf(fromPhone))).toBe(ana.id);

    // No seller signed in: the store is credited, no seller.
    const noSeller = await order(lamp, tablet.cookie);
    expect(await sellerOf(noSeller)).toBeNull();
    // A staff cookie without its tablet credits nobody.
    const stray = await order(lamp, anaCookie);
    expect(await sellerOf(stray)).toBeNull();

    const day = await admin(t.app, 'GET', `/sales/day?loja=5&vendedor=${ana.id}`);
    expect(day.status).toBe(200);
    expect((day.json.pedidos as { id: number }[]).map((row) => row.id).sort()).toEqual(
      [atCounter, fromPhone].sort(),
    );
    expect(day.json.vendedores).toEqual([
      { id: ana.id, nome: 'Ana Teste', pedidos: 2, total: expect.any(Number) },
    ]);
    const all = await admin(t.app, 'GET', '/sales/day?loja=5');
    expect(all.json.vendedores).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: ana.id, pedidos: 2 }),
        expect.objectContaining({ id: null, nome: 'Sem vendedor', pedidos: 1 }),
      ]),
    );
    expect((await admin(t.app, 'GET', '/sales/day?vendedor=abc')).status).toBe(400);
  });

  it('writes the seller credit with the order: when it cannot be written, no order and no units are taken', async () => {
    const tile = await makeProduct(t.database, { price: 4_000, stock: 20 });
    const davi = await addStaff(t.app, 5, 'vendedor', 'Davi Teste');
    const daviCookie = await signInStaff(t.app, tablet.cookie, davi);
    const shopper = await signedInCustomer(t.app);
    const mov = await newMov(t.app, shopper);
    const built = await buildPayload(t, shopper, mov, {
      lines: [{ product: tile, quantity: 3 }],
      tipo: 'pix',
    });
    const place = () =>
      call(t.app, placeOrderOperation, {
        body: built.payload,
        cookie: `${shopper.cookie}; ${tablet.cookie}; ${daviCookie}`,
      });
    // The database refuses any row that credits a seller, for as long as the test holds it.
    await t.database.db.execute(sql`CREATE FUNCTION refuse_seller_credit() RETURNS trigger AS $$
      BEGIN IF NEW.sale_staff_id IS NOT NULL THEN RAISE EXCEPTION 'seller credit refused'; END IF; RETURN NEW; END
      $$ LANGUAGE plpgsql`);
    await t.database.db.execute(sql`CREATE TRIGGER refuse_seller_credit BEFORE INSERT OR UPDATE ON orders
      FOR EACH ROW EXECUTE FUNCTION refuse_seller_credit()`);
    try {
      expect((await place()).status).toBe(500);
      expect(await rows(t.database, sql`SELECT id FROM orders WHERE mov = ${mov}`)).toEqual([]);
      expect(await stockOf(t.database, tile.idprd)).toBe(20);
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER refuse_seller_credit ON orders`);
      await t.database.db.execute(sql`DROP FUNCTION refuse_seller_credit()`);
    }
    // The same checkout, sent again, is placed once, with its seller.
    const placed = await place();
    expect(placed.status, placed.raw).toBe(200);
    expect(Number(await sellerOf(placed.json.id))).toBe(davi.id);
    expect(await stockOf(t.database, tile.idprd)).toBe(17);
  });

  it('adds up only paid orders: a Pix still waiting for its payment is listed, not counted', async () => {
    const saw = await makeProduct(t.database, { price: 7_000, stock: 20 });
    const caio = await addStaff(t.app, 5, 'vendedor', 'Caio Teste');
    const caioCookie = await signInStaff(t.app, tablet.cookie, caio);
    const paid = await order(saw, `${tablet.cookie}; ${caioCookie}`);
    const waiting = await order(saw, `${tablet.cookie}; ${caioCookie}`, 'pix');
    const [paidRow] = await rows<{ total: number }>(
      t.database,
      sql`SELECT total FROM orders WHERE id = ${paid}`,
    );

    const day = await admin(t.app, 'GET', `/sales/day?loja=5&vendedor=${caio.id}`);
    expect(day.status).toBe(200);
    const listed = day.json.pedidos as { id: number; status: string }[];
    expect(listed.map((row) => [row.id, row.status])).toEqual([
      [paid, 'Pagamento Efetuado'],
      [waiting, 'Aguardando pagamento'],
    ]);
    expect(day.json.vendedores).toEqual([
      { id: caio.id, nome: 'Caio Teste', pedidos: 1, total: Number(paidRow.total) / 100 },
    ]);
    expect(day.json.lojas).toEqual([
      expect.objectContaining({ id: 5, pedidos: 1, total: Number(paidRow.total) / 100 }),
    ]);
  });

  it("shows the store's day with totals per seller to the manager only", async () => {
    const drill = await makeProduct(t.database, { price: 12_345, stock: 20 });
    const bia = await addStaff(t.app, 5, 'vendedor', 'Bia Teste');
    const biaCookie = await signInStaff(t.app, tablet.cookie, bia);
    const sold = await order(drill, `${tablet.cookie}; ${biaCookie}`);

    const refused = await call(t.app, storeDaySalesOperation, { cookie: `${tablet.cookie}; ${biaCookie}` });
    expect(refused.status).toBe(403);
    expect(refused.json.resposta).toBe(STAFF_MANAGER_ONLY_MESSAGE);

    const gerente = await addStaff(t.app, 5, 'gerente', 'Gil Gerente');
    const gilCookie = await signInStaff(t.app, tablet.cookie, gerente);
    const day = await call(t.app, storeDaySalesOperation, { cookie: `${tablet.cookie}; ${gilCookie}` });
    expect(day.status, day.raw).toBe(200);
    expect(day.headers['cache-control']).toBe('no-store');
    expect(day.json.pedidos.find((row) => row.id === sold)).toMatchObject({
      vendedor: 'Bia Teste',
      canal: 'tablet',
    });
    const biaTotal = day.json.vendedores.find((seller) => seller.id === bia.id);
    expect(biaTotal?.pedidos).toBe(1);
    // Other stores' sales are not in this store's day.
    const otherTablet = await pairedTablet(t.app, 1);
    const otherManager = await addStaff(t.app, 1, 'gerente');
    const otherCookie = await signInStaff(t.app, otherTablet.cookie, otherManager);
    const other = await call(t.app, storeDaySalesOperation, {
      cookie: `${otherTablet.cookie}; ${otherCookie}`,
    });
    expect(other.json.pedidos.map((row) => row.id)).not.toContain(sold);
  });
});
