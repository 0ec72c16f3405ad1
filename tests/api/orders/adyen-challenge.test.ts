import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardChallengeOperation, placeOrderOperation } from '../../../src/api/place-order';
import { createTableRecordStore } from '../../../src/server/services/payments/cards/adyen-record-table';
import type { AdyenRecordStore } from '../../../src/server/services/payments/cards/adyen-records';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { adapter, componentToken } from './adyen-adapter';
import { answerExample, requestExample, type Answer, type Sent } from './adyen-published';
import { buildPayload, makeProduct, newMov, rows, stockOf, type TestProduct } from './checkout';

// CARD_PROVIDER=adyen's 3-D Secure 2 through the store, on both databases: APP_0050 answers 402
// with Adyen's action for its component (`acao`), the component's onAdditionalDetails reaches
// CARTAO_DESAFIO, which sends POST /payments/details, reads the payment back and settles the order.
// Adyen's servers are played by the published Checkout API v71 (adyen-published.ts): every request
// and answer is validated against the file, and the problems must stay empty.

type Json = Record<string, unknown>;

const fingerprint = () => answerExample('/payments', 200, 'card-3d-secure-2-web');
/** What the component gives in onAdditionalDetails after the challenge (the file's example). */
const challengeDone = () =>
  requestExample('/payments/details', '3d-secure-2-native').details as Record<string, string>;
const CHALLENGE_FAILED =
  'Pagamento recusado: a autenticação com o seu banco não foi concluída. Tente de novo ou use outro cartão.';

