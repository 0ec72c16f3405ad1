import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailOperation } from '../../../src/api/orders';
import { placeOrderOperation } from '../../../src/api/place-order';
import { signNotification } from '../../../src/server/card-emulator/signature';
import { TEST_CARDS } from '../../../src/server/card-emulator/test-cards';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { ADMIN_TOKEN, buildPayload, makeProduct, newMov, rows, stockOf, type TestProduct } from './checkout';
import { heldProvider } from './held-provider';

// Every named test card of the card emulator, through the store's checkout (APP_0050), on both
// databases; then the notifications and the refunds. The emulator is the provider: its state is read
// through its own API, as a provider's dashboard would show it.

const numberOf = (name: string) => TEST_CARDS.find((card) => card.name === name)!.number;
const UNAVAILABLE = 'Não foi possível processar o pagamento agora. Tente novamente em instantes.';
const STILL_CHARGING =
  'O pagamento deste pedido ainda está em processamento. Aguarde alguns instantes e confira em Meus Pedidos.';

describe.each(databaseKinds)('card payments through the provider port on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let product: TestProduct;
  let provider: ReturnType<typeof heldProvider>;
  /** Aborting it ends the provider calls in flight, as the store's timeout would. */
  let calls = new AbortController();

  beforeAll(async () => {
    provider = heldProvider();
    t = await buildTestApp(
      kind,
      { ADMIN_TOKEN, CARD_WORK_SECONDS: '0' },
      // The 'sem resposta' card never answers: the test ends the call when the provider has the
      // payment, as the store's timeout (CARD_TIMEOUT_MS) would, at a moment it chooses.
      { cards: { abortSignal: () => calls.signal, wrapProvider: provider.wrap } },
    );
    buyer = await signedInCustomer(t.app);
    product = await makeProduct(t.database, { price: 31_482, stock: 1_000 });
  });
  afterAll(() => t.close());

  async function pay(card: string, options: { mov?: string; installments?: number } = {}) {
    const mov = options.mov ?? (await newMov(t.app, buyer));
    const { payload } = await buildPayload(t, buyer, mov, {
      lines: [{ product, quantity: 1 }],
      tipo: 'credit',
      card: { number: card },
      installments: options.installments,
    });
    const response = await call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    return { mov, payload, response };
  }
  const again = (placed: Awaited<ReturnType<typeof pay>>) =>
    call(t.app, placeOrderOperation, { body: placed.payload, cookie: buyer.cookie });
  const attemptsOf = (mov: string) =>
    rows<{ status: string; idempotency_key: string; provider_id: string | null; refusal: string | null }>(
      t.database,
      sql`SELECT status, idempotency_key, provider_id, refusal FROM card_payments WHERE mov = ${mov} ORDER BY id`,
    );
  const ordersOf = (mov: string) =>
    rows<{ id: number; status: string }>(t.database, sql`SELECT id, status FROM orders WHERE mov = ${mov}`);
  const emulator = () => t.app.cards.emulator!;

  it.each([
    ['aprovado (Visa)', 'Visa', '1111'],
    ['aprovado (Mastercard)', 'Mastercard', '4444'],
  ])('pays with the %s card and records the attempt', async (name, brand, last4) => {
    const placed = await pay(numberOf(name), { installments: 8 });
    expect(placed.response.status, placed.response.raw).toBe(200);
    expect(placed.response.json.status).toBe('Pagamento Efetuado');
    const [attempt] = await attemptsOf(placed.mov);
    expect(attempt.status).toBe('captured');
    const atProvider = emulator().core.get(attempt.provider_id!);
    // 8x of R$ 314,82 at 1.99% a.m.: R$ 42,96 each, R$ 343,68 charged.
    expect(atProvider).toMatchObject({
      status: 'captured',
      amountCentavos: 34_368,
      installments: 8,
      brand,
      last4,
    });
    const detail = await call(t.app, orderDetailOperation, {
      query: { id: placed.response.json.id },
      cookie: buyer.cookie,
    });
    expect(detail.json.payment).toMatchObject({ brand, last4, installments: 8, amount: 343.68 });
  });

  it.each([
    ['recusado pelo emissor', 'Pagamento recusado pelo banco emissor. Use outro cartão ou pague com PIX.'],
    [
      'saldo ou limite insuficiente',
      'Pagamento recusado: saldo ou limite insuficiente. Use outro cartão ou pague com PIX.',
    ],
    ['CVV incorreto', 'Pagamento recusado: código de segurança (CVV) incorreto.'],
    ['cartão vencido', 'Pagamento recusado: cartão vencido.'],
    ['erro de processamento', UNAVAILABLE],
  ])(
    'declines the %s card with its reason, keeps no order and gives the units back',
    async (name, reason) => {
      const before = await stockOf(t.database, product.idprd);
      const placed = await pay(numberOf(name));
      expect(placed.response.status).toBe(402);
      expect(placed.response.json.resposta).toBe(reason);
      expect(await ordersOf(placed.mov)).toHaveLength(0);
      expect(await stockOf(t.database, product.idprd)).toBe(before);
      expect((await attemptsOf(placed.mov)).map((row) => row.status)).toEqual(['refused']);
    },
  );

  it('opens the issuer challenge, then pays once it is passed', async () => {
    const placed = await pay(numberOf('autenticação 3-D Secure, depois aprovado'));
    expect(placed.response.status).toBe(402);
    const challenge = (placed.response.json as unknown as { desafio: string }).desafio;
    expect(challenge).toMatch(new RegExp(`^${emulator().url}/3ds/pay_`));
    // While the shopper is on the issuer's page the units stay held and no order is shown.
    const [held] = await ordersOf(placed.mov);
    expect(held.status).toBe('Processando pagamento');
    // The issuer's page, as the shopper's browser posts it from the provider's origin.
    const answer = await fetch(`${emulator().apiUrl}${new URL(challenge).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '1234' }),
    });
    expect(answer.status).toBe(200);
    const paid = await again(placed);
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.json).toMatchObject({ id: held.id, status: 'Pagamento Efetuado' });
    expect(await attemptsOf(placed.mov)).toHaveLength(1);
  });

  it('declines a failed challenge and releases the units; another card is a new attempt with a new key', async () => {
    const before = await stockOf(t.database, product.idprd);
    const placed = await pay(numberOf('autenticação 3-D Secure que falha'));
    const challenge = (placed.response.json as unknown as { desafio: string }).desafio;
    await fetch(`${emulator().apiUrl}${new URL(challenge).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '1234' }),
    });
    const declined = await again(placed);
    expect(declined.status).toBe(402);
    expect(declined.json.resposta).toMatch(/autenticação com o seu banco não foi concluída/);
    expect(await stockOf(t.database, product.idprd)).toBe(before);

    const retry = await pay(numberOf('aprovado (Visa)'), { mov: placed.mov });
    expect(retry.response.status, retry.response.raw).toBe(200);
    const attempts = await attemptsOf(placed.mov);
    expect(attempts.map((row) => row.status)).toEqual(['refused', 'captured']);
    expect(new Set(attempts.map((row) => row.idempotency_key)).size).toBe(2);
    // One charge at the provider for this checkout.
    expect(
      emulator()
        .core.list()
        .filter(
          (payment) => payment.status === 'captured' && payment.reference === String(retry.response.json.id),
        ),
    ).toHaveLength(1);
  });

  it.each([
    ['em análise, depois aprovado', 'Pagamento Efetuado'],
    ['em análise, depois recusado', null],
  ])(
    'holds the units while the %s card is reviewed, then settles it by reading it back',
    async (name, outcome) => {
      const before = await stockOf(t.database, product.idprd);
      const placed = await pay(numberOf(name));
      expect(placed.response.status).toBe(409);
      expect(placed.response.json.resposta).toBe(STILL_CHARGING);
      expect(await stockOf(t.database, product.idprd)).toBe(before - 1);
      const [attempt] = await attemptsOf(placed.mov);
      expect(attempt.status).toBe('review');
      emulator().core.finishReview(attempt.provider_id!);
      await t.app.cards.work.runOnce();
      const orders = await ordersOf(placed.mov);
      if (outcome) expect(orders.map((order) => order.status)).toEqual([outcome]);
      else expect(orders).toHaveLength(0);
      expect(await stockOf(t.database, product.idprd)).toBe(outcome ? before - 1 : before);
    },
  );

  it('makes one order when the provider times out and approves: found by the worker', async () => {
    const card = numberOf('sem resposta (tempo esgotado), aprovado');
    const heldBefore = emulator()
      .core.list()
      .filter((payment) => payment.last4 === card.slice(-4)).length;
    const paying = pay(card);
    // The provider has approved it and holds its answer: the store gives up on the call.
    await expect
      .poll(
        () =>
          emulator()
            .core.list()
            .filter((payment) => payment.last4 === card.slice(-4)).length,
      )
      .toBe(heldBefore + 1);
    calls.abort();
    const placed = await paying;
    calls = new AbortController();
    expect(placed.response.status).toBe(409);
    expect((await attemptsOf(placed.mov))[0].status).toBe('unknown');
    await t.app.cards.work.runOnce();
    expect((await ordersOf(placed.mov)).map((order) => order.status)).toEqual(['Pagamento Efetuado']);
    const paid = await again(placed);
    expect(paid.status).toBe(200);
    expect(await attemptsOf(placed.mov)).toHaveLength(1);
  });

  it('gives back a late approval whose reservation was released', async () => {
    const before = await stockOf(t.database, product.idprd);
    const placed = await pay(numberOf('em análise, depois aprovado'));
    const [attempt] = await attemptsOf(placed.mov);
    // The review outlasts the reservation's wait (30 minutes): the units go back.
    await t.database.db.execute(
      sql`UPDATE card_payments SET created_at = now() - interval '31 minutes' WHERE mov = ${placed.mov}`,
    );
    await t.app.cards.work.runOnce();
    expect(await ordersOf(placed.mov)).toHaveLength(0);
    expect(await stockOf(t.database, product.idprd)).toBe(before);
    // Then the issuer approves (and the emulator captures): the money goes back at once.
    emulator().core.finishReview(attempt.provider_id!);
    await t.app.cards.work.runOnce();
    await t.app.cards.work.runOnce();
    expect(emulator().core.get(attempt.provider_id!).status).toBe('refunded');
    expect((await attemptsOf(placed.mov))[0].status).toBe('refunded');
  });

  describe('notifications', () => {
    const post = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/cartao/notificacoes',
        headers: { 'content-type': 'application/json', 'x-card-signature': signature },
        payload: body,
      });
    const now = () => Math.floor(Date.now() / 1000);

    it('settles a reviewed payment on a genuine one; a forged, a stale and a replayed one change nothing', async () => {
      const placed = await pay(numberOf('em análise, depois aprovado'));
      const [attempt] = await attemptsOf(placed.mov);
      const body = JSON.stringify({ eventId: 'evt_1', paymentId: attempt.provider_id, status: 'authorized' });
      // Forged: not signed with the provider's secret.
      expect((await post(body, signNotification('not-the-secret', body, now()))).statusCode).toBe(401);
      // Stale: a genuine signature from ten minutes ago (a captured notification sent again).
      const secret = emulator().webhookSecret;
      expect((await post(body, signNotification(secret, body, now() - 600))).statusCode).toBe(401);
      // Genuine, but the payment is still under review: read back, nothing changes.
      expect((await post(body, signNotification(secret, body, now()))).statusCode).toBe(200);
      expect((await ordersOf(placed.mov))[0].status).toBe('Processando pagamento');

      emulator().core.finishReview(attempt.provider_id!);
      const genuine = signNotification(secret, body, now());
      expect((await post(body, genuine)).statusCode).toBe(200);
      expect((await ordersOf(placed.mov))[0].status).toBe('Pagamento Efetuado');
      const events = () =>
        rows(
          t.database,
          sql`SELECT kind FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.mov = ${placed.mov}`,
        );
      const eventsBefore = (await events()).length;
      // Replayed, and out of order (it says 'refused' of an approved payment): read back, nothing changes.
      expect((await post(body, genuine)).statusCode).toBe(200);
      const wrong = JSON.stringify({ eventId: 'evt_0', paymentId: attempt.provider_id, status: 'refused' });
      expect((await post(wrong, signNotification(secret, wrong, now()))).statusCode).toBe(200);
      expect((await ordersOf(placed.mov))[0].status).toBe('Pagamento Efetuado');
      expect(await events()).toHaveLength(eventsBefore);
    });
  });

  describe('refunds', () => {
    const cancel = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/orders/${id}/cancel`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: {},
      });

    it('refunds a paid card order that staff cancel, once, and the shopper sees it', async () => {
      const placed = await pay(numberOf('aprovado (Visa)'), { installments: 8 });
      const id = placed.response.json.id;
      expect((await cancel(id)).statusCode).toBe(200);
      expect((await cancel(id)).statusCode).toBe(200);
      await t.app.cards.work.runOnce();
      const [attempt] = await attemptsOf(placed.mov);
      expect(attempt.status).toBe('refunded');
      expect(provider.refunded.filter((refund) => refund.providerId === attempt.provider_id)).toEqual([
        { providerId: attempt.provider_id, amountCentavos: 34_368 },
      ]);
      expect(emulator().core.get(attempt.provider_id!)).toMatchObject({
        status: 'refunded',
        refundedCentavos: 34_368,
      });
      const detail = await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie });
      expect(detail.json.devolucoes).toEqual([
        expect.objectContaining({
          valor: 343.68,
          status: 'devolvido',
          cartao: { descricao: 'Visa final 1111', como: 'estorno', parcelas: 8 },
        }),
      ]);
      await t.app.notifications.runOnce();
      const [mail] = await rows<{ body: string }>(
        t.database,
        sql`SELECT body FROM mail_outbox WHERE subject = ${`Pedido ${id}: valor devolvido`}`,
      );
      expect(mail.body.replace(/\u00a0/g, ' ')).toContain(
        'Estornamos R$ 343,68 no cartão Visa final 1111 (todas as 8 parcelas).',
      );
    });

    it('never refunds more than was captured', async () => {
      const placed = await pay(numberOf('aprovado (Mastercard)'));
      const [attempt] = await rows<{ id: number; captured: number }>(
        t.database,
        sql`SELECT id, captured::int AS captured FROM card_payments WHERE mov = ${placed.mov}`,
      );
      const { oweCardMoneyBack } = await import('../../../src/server/services/payments/cards/refunds');
      const owe = (amount: number) =>
        t.database.db.transaction((tx) => oweCardMoneyBack(tx, attempt.id, 'line_removed', amount));
      await owe(10_000);
      await expect(owe(attempt.captured - 10_000 + 1)).rejects.toThrow(/passa do valor capturado/);
      await owe(attempt.captured - 10_000);
      await t.app.cards.work.runOnce();
      await expect(owe(1)).rejects.toThrow(/passa do valor capturado/);
      const [recorded] = await attemptsOf(placed.mov);
      expect(recorded.status).toBe('refunded');
      expect(emulator().core.get(recorded.provider_id!).refundedCentavos).toBe(attempt.captured);
    });
  });
});
