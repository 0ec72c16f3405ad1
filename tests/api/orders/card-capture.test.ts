import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailOperation } from '../../../src/api/orders';
import { TEST_CARDS } from '../../../src/server/card-emulator/test-cards';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { ADMIN_TOKEN, makeProduct, placeOrder, rows, type TestProduct } from './checkout';
import { heldProvider } from './held-provider';

// CARD_CAPTURE=invoice: an approved card is only authorized; staff invoicing the order
// (`npm run store -- order:invoice`) captures it through the provider port, once, under the
// capture's own key. Cancelling before the invoice cancels the authorization; after it, refunds.

const VISA = TEST_CARDS.find((card) => card.name === 'aprovado (Visa)')!.number;

describe.each(databaseKinds)('capture when the order is invoiced on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let product: TestProduct;
  let provider: ReturnType<typeof heldProvider>;

  beforeAll(async () => {
    provider = heldProvider();
    t = await buildTestApp(
      kind,
      { ADMIN_TOKEN, CARD_WORK_SECONDS: '0', CARD_CAPTURE: 'invoice' },
      { cards: { wrapProvider: provider.wrap } },
    );
    buyer = await signedInCustomer(t.app);
    product = await makeProduct(t.database, { price: 31_482, stock: 1_000 });
  });
  afterAll(() => t.close());

  const admin = (id: number, action: 'invoice' | 'cancel' | 'advance') =>
    t.app.inject({
      method: 'POST',
      url: `/admin/orders/${id}/${action}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: {},
    });
  const attemptOf = async (id: number) => {
    const [attempt] = await rows<{ id: number; status: string; provider_id: string; captured: number }>(
      t.database,
      sql`SELECT id, status, provider_id, captured::int AS captured FROM card_payments
          WHERE order_id = ${id} ORDER BY id DESC LIMIT 1`,
    );
    return attempt;
  };
  const capturesOf = (attemptId: number) =>
    rows<{ status: string; amount: number }>(
      t.database,
      sql`SELECT status, amount::int AS amount FROM card_captures WHERE card_payment_id = ${attemptId}`,
    );
  const atProvider = (providerId: string) => t.app.cards.emulator!.core.get(providerId);

  async function paidOrder(installments = 8) {
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product, quantity: 1 }],
      tipo: 'credit',
      card: { number: VISA },
      installments,
    });
    expect(placed.response.status, placed.response.raw).toBe(200);
    expect(placed.response.json.status).toBe('Pagamento Efetuado');
    return placed.response.json.id;
  }

  it('keeps an approved card authorized, and captures it once when the order is invoiced twice', async () => {
    const id = await paidOrder();
    const attempt = await attemptOf(id);
    expect(attempt.status).toBe('authorized');
    expect(atProvider(attempt.provider_id)).toMatchObject({ status: 'authorized', capturedCentavos: 0 });

    const first = await admin(id, 'invoice');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'Pedido Faturado', currentStepIndex: 1 });
    const second = await admin(id, 'invoice');
    expect(second.json()).toMatchObject({ status: 'Pedido Faturado', currentStepIndex: 1 });
    await t.app.cards.work.runOnce();

    // 8x of R$ 314,82 at 1.99% a.m.: R$ 343,68, captured once.
    expect(provider.captured.filter((capture) => capture.providerId === attempt.provider_id)).toEqual([
      expect.objectContaining({ amountCentavos: 34_368 }),
    ]);
    expect(await capturesOf(attempt.id)).toEqual([{ status: 'done', amount: 34_368 }]);
    expect(await attemptOf(id)).toMatchObject({ status: 'captured', captured: 34_368 });
    expect(atProvider(attempt.provider_id)).toMatchObject({ status: 'captured', capturedCentavos: 34_368 });
  });

  it('captures too when staff advance the order into Pedido Faturado', async () => {
    const id = await paidOrder(1);
    expect((await admin(id, 'advance')).json()).toMatchObject({ status: 'Pedido Faturado' });
    await t.app.cards.work.runOnce();
    expect(await attemptOf(id)).toMatchObject({ status: 'captured', captured: 31_482 });
  });

  it('reads back a capture whose answer was lost, and never captures it twice', async () => {
    const id = await paidOrder(1);
    const attempt = await attemptOf(id);
    provider.loseNextCapture();
    expect((await admin(id, 'invoice')).statusCode).toBe(200);
    // The provider captured it, the store does not know yet: still owed, tried once.
    expect(atProvider(attempt.provider_id).status).toBe('captured');
    expect(await capturesOf(attempt.id)).toEqual([{ status: 'pending', amount: 31_482 }]);
    // Meanwhile a cancellation is refused, never silent: the money may be captured.
    const refused = await admin(id, 'cancel');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().resposta).toBe(
      'A captura do pagamento deste pedido está em andamento. Tente de novo em instantes.',
    );
    await t.app.cards.work.runOnce();
    expect(await capturesOf(attempt.id)).toEqual([{ status: 'done', amount: 31_482 }]);
    expect(await attemptOf(id)).toMatchObject({ status: 'captured' });
    expect(provider.captured.filter((capture) => capture.providerId === attempt.provider_id)).toHaveLength(1);
  });

  it('cancels the authorization of an order cancelled before it was invoiced', async () => {
    const id = await paidOrder();
    const attempt = await attemptOf(id);
    expect((await admin(id, 'cancel')).statusCode).toBe(200);
    await t.app.cards.work.runOnce();
    expect(provider.cancelled).toContain(attempt.provider_id);
    expect(provider.captured.map((capture) => capture.providerId)).not.toContain(attempt.provider_id);
    expect(atProvider(attempt.provider_id)).toMatchObject({ status: 'cancelled', capturedCentavos: 0 });
    expect((await attemptOf(id)).status).toBe('cancelled');
    const detail = await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie });
    expect(detail.json.devolucoes).toEqual([
      expect.objectContaining({
        valor: 343.68,
        status: 'devolvido',
        cartao: { descricao: 'Visa final 1111', como: 'cancelamento', parcelas: 8 },
      }),
    ]);
  });

  it('refuses to remove a line while the card is only authorized, changing nothing', async () => {
    const other = await makeProduct(t.database, { price: 5_000, stock: 10 });
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [
        { product, quantity: 1 },
        { product: other, quantity: 1 },
      ],
      tipo: 'credit',
      card: { number: VISA },
    });
    const id = placed.response.json.id;
    const removed = await t.app.inject({
      method: 'POST',
      url: `/admin/orders/${id}/lines/${other.idprd}/remove`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: {},
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().resposta).toBe(
      'O pagamento no cartão deste pedido ainda não foi capturado: fature o pedido (order:invoice) antes de retirar um item.',
    );
    const detail = await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie });
    expect(detail.json.items).toHaveLength(2);
    expect(detail.json.devolucoes ?? []).toEqual([]);
  });

  it('refunds, every instalment, an order cancelled after it was invoiced', async () => {
    const id = await paidOrder();
    const attempt = await attemptOf(id);
    await admin(id, 'invoice');
    expect((await admin(id, 'cancel')).statusCode).toBe(200);
    await t.app.cards.work.runOnce();
    expect(provider.refunded.filter((refund) => refund.providerId === attempt.provider_id)).toEqual([
      { providerId: attempt.provider_id, amountCentavos: 34_368 },
    ]);
    expect(atProvider(attempt.provider_id)).toMatchObject({ status: 'refunded', refundedCentavos: 34_368 });
    const detail = await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie });
    expect(detail.json.devolucoes).toEqual([
      expect.objectContaining({
        valor: 343.68,
        status: 'devolvido',
        cartao: { descricao: 'Visa final 1111', como: 'estorno', parcelas: 8 },
      }),
    ]);
  });
});