describe.each(databaseKinds)('an Adyen 3-D Secure challenge in the checkout on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let product: TestProduct;
  let sent: Sent[];
  let problems: string[];
  /** How Adyen answers POST /payments/details next: one answer per call, in order. */
  let details: ((psp: string) => Answer)[] = [];
  /** How Adyen answers POST /payments: a fingerprint first (IdentifyShopper), or the challenge at once. */
  let firstStep: 'fingerprint' | 'challenge' = 'challenge';
  let payments = 0;
  let table: AdyenRecordStore | undefined;

  beforeAll(async () => {
    // The adapter's records in the test database's adyen_payments, as adyen-setup.ts wires them;
    // the store behind them exists once the app has built the database.
    const records: AdyenRecordStore = {
      load: (psp) => table!.load(psp),
      loadByKey: (key) => table!.loadByKey(key),
      save: (record) => table!.save(record),
    };
    const adyen = await adapter(
      (request) => {
        if (request.operation === 'post-cardDetails')
          return {
            status: 200,
            body: { ...answerExample('/cardDetails', 200, 'basic'), fundingSource: 'CREDIT' },
          };
        if (request.operation === 'post-payments') {
          payments += 1;
          const psp = `TESTPSP${String(payments).padStart(9, '0')}`;
          const answer = fingerprint();
          if (firstStep === 'fingerprint') return { status: 200, body: answer };
          return {
            status: 200,
            body: {
              resultCode: 'ChallengeShopper',
              pspReference: psp,
              action: { ...(answer.action as Json), subtype: 'challenge' },
            },
          };
        }
        return details.shift()!(`TESTPSP${String(payments).padStart(9, '0')}`);
      },
      { records },
    );
    sent = adyen.sent;
    problems = adyen.problems;
    t = await buildTestApp(kind, { CARD_WORK_SECONDS: '0' }, { cards: { provider: adyen.provider } });
    table = createTableRecordStore(t.database.db);
    buyer = await signedInCustomer(t.app);
    product = await makeProduct(t.database, { price: 31_482, stock: 1_000 });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    sent.length = 0;
    firstStep = 'challenge';
  });

  async function pay() {
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t, buyer, mov, {
      lines: [{ product, quantity: 1 }],
      tipo: 'credit',
      cardToken: { token: componentToken, brand: 'mc', last4: '5454', bin: '545454' },
    });
    const response = await call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    return { mov, payload, response };
  }
  const answer = (
    mov: string,
    detalhes: Record<string, string>,
    cookie = buyer.cookie,
    paymentData?: string,
  ) => call(t.app, cardChallengeOperation, { body: { mov, detalhes, paymentData }, cookie });
  const attemptsOf = (mov: string) =>
    rows<{ status: string; idempotency_key: string; challenge_action: Json | null }>(
      t.database,
      sql`SELECT status, idempotency_key, challenge_action FROM card_payments WHERE mov = ${mov} ORDER BY id`,
    );
  const ordersOf = (mov: string) =>
    rows<{ id: number; status: string }>(t.database, sql`SELECT id, status FROM orders WHERE mov = ${mov}`);
  const detailsCalls = () => sent.filter((request) => request.operation === 'post-payments-details');
  const authorised = (psp: string): Answer => ({
    status: 200,
    body: { ...answerExample('/payments/details', 200, '00.redirect'), pspReference: psp },
  });

  it('hands the challenge to the checkout, completes it by /payments/details and pays the order once', async () => {
    const before = await stockOf(t.database, product.idprd);
    const placed = await pay();
    expect(placed.response.status, placed.response.raw).toBe(402);
    expect(placed.response.json.resposta).toBe(
      'Confirme a compra com o seu banco para concluir o pagamento.',
    );
    const acao = (placed.response.json as unknown as { acao: Json }).acao;
    expect(acao).toMatchObject({ type: 'threeDS2', subtype: 'challenge', token: expect.any(String) });
    // While the shopper answers the issuer the units stay held.
    const [held] = await ordersOf(placed.mov);
    expect(held.status).toBe('Processando pagamento');
    expect(await stockOf(t.database, product.idprd)).toBe(before - 1);

    details = [authorised];
    const paid = await answer(placed.mov, challengeDone());
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.json).toMatchObject({ id: held.id, status: 'Pagamento Efetuado' });
    expect(paid.headers['cache-control']).toBe('no-store');
    expect(paid.headers['x-content-type-options']).toBe('nosniff');
    const [sentDetails] = detailsCalls();
    expect(sentDetails.body).toEqual({ details: challengeDone() });
    const [attempt] = await attemptsOf(placed.mov);
    expect(sentDetails.headers['idempotency-key']).toMatch(
      new RegExp(`^${attempt.idempotency_key}:d:[0-9a-f]{16}$`),
    );
    expect(attempt).toMatchObject({ status: 'captured', challenge_action: null });

    // The same answer again, and the order sent again: the same order, nothing more sent to Adyen.
    const replay = await answer(placed.mov, challengeDone());
    expect(replay.status).toBe(200);
    expect(replay.json).toMatchObject({ id: held.id, status: 'Pagamento Efetuado' });
    const again = await call(t.app, placeOrderOperation, { body: placed.payload, cookie: buyer.cookie });
    expect(again.json).toMatchObject({ id: held.id, status: 'Pagamento Efetuado' });
    expect(detailsCalls()).toHaveLength(1);
    expect(sent.filter((request) => request.operation === 'post-payments')).toHaveLength(1);
    expect(await attemptsOf(placed.mov)).toHaveLength(1);
    expect(await stockOf(t.database, product.idprd)).toBe(before - 1);
    expect(problems).toEqual([]);
  });

  it('declines a refused challenge with its reason, keeps no order and gives the units back', async () => {
    const before = await stockOf(t.database, product.idprd);
    const placed = await pay();
    expect(placed.response.status).toBe(402);
    details = [
      (psp) => ({
        status: 200,
        body: {
          resultCode: 'Refused',
          pspReference: psp,
          refusalReason: '3D Not Authenticated',
          refusalReasonCode: '11',
        },
      }),
    ];
    const declined = await answer(placed.mov, challengeDone());
    expect(declined.status).toBe(402);
    expect(declined.json.resposta).toBe(CHALLENGE_FAILED);
    expect(await ordersOf(placed.mov)).toHaveLength(0);
    expect(await stockOf(t.database, product.idprd)).toBe(before);
    expect((await attemptsOf(placed.mov)).map((row) => row.status)).toEqual(['refused']);

    const replay = await answer(placed.mov, challengeDone());
    expect(replay.status).toBe(402);
    expect(replay.json.resposta).toBe(CHALLENGE_FAILED);
    expect(detailsCalls()).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('answers a second step (the challenge after the fingerprint) with its action, then pays', async () => {
    firstStep = 'fingerprint';
    const placed = await pay();
    const first = (placed.response.json as unknown as { acao: Json }).acao;
    expect(first).toMatchObject({ type: 'threeDS2', subtype: 'fingerprint' });
    details = [
      (psp) => ({
        status: 200,
        body: {
          resultCode: 'ChallengeShopper',
          pspReference: psp,
          action: { ...(fingerprint().action as Json), subtype: 'challenge' },
        },
      }),
      authorised,
    ];
    const fingerprinted = { 'threeds2.fingerprint': 'eyJ0aHJlZURTQ29tcEluZCI6IlkifQ==' };
    const paymentData = (first.paymentData as string) ?? undefined;
    const step = await answer(placed.mov, fingerprinted, buyer.cookie, paymentData);
    expect(step.status).toBe(402);
    expect((step.json as unknown as { acao: Json }).acao).toMatchObject({
      type: 'threeDS2',
      subtype: 'challenge',
    });
    const paid = await answer(placed.mov, challengeDone());
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.json.status).toBe('Pagamento Efetuado');
    const keys = detailsCalls().map((request) => request.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
    expect(detailsCalls()[0].body).toEqual({ details: fingerprinted, paymentData });
    expect(problems).toEqual([]);
  });

  it('keeps the challenge when Adyen’s answer to the details is lost, and pays when the answer is sent again', async () => {
    const placed = await pay();
    expect(placed.response.status).toBe(402);
    details = [() => 'network', authorised];
    const lost = await answer(placed.mov, challengeDone());
    expect(lost.status).toBe(409);
    expect(lost.json.resposta).toBe(
      'O pagamento deste pedido ainda está em processamento. Aguarde alguns instantes e confira em Meus Pedidos.',
    );
    expect((await attemptsOf(placed.mov)).map((row) => row.status)).toEqual(['challenge']);
    const paid = await answer(placed.mov, challengeDone());
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.json.status).toBe('Pagamento Efetuado');
    // The same step under the same key: Adyen answers it once, whatever reached it the first time.
    const keys = detailsCalls().map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(problems).toEqual([]);
  });

  it('refuses an answer for another customer’s checkout, and one without a session, sending nothing', async () => {
    const placed = await pay();
    expect(placed.response.status).toBe(402);
    const other = await signedInCustomer(t.app);
    const foreign = await answer(placed.mov, challengeDone(), other.cookie);
    expect(foreign.status).toBe(403);
    const anonymous = await call(t.app, cardChallengeOperation, {
      body: { mov: placed.mov, detalhes: challengeDone() },
    });
    expect(anonymous.status).toBe(401);
    expect(detailsCalls()).toHaveLength(0);
    expect((await attemptsOf(placed.mov)).map((row) => row.status)).toEqual(['challenge']);
    expect((await ordersOf(placed.mov)).map((row) => row.status)).toEqual(['Processando pagamento']);
  });
});
