import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailOperation, orderListOperation, ORDER_NOT_FOUND_MESSAGE } from '../../../src/api/orders';
import { placeOrderOperation } from '../../../src/api/place-order';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { buildPayload, makeProduct, newMov, placeOrder, rows, stockOf } from './checkout';
import { heldGateway } from './held-gateway';

// The card is charged between two short transactions (reserve, then confirm or
// release), never while a stock row is locked; 0 duplicate orders and 0 lost units still hold.

const UNAVAILABLE = 'Não foi possível processar o pagamento agora. Tente novamente em instantes.';

describe.each(databaseKinds)('card charges outside the stock transaction on %s', (kind) => {
  let t: TestApp;
  let acquirer: ReturnType<typeof heldGateway>;
  let buyer: TestCustomer;
  let other: TestCustomer;
  let third: TestCustomer;

  beforeAll(async () => {
    acquirer = heldGateway();
    t = await buildTestApp(kind, {}, { cardGateway: acquirer.gateway });
    buyer = await signedInCustomer(t.app);
    other = await signedInCustomer(t.app);
    third = await signedInCustomer(t.app);
  });
  afterAll(() => t.close());

  const ordersOfMov = (mov: string) => rows(t.database, sql`SELECT id FROM orders WHERE mov = ${mov}`);

  it('sells the same product to someone else while a card is being charged, and holds the units meanwhile', async () => {
    const product = await makeProduct(t.database, { price: 10_000, stock: 5 });
    const reached = acquirer.hold();
    const slow = placeOrder(t.app, t.database, buyer, { lines: [{ product, quantity: 2 }], tipo: 'credit' });
    await reached;

    // The charge is in flight: its units are taken, and nobody waits for it.
    expect(await stockOf(t.database, product.idprd)).toBe(3);
    const meanwhile = await placeOrder(t.app, t.database, other, {
      lines: [{ product, quantity: 3 }],
      tipo: 'pix',
    });
    expect(meanwhile.response.status, meanwhile.response.raw).toBe(200);
    const tooMany = await placeOrder(t.app, t.database, third, {
      lines: [{ product, quantity: 1 }],
      tipo: 'pix',
    });
    expect(tooMany.response.status).toBe(406);
    expect(tooMany.response.json.resposta).toMatch(/Disponível: 0/);
    // Not an order yet for the shopper.
    const [reservation] = await rows<{ id: number }>(
      t.database,
      sql`SELECT id FROM orders WHERE customer_id = ${buyer.id} AND status = 'Processando pagamento'`,
    );
    const detail = await call(t.app, orderDetailOperation, {
      query: { id: reservation.id },
      cookie: buyer.cookie,
    });
    expect(detail.status).toBe(404);
    expect(detail.json.resposta).toBe(ORDER_NOT_FOUND_MESSAGE);
    const listed = await call(t.app, orderListOperation, { cookie: buyer.cookie });
    expect(listed.json.map((order) => order.id)).not.toContain(reservation.id);

    acquirer.release('answer');
    const paid = await slow;
    expect(paid.response.status, paid.response.raw).toBe(200);
    expect(paid.response.json).toMatchObject({ id: reservation.id, status: 'Pagamento Efetuado' });
    expect(await stockOf(t.database, product.idprd)).toBe(0);
    expect(acquirer.charged.filter((key) => key === paid.mov)).toHaveLength(1);
  });

  it('releases the units and voids the charge when the acquirer fails mid-charge; the checkout can retry', async () => {
    const product = await makeProduct(t.database, { price: 7_500, stock: 4 });
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t.database, buyer, mov, {
      lines: [{ product, quantity: 3 }],
      tipo: 'credit',
    });
    const reached = acquirer.hold();
    const attempt = call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    await reached;
    expect(await stockOf(t.database, product.idprd)).toBe(1);
    acquirer.release('fail');
    const failed = await attempt;
    expect(failed.status).toBe(402);
    expect(failed.json.resposta).toBe(UNAVAILABLE);
    expect(acquirer.voided).toContain(mov);
    expect(await stockOf(t.database, product.idprd)).toBe(4);
    expect(await ordersOfMov(mov)).toHaveLength(0);

    const retry = await call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    expect(retry.status, retry.raw).toBe(200);
    expect(retry.json.status).toBe('Pagamento Efetuado');
    expect(await stockOf(t.database, product.idprd)).toBe(1);
  });

  it('gives back the units of a charge whose process stopped, voids it, and refuses a late approval', async () => {
    const product = await makeProduct(t.database, { price: 4_000, stock: 2 });
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t.database, buyer, mov, {
      lines: [{ product, quantity: 2 }],
      tipo: 'credit',
    });
    const reached = acquirer.hold();
    const stuck = call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    await reached;
    expect(await stockOf(t.database, product.idprd)).toBe(0);

    // As if the server had been killed mid-charge three minutes ago: the next checkout frees it.
    await t.database.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '3 minutes' WHERE mov = ${mov}`,
    );
    await newMov(t.app, other);
    expect(await stockOf(t.database, product.idprd)).toBe(2);
    expect(await ordersOfMov(mov)).toHaveLength(0);
    expect(acquirer.voided).toContain(mov);

    // The acquirer approves after all: the order holds no units any more, so it is voided, not kept.
    const voidsBefore = acquirer.voided.filter((key) => key === mov).length;
    acquirer.release('answer');
    const late = await stuck;
    expect(late.status).toBe(402);
    expect(late.json.resposta).toBe(UNAVAILABLE);
    expect(acquirer.voided.filter((key) => key === mov).length).toBe(voidsBefore + 1);
    expect(await ordersOfMov(mov)).toHaveLength(0);
    expect(await stockOf(t.database, product.idprd)).toBe(2);
  });

  it('charges once and makes one order from ten concurrent submissions of one card checkout', async () => {
    const product = await makeProduct(t.database, { price: 2_500, stock: 10 });
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t.database, buyer, mov, {
      lines: [{ product, quantity: 4 }],
      tipo: 'credit',
    });
    const reached = acquirer.hold();
    const answers = Array.from({ length: 10 }, () =>
      call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie }),
    );
    await reached;
    acquirer.release('answer');
    const settled = await Promise.all(answers);
    expect(settled.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(settled.map((answer) => answer.json.id)).size).toBe(1);
    expect(acquirer.charged.filter((key) => key === mov)).toHaveLength(1);
    expect(await ordersOfMov(mov)).toHaveLength(1);
    expect(await stockOf(t.database, product.idprd)).toBe(6);
  });

  it('loses no unit when ten concurrent submissions of one checkout are all declined', async () => {
    const product = await makeProduct(t.database, { price: 2_500, stock: 3 });
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t.database, buyer, mov, {
      lines: [{ product, quantity: 3 }],
      tipo: 'credit',
      card: { cardNumber: '4000 0000 0000 0002' },
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([402]));
    expect(await ordersOfMov(mov)).toHaveLength(0);
    expect(await stockOf(t.database, product.idprd)).toBe(3);
    const [held] = await rows<{ n: number }>(
      t.database,
      sql`SELECT count(*)::int AS n FROM orders WHERE status = 'Processando pagamento'`,
    );
    expect(held.n).toBe(0);
  });
});
