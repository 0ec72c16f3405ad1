import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailOperation, orderListOperation, CANCEL_REASONS } from '../../../src/api/orders';
import { pixPaymentOperation, pixCodeOperation, pixStatusOperation } from '../../../src/api/pix';
import { placeOrderOperation } from '../../../src/api/place-order';
import { deliveryForecast } from '../../../src/server/services/calendar';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { buildPayload, payAndNotify, makeProduct, newMov, pixOrder, placeOrder, stockOf } from './checkout';

// One order per checkout, and 'Meus Pedidos' tells a pending Pix from a paid order.

describe.each(databaseKinds)('one order per checkout on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const listOf = async (customer: TestCustomer) =>
    (await call(t.app, orderListOperation, { cookie: customer.cookie })).json;

  it('paying by card after generating a Pix leaves one order and frees the Pix order’s units at once', async () => {
    const buyer = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 12_000, stock: 3 });
    const pix = await pixOrder(t.app, t.database, buyer, [{ product, quantity: 2 }]);
    expect(await stockOf(t.database, product.idprd)).toBe(1);
    expect(await listOf(buyer)).toEqual([
      expect.objectContaining({ id: pix.id, status: 'Aguardando pagamento', deliveryDate: null }),
    ]);

    // Only one unit is left in stock: the card order goes through because the Pix order gives its two back.
    const card = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product, quantity: 2 }],
      tipo: 'credit',
    });
    expect(card.response.status, card.response.raw).toBe(200);
    expect(await stockOf(t.database, product.idprd)).toBe(1);

    const list = await listOf(buyer);
    expect(list.map((order) => order.id)).toEqual([card.response.json.id]);
    expect(list[0]).toMatchObject({ status: 'Pagamento Efetuado', paymentMethod: 'Cartão de Crédito' });
    // The old Pix can no longer be paid: not polled as waiting, no new code, a late payment is refused.
    expect(
      (await call(t.app, pixStatusOperation, { query: { idmov: pix.id }, cookie: buyer.cookie })).status,
    ).toBe(409);
    expect(
      (await call(t.app, pixPaymentOperation, { body: { idmov: pix.id }, cookie: buyer.cookie })).status,
    ).toBe(409);
    // Its code is removed at the provider: the payer's bank refuses it.
    await t.app.pix.work.kick();
    await expect(t.app.pix.emulator!.core.pay({ code: pix.pix.payload })).rejects.toThrow(/removida/);
  });

  it('lists no order for a Pix whose code was never shown, and frees its units after the code would have expired', async () => {
    const buyer = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 3_000, stock: 2 });
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product, quantity: 2 }],
      tipo: 'pix',
    });
    expect(placed.response.status).toBe(200);
    const id = placed.response.json.id;
    // APP_0063 failed (never answered): nothing in 'Meus Pedidos'.
    expect(await listOf(buyer)).toEqual([]);
    // APP_0063 answered but APP_0079 failed: still nothing.
    const payment = await call(t.app, pixPaymentOperation, { body: { idmov: id }, cookie: buyer.cookie });
    expect(payment.status).toBe(201);
    expect(await listOf(buyer)).toEqual([]);

    await t.database.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = ${id}`,
    );
    await t.database.db.execute(
      sql`UPDATE pix_charges SET expires_at = now() - interval '1 minute' WHERE order_id = ${id}`,
    );
    await newMov(t.app, await signedInCustomer(t.app));
    expect(await stockOf(t.database, product.idprd)).toBe(2);
    expect(await listOf(buyer)).toEqual([]);
  });

  it('lists a Pix order once its code was shown, with no forecast until it is paid', async () => {
    const buyer = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 5_000, stock: 5 });
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product, quantity: 1 }],
      tipo: 'pix',
    });
    const id = placed.response.json.id;
    const payment = await call(t.app, pixPaymentOperation, { body: { idmov: id }, cookie: buyer.cookie });
    const shown = await call(t.app, pixCodeOperation, {
      body: { idmov: id, PaymentId: payment.json.resposta },
      cookie: buyer.cookie,
    });
    expect(shown.status).toBe(200);
    const [pending] = await listOf(buyer);
    expect(pending).toMatchObject({
      id,
      status: 'Aguardando pagamento',
      deliveryDate: null,
      currentStepIndex: -1,
    });
    const detail = await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie });
    expect(detail.json.shipping.estimate).toBeNull();

    expect((await payAndNotify(t.app, shown.json.payload)).resultado).toBe('pago');
    const [listed] = await listOf(buyer);
    expect(listed).toMatchObject({ id, status: 'Pagamento Efetuado', currentStepIndex: 0 });
    expect(listed.deliveryDate).toBe(deliveryForecast({ id: 101, delivery_time: 2 }, new Date()));
  });

  it('shows an unpaid Pix order past its 24 hours as Cancelado with the reason, its units back', async () => {
    const buyer = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 8_000, stock: 4 });
    const order = await pixOrder(t.app, t.database, buyer, [{ product, quantity: 3 }]);
    await t.database.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = ${order.id}`,
    );
    await t.database.db.execute(
      sql`UPDATE pix_charges SET expires_at = now() - interval '1 hour' WHERE order_id = ${order.id}`,
    );
    // No checkout started since: opening 'Meus Pedidos' is enough.
    const [listed] = await listOf(buyer);
    expect(listed).toMatchObject({
      id: order.id,
      status: 'Cancelado',
      motivo: CANCEL_REASONS.expired,
      deliveryDate: null,
    });
    expect(await stockOf(t.database, product.idprd)).toBe(4);
    const detail = await call(t.app, orderDetailOperation, { query: { id: order.id }, cookie: buyer.cookie });
    expect(detail.json).toMatchObject({ status: 'Cancelado', motivo: CANCEL_REASONS.expired });
  });

  it('gives back the same pending Pix order when the same checkout is submitted again', async () => {
    const buyer = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 1_500, stock: 6 });
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t, buyer, mov, {
      lines: [{ product, quantity: 2 }],
      tipo: 'pix',
    });
    const first = await call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    const again = await call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    expect(again.json.id).toBe(first.json.id);
    expect(again.json.status).toBe('Aguardando pagamento');
    expect(await stockOf(t.database, product.idprd)).toBe(4);
  });
});
