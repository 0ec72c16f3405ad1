import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailOperation, orderListOperation, ORDER_NOT_FOUND_MESSAGE } from '../../../src/api/orders';
import { placeOrderOperation } from '../../../src/api/place-order';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { buildPayload, makeProduct, newMov, placeOrder, rows, stockOf } from './checkout';
import { heldProvider } from './held-provider';

// The card is charged between two short transactions (reserve, then confirm or
// release), never while a stock row is locked; 0 duplicate orders and 0 lost units still hold.

const UNAVAILABLE = 'Não foi possível processar o pagamento agora. Tente novamente em instantes.';
const STILL_CHARGING =
  'O pagamento deste pedido ainda está em processamento. Aguarde alguns instantes e confira em Meus Pedidos.';

describe.each(databaseKinds)('card charges outside the stock transaction on %s', (kind) => {
  let t: TestApp;
  let acquirer: ReturnType<typeof heldProvider>;
  let buyer: TestCustomer;
  let other: TestCustomer;
  let third: TestCustomer;

  beforeAll(async () => {
    acquirer = heldProvider();
    // The worker runs when a test says so.
    t = await buildTestApp(kind, { CARD_WORK_SECONDS: '0' }, { cards: { wrapProvider: acquirer.wrap } });
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
    expect(acquirer.keysOf(String(reservation.id))).toHaveLength(1);
  });

  it('keeps the units while the answer of the provider is lost, reads it back, then releases them', async () => {
    const product = await makeProduct(t.database, { price: 7_500, stock: 4 });
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t, buyer, mov, {
      lines: [{ product, quantity: 3 }],
      tipo: 'credit',
    });
    // The connection drops before the provider saw the request: an unknown outcome, not a decline.
    const reached = acquirer.hold();
    const attempt = call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    await reached;
    expect(await stockOf(t.database, product.idprd)).toBe(1);
    acquirer.release('fail');
    const failed = await attempt;
    expect(failed.status).toBe(409);
    expect(failed.json.resposta).toBe(STILL_CHARGING);
    expect(await stockOf(t.database, product.idprd)).toBe(1);
    const [unknown] = await rows<{ status: string }>(
      t.database,
      sql`SELECT status FROM card_payments WHERE mov = ${mov}`,
    );
    expect(unknown.status).toBe('unknown');

    // The worker reads it back by the attempt's key: the provider never had it, so nothing was charged.
    await t.app.cards.work.runOnce();
    expect(await stockOf(t.database, product.idprd)).toBe(4);
    expect(await ordersOfMov(mov)).toHaveLength(0);

    // The same checkout may try again (its token was never used): a new attempt, a new key, one order.
    const retry = await call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    expect(retry.status, retry.raw).toBe(200);
    expect(retry.json.status).toBe('Pagamento Efetuado');
    expect(await stockOf(t.database, product.idprd)).toBe(1);
    const keys = await rows<{ idempotency_key: string }>(
      t.database,
      sql`SELECT idempotency_key FROM card_payments WHERE mov = ${mov}`,
    );
    expect(new Set(keys.map((row) => row.idempotency_key)).size).toBe(2);
  });

  it('makes the order when the provider approved but its answer was lost: found by the worker', async () => {
    const product = await makeProduct(t.database, { price: 5_000, stock: 2 });
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t, buyer, mov, {
      lines: [{ product, quantity: 1 }],
      tipo: 'credit',
    });
    const reached = acquirer.hold();
    const attempt = call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    await reached;
    acquirer.release('lost');
    expect((await attempt).status).toBe(409);
    await t.app.cards.work.runOnce();
    const [order] = await rows<{ status: string; card_last4: string }>(
      t.database,
      sql`SELECT status, card_last4 FROM orders WHERE mov = ${mov}`,
    );
    expect(order).toEqual({ status: 'Pagamento Efetuado', card_last4: '1111' });
    expect(await stockOf(t.database, product.idprd)).toBe(1);
    // The shopper's next look at the checkout gets that one order.
    const again = await call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    expect(again.status).toBe(200);
    expect(acquirer.authorized.filter((request) => request.reference === String(again.json.id))).toHaveLength(
      1,
    );
  });

  it('gives back the units of a charge whose process stopped, and refunds a late approval at the provider', async () => {
    const product = await makeProduct(t.database, { price: 4_000, stock: 2 });
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t, buyer, mov, {
      lines: [{ product, quantity: 2 }],
      tipo: 'credit',
    });
    const reached = acquirer.hold();
    const stuck = call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    await reached;
    expect(await stockOf(t.database, product.idprd)).toBe(0);

    // As if the server had been killed mid-charge three minutes ago: the next checkout reads the
    // attempt back (the provider has nothing under its key) and frees the units.
    await t.database.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '3 minutes' WHERE mov = ${mov}`,
    );
    await t.database.db.execute(
      sql`UPDATE card_payments SET created_at = now() - interval '3 minutes' WHERE mov = ${mov}`,
    );
    await newMov(t.app, other);
    expect(await stockOf(t.database, product.idprd)).toBe(2);
    expect(await ordersOfMov(mov)).toHaveLength(0);

    // The provider approves (and captures) after all: the order holds no units any more, so the
    // money is refunded at the provider, not kept.
    acquirer.release('answer');
    const late = await stuck;
    expect(late.status).toBe(402);
    expect(late.json.resposta).toBe(UNAVAILABLE);
    await t.app.cards.work.runOnce();
    const [payment] = await rows<{ status: string; provider_id: string; captured: number }>(
      t.database,
      sql`SELECT status, provider_id, captured::int AS captured FROM card_payments WHERE mov = ${mov}`,
    );
    expect(payment.status).toBe('refunded');
    expect(acquirer.refunded).toContainEqual({
      providerId: payment.provider_id,
      amountCentavos: payment.captured,
    });
    expect(t.app.cards.emulator!.core.get(payment.provider_id).status).toBe('refunded');
    expect(await ordersOfMov(mov)).toHaveLength(0);
    expect(await stockOf(t.database, product.idprd)).toBe(2);
  });

  it('charges once and makes one order from ten concurrent submissions of one card checkout', async () => {
    const product = await makeProduct(t.database, { price: 2_500, stock: 10 });
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t, buyer, mov, {
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
    expect(acquirer.keysOf(String(settled[0].json.id))).toHaveLength(1);
    expect(await ordersOfMov(mov)).toHaveLength(1);
    expect(await stockOf(t.database, product.idprd)).toBe(6);
  });

  it('loses no unit when ten concurrent submissions of one checkout are all declined', async () => {
    const product = await makeProduct(t.database, { price: 2_500, stock: 3 });
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t, buyer, mov, {
      lines: [{ product, quantity: 3 }],
      tipo: 'credit',
      card: { number: '4000 0000 0000 0002' },
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
