import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderDetailOperation, orderListOperation } from '../../../src/api/orders';
import { pixCodeOperation, pixPaymentOperation, pixStatusOperation } from '../../../src/api/pix';
import { refundNotice } from '../../../src/domain/pix-refund';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { ADMIN_TOKEN, makeProduct, placeOrder, pixOrder, rows, type TestProduct } from './checkout';

// Pix as a provider runs it, end to end against the bundled emulator: this app listens on a port,
// registers its webhook there, and the emulator calls it like a PSP (or, steered by the test,
// loses, repeats, batches or delays the calls, and fails or answers late).

describe.each(databaseKinds)('Pix through the provider on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let product: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN, PIX_TIMEOUT_MS: '1500', PIX_RECONCILE_SECONDS: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    buyer = await signedInCustomer(t.app);
    product = await makeProduct(t.database, { price: 12_000, stock: 500 });
  });
  afterAll(() => t.close());

  const emulator = () => t.app.pix.emulator!.core;
  const statusOf = async (orderId: number) =>
    (await rows<{ status: string }>(t.database, sql`SELECT status FROM orders WHERE id = ${orderId}`))[0]
      .status;
  const eventsOf = async (orderId: number) =>
    (
      await rows<{ kind: string }>(
        t.database,
        sql`SELECT kind FROM order_events WHERE order_id = ${orderId} ORDER BY id`,
      )
    ).map((row) => row.kind);
  const refundsOf = (orderId: number) =>
    rows<{ status: string; reason: string; amount: number }>(
      t.database,
      sql`SELECT status, reason, amount FROM pix_refunds WHERE order_id = ${orderId}`,
    );
  const poll = (orderId: number) =>
    call(t.app, pixStatusOperation, { query: { idmov: orderId }, cookie: buyer.cookie });
  async function staffCancel(orderId: number) {
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/admin/orders/${orderId}/cancel`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: {},
    });
    expect(cancelled.json()).toMatchObject({ status: 'Cancelado' });
  }
  const newOrder = () => pixOrder(t.app, t.database, buyer, [{ product, quantity: 1 }]);
  /** The refund went through at the provider and the shopper's order page says so. */
  async function expectRefunded(orderId: number, reason: string) {
    await vi.waitFor(
      async () => {
        await t.app.pix.work.kick();
        expect(await refundsOf(orderId)).toEqual([expect.objectContaining({ status: 'DEVOLVIDO', reason })]);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect((await eventsOf(orderId)).filter((kind) => kind.startsWith('refund'))).toEqual([
      'refund_started',
      'refunded',
    ]);
    const detail = await call(t.app, orderDetailOperation, { query: { id: orderId }, cookie: buyer.cookie });
    expect(detail.json.devolucoes).toEqual([
      expect.objectContaining({ motivo: reason, status: 'devolvido' }),
    ]);
    expect(refundNotice(detail.json.devolucoes![0])).toMatch(/Valor devolvido em \d{2}\/\d{2}\.$/);
  }

  it('pays an order when the provider calls the webhook', async () => {
    const order = await newOrder();
    await emulator().pay({ code: order.pix.payload });
    await vi.waitFor(async () => expect(await statusOf(order.id)).toBe('Pagamento Efetuado'), {
      timeout: 5000,
    });
    expect((await poll(order.id)).status).toBe(200);
    expect(await eventsOf(order.id)).toEqual(['placed', 'paid']);
  });

  it('pays an order whose webhook call was lost, when the shopper polls', async () => {
    const order = await newOrder();
    emulator().faults.dropWebhooks = 1;
    await emulator().pay({ code: order.pix.payload });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOf(order.id)).toBe('Aguardando pagamento');
    // 10 s after the last look at the provider, the next poll reads the charge back.
    await t.database.db.execute(sql`UPDATE pix_charges SET checked_at = now() - interval '11 seconds'`);
    expect((await poll(order.id)).status).toBe(200);
    expect(await eventsOf(order.id)).toEqual(['placed', 'paid']);
  });

  it('pays each order once when the same payments come three times, in batches', async () => {
    const first = await newOrder();
    const second = await newOrder();
    // One checkout leaves one order: the first was superseded. Two buyers instead.
    const other = await signedInCustomer(t.app);
    const third = await pixOrder(t.app, t.database, other, [{ product, quantity: 1 }]);
    emulator().faults.holdWebhooks = true;
    await emulator().pay({ code: second.pix.payload });
    await emulator().pay({ code: third.pix.payload });
    emulator().faults.holdWebhooks = false;
    await emulator().flushWebhooks(); // one call with both
    await vi.waitFor(async () => expect(await statusOf(third.id)).toBe('Pagamento Efetuado'), {
      timeout: 5000,
    });
    // The same batch again, twice, as a provider retrying would send it.
    const batch = await rows<{ end_to_end_id: string }>(
      t.database,
      sql`SELECT end_to_end_id FROM pix_received WHERE order_id IN (${second.id}, ${third.id})`,
    );
    for (let time = 0; time < 2; time += 1) {
      const again = await t.app.inject({
        method: 'POST',
        url: '/webhooks/pix',
        payload: { pix: batch.map((row) => ({ endToEndId: row.end_to_end_id })) },
      });
      expect(again.json().resultados.map((result: { resultado: string }) => result.resultado)).toEqual([
        'repetido',
        'repetido',
      ]);
    }
    expect(await statusOf(second.id)).toBe('Pagamento Efetuado');
    expect(await eventsOf(second.id)).toEqual(['placed', 'paid']);
    expect(await eventsOf(third.id)).toEqual(['placed', 'paid']);
    expect(await statusOf(first.id)).toBe('Cancelado');
  });

  it('refunds, once, a payment of a superseded order whose code could not be removed in time', async () => {
    const first = await newOrder();
    emulator().faults.failNext('PATCH /cob', 3);
    const second = await newOrder(); // the same shopper places again: the first order is superseded
    await t.app.pix.work.kick(); // its removal fails (the provider answers 503)
    expect(await statusOf(first.id)).toBe('Cancelado');
    emulator().faults.repeatWebhooks = 2;
    await emulator().pay({ code: first.pix.payload });
    emulator().faults.repeatWebhooks = 0;
    await expectRefunded(first.id, 'cancelado');
    // The superseded order is listed again, with the refund and the order that replaced it.
    const list = await call(t.app, orderListOperation, { query: { id: buyer.id }, cookie: buyer.cookie });
    const listed = list.json.find((item) => item.id === first.id);
    expect(listed).toMatchObject({
      status: 'Cancelado',
      substituidoPor: second.id,
      devolucoes: [expect.objectContaining({ motivo: 'cancelado', status: 'devolvido' })],
    });
    expect(list.json.find((item) => item.id === second.id)).toMatchObject({
      substituidoPor: null,
      devolucoes: [],
    });
  });

  it('refunds a payment that arrived before staff cancelled the order, found when its code is removed', async () => {
    const order = await newOrder();
    emulator().faults.dropWebhooks = 1;
    await emulator().pay({ code: order.pix.payload });
    await staffCancel(order.id);
    await expectRefunded(order.id, 'cancelado');
  });

  it('gives the money back when staff cancel an order already paid by Pix', async () => {
    const order = await newOrder();
    await emulator().pay({ code: order.pix.payload });
    await vi.waitFor(async () => expect(await statusOf(order.id)).toBe('Pagamento Efetuado'), {
      timeout: 5000,
    });
    await staffCancel(order.id);
    await expectRefunded(order.id, 'cancelado');
  });

  it('refunds a payment found after the order was cancelled for expiry', async () => {
    const order = await newOrder();
    emulator().faults.dropWebhooks = 1;
    await emulator().pay({ code: order.pix.payload });
    await t.database.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = ${order.id}`,
    );
    await t.database.db.execute(
      sql`UPDATE pix_charges SET expires_at = now() - interval '1 hour' WHERE order_id = ${order.id}`,
    );
    // Opening 'Meus Pedidos' cancels the overdue order; its code's removal finds it paid.
    await call(t.app, orderListOperation, { query: { id: buyer.id }, cookie: buyer.cookie });
    expect(await statusOf(order.id)).toBe('Cancelado');
    await expectRefunded(order.id, 'cancelado');
  });

  it('refunds a payment of another amount and lets the shopper pay with a new code', async () => {
    const order = await newOrder();
    await emulator().pay({ code: order.pix.txid!, amountCentavos: 100 });
    await expectRefunded(order.id, 'valor-divergente');
    expect(await statusOf(order.id)).toBe('Aguardando pagamento');
    expect((await poll(order.id)).status).toBe(410);
    const renewed = await call(t.app, pixPaymentOperation, {
      body: { idmov: order.id },
      cookie: buyer.cookie,
    });
    expect(renewed.status).toBe(201);
  });

  it('refunds a second payment of a paid order', async () => {
    const order = await newOrder();
    // The first code expires here, and a new one replaces it; removing the first fails.
    await t.database.db.execute(sql`UPDATE pix_charges SET expires_at = now() WHERE id = ${order.paymentId}`);
    emulator().faults.failNext('PATCH /cob', 3);
    const renewed = await call(t.app, pixPaymentOperation, {
      body: { idmov: order.id },
      cookie: buyer.cookie,
    });
    const code = await call(t.app, pixCodeOperation, {
      body: { PaymentId: renewed.json.resposta },
      cookie: buyer.cookie,
    });
    await emulator().pay({ code: code.json.payload });
    await vi.waitFor(async () => expect(await statusOf(order.id)).toBe('Pagamento Efetuado'), {
      timeout: 5000,
    });
    await emulator().pay({ code: order.pix.payload }); // the old code, still live at the provider
    await expectRefunded(order.id, 'duplicado');
    expect(await statusOf(order.id)).toBe('Pagamento Efetuado');
  });

  it('keeps the order and opens one charge when the provider fails or answers too late', async () => {
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product, quantity: 2 }],
      tipo: 'pix',
    });
    const id = placed.response.json.id;
    const open = () => call(t.app, pixPaymentOperation, { body: { idmov: id }, cookie: buyer.cookie });
    emulator().faults.failNext('PUT /cob');
    const failed = await open();
    expect(failed.status).toBe(503);
    expect(failed.json.resposta).toBe('Não foi possível gerar o PIX agora. Tente novamente em instantes.');
    expect(await statusOf(id)).toBe('Aguardando pagamento');
    // Created at the provider, but the answer comes after the client gave up (PIX_TIMEOUT_MS).
    emulator().faults.answerLate('PUT /cob', 2500);
    expect((await open()).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 2600));
    const retried = await open();
    expect(retried.status).toBe(201);
    const charges = await rows<{ n: number }>(
      t.database,
      sql`SELECT count(*)::int AS n FROM pix_emulator_cobs WHERE body->>'solicitacaoPagador' = ${`Pedido ${id} - Casa & Obra`}`,
    );
    expect(charges[0].n).toBe(1);
    const code = await call(t.app, pixCodeOperation, {
      body: { PaymentId: retried.json.resposta },
      cookie: buyer.cookie,
    });
    expect(code.status).toBe(200);
    await emulator().pay({ code: code.json.payload });
    await vi.waitFor(async () => expect(await statusOf(id)).toBe('Pagamento Efetuado'), { timeout: 5000 });
  });

  it('has the bank refuse a code removed because its order was superseded', async () => {
    const first = await newOrder();
    await newOrder();
    await t.app.pix.work.kick();
    expect((await t.app.pix.provider.getCharge(first.pix.txid!))?.status).toBe(
      'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    );
    await expect(emulator().pay({ code: first.pix.payload })).rejects.toThrow(
      'Esta cobrança foi removida pelo recebedor.',
    );
  });

  it('reconciles: finds a payment whose every call was lost, and reports a Pix of no order of ours', async () => {
    const order = await newOrder();
    emulator().faults.dropWebhooks = 2;
    await emulator().pay({ code: order.pix.payload });
    const foreign = 'ForeignTxid000000000000000000001';
    await t.app.pix.provider.createCharge(foreign, {
      calendario: { expiracao: 600 },
      valor: { original: '7.00' },
      chave: t.app.config.PIX_KEY,
    });
    await emulator().pay({ code: foreign });
    const report = await t.app.inject({
      method: 'POST',
      url: '/admin/pix/reconcile',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: {},
    });
    expect(report.json()).toMatchObject({ pagos: 1, desconhecidos: 1 });
    expect(await statusOf(order.id)).toBe('Pagamento Efetuado');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/admin/pix/refunds',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(listed.json().semPedido).toEqual([expect.objectContaining({ txid: foreign, valorCentavos: 700 })]);
    expect(t.logLines.join('')).toContain('pix received for no order of ours');
  });

  it('never writes the client secret or a token to the log', async () => {
    const log = t.logLines.join('');
    expect(log).not.toContain(t.app.pix.emulator!.core.options.credentials.clientSecret);
    expect(log).not.toMatch(/Bearer [\w.-]{10,}/);
  });
});
