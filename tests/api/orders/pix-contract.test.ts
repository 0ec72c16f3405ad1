import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pixCodeOperation, pixPaymentOperation } from '../../../src/api/pix';
import type { Exchange } from '../../../src/server/pix-emulator/api';
import { signedInCustomer } from '../customers/accounts';
import { buildTestApp, call, type TestApp } from '../helpers';
import { ADMIN_TOKEN, makeProduct, pixOrder, rows } from './checkout';
import { publishedPixApi } from './published-pix-api';

// The store's API Pix client and the bundled emulator, judged by the Banco Central's published
// openapi.yaml (tests/fixtures/pix-api, v2.9.0) rather than by each other: every request the client
// sent and every answer the emulator gave during a run of the whole Pix life cycle is validated
// against the operation the published file declares (published-pix-api.ts), errors included.

describe('the API Pix client and emulator against the published openapi.yaml', () => {
  let t: TestApp;
  const exchanges: Exchange[] = [];

  beforeAll(async () => {
    t = await buildTestApp(
      'pglite',
      { ADMIN_TOKEN, PIX_RECONCILE_SECONDS: '0' },
      { pix: { onEmulatorExchange: (exchange) => exchanges.push(exchange) } },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('every request and answer of a whole Pix life cycle validates', async () => {
    const buyer = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 4_990, stock: 50 });
    const emulator = t.app.pix.emulator!.core;
    const admin = (url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload });

    // Opened, read back, paid, found by the webhook and by polling.
    const paid = await pixOrder(t.app, t.database, buyer, [{ product, quantity: 1 }]);
    await emulator.pay({ code: paid.pix.payload });
    await vi.waitFor(async () => {
      const [order] = await rows<{ status: string }>(
        t.database,
        sql`SELECT status FROM orders WHERE id = ${paid.id}`,
      );
      expect(order.status).toBe('Pagamento Efetuado');
    });
    // Another amount: refunded (PUT and GET of the devolucao), its code gone, a new one opened.
    const other = await pixOrder(t.app, t.database, buyer, [{ product, quantity: 2 }]);
    await emulator.pay({ code: other.pix.txid!, amountCentavos: 123 });
    await vi.waitFor(
      async () => {
        await t.app.pix.work.kick();
        const [refund] = await rows<{ status: string }>(
          t.database,
          sql`SELECT status FROM pix_refunds WHERE order_id = ${other.id}`,
        );
        expect(refund?.status).toBe('DEVOLVIDO');
      },
      { timeout: 10_000, interval: 200 },
    );
    // Superseded: its code removed (PATCH).
    const renewed = await call(t.app, pixPaymentOperation, {
      body: { idmov: other.id },
      cookie: buyer.cookie,
    });
    await call(t.app, pixCodeOperation, { body: { PaymentId: renewed.json.resposta }, cookie: buyer.cookie });
    await pixOrder(t.app, t.database, buyer, [{ product, quantity: 3 }]);
    await t.app.pix.work.kick();
    // Received Pix by period, paged; errors in the standard's problem form.
    expect((await admin('/admin/pix/reconcile')).statusCode).toBe(200);
    expect(await t.app.pix.provider.getCharge('NoSuchTxid0000000000000000000000')).toBeUndefined();
    emulator.faults.failNext('GET /cob');
    await expect(t.app.pix.provider.getCharge(paid.pix.txid!)).rejects.toThrow(/503/);
    await expect(
      t.app.pix.provider.createCharge('BadKeyTxid000000000000000000000', {
        calendario: { expiracao: 60 },
        valor: { original: '1.00' },
        chave: 'outra-chave@example.com',
      }),
    ).rejects.toThrow(/400/);

    const api = await publishedPixApi();
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const exchange of exchanges) {
      // The token endpoint is OAuth2's (RFC 6749), outside the API Pix document.
      if (exchange.path === '/oauth/token') continue;
      const operation = api.operationOf(exchange);
      if (operation) seen.add(operation);
      problems.push(...api.judge(exchange));
    }
    expect(problems).toEqual([]);
    expect([...seen].sort()).toEqual([
      'GET /cob/{txid}',
      'GET /pix',
      'GET /pix/{e2eid}',
      'GET /pix/{e2eid}/devolucao/{id}',
      'PATCH /cob/{txid}',
      'PUT /cob/{txid}',
      'PUT /pix/{e2eid}/devolucao/{id}',
      'PUT /webhook/{chave}',
    ]);
    expect(
      exchanges
        .filter((exchange) => exchange.status >= 400)
        .map((exchange) => exchange.status)
        .sort(),
    ).toEqual(expect.arrayContaining([400, 404, 503]));
  });
});

describe('the published file, as the contract tests read it', () => {
  const e2eid = 'E00038166202611280512abcdefghijk';
  const period = { inicio: '2026-11-01T00:00:00Z', fim: '2026-11-02T00:00:00Z' };
  const paginacao = {
    paginaAtual: 0,
    itensPorPagina: 100,
    quantidadeDePaginas: 1,
    quantidadeTotalDeItens: 1,
  };
  const refund = {
    id: 'D1',
    rtrId: `D${e2eid.slice(1)}`,
    valor: '1.00',
    horario: {},
    status: 'EM_PROCESSAMENTO',
  };
  const exchange = (change: Partial<Exchange>): Exchange => ({
    method: 'GET',
    path: `/api/v2/pix/${e2eid}`,
    query: {},
    body: undefined,
    status: 200,
    contentType: 'application/json',
    answer: { endToEndId: e2eid, valor: '1.00', horario: '2026-11-01T10:00:00Z' },
    ...change,
  });
  const problem = (type: string, status: number) => ({
    status,
    contentType: 'application/problem+json',
    answer: { type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title: 'Erro.', status },
  });

  it('finds each way an answer can break it', async () => {
    const api = await publishedPixApi();
    expect(api.judge(exchange({}))).toEqual([]);
    const broken: Record<string, Exchange> = {
      'a refund of another nature accepted': exchange({
        method: 'PUT',
        path: `/api/v2/pix/${e2eid}/devolucao/D1`,
        body: { valor: '1.00', natureza: 'MED_FRAUDE' },
        status: 201,
        answer: refund,
      }),
      'a txid of 40 characters (an unanchored pattern takes it)': exchange({
        answer: { endToEndId: e2eid, txid: 'a'.repeat(40), valor: '1.00', horario: '2026-11-01T10:00:00Z' },
      }),
      'a list of received Pix without its list': exchange({
        path: '/api/v2/pix',
        query: period,
        answer: { parametros: { ...period, paginacao } },
      }),
      'a received Pix in the list that is not one': exchange({
        path: '/api/v2/pix',
        query: period,
        answer: { parametros: { ...period, paginacao }, pix: [{ endToEndId: e2eid, valor: '1' }] },
      }),
      "a charge's location that no payer's app could open": exchange({
        method: 'GET',
        path: `/api/v2/cob/${'T'.repeat(32)}`,
        answer: {
          txid: 'T'.repeat(32),
          calendario: { criacao: '2026-11-01T10:00:00Z', expiracao: 60 },
          revisao: 0,
          status: 'ATIVA',
          valor: { original: '1.00' },
          chave: 'pix@casaeobra.com.br',
          location: 'not a location',
        },
      }),
      'an error as plain JSON': exchange({
        ...problem('PixNaoEncontrado', 404),
        contentType: 'application/json',
      }),
      'an error of a type the file gives another endpoint': exchange({
        method: 'PUT',
        path: `/api/v2/pix/${e2eid}/devolucao/D1`,
        body: { valor: '1.00' },
        ...problem('PixNaoEncontrado', 404),
      }),
      'an error without its type': exchange({
        ...problem('PixNaoEncontrado', 404),
        answer: { title: 'Erro.' },
      }),
      'a status the file never gives': exchange({ ...problem('RequisicaoInvalida', 415) }),
    };
    for (const [what, wrong] of Object.entries(broken)) expect(api.judge(wrong), what).not.toEqual([]);
    // Errors the file's tables give an operation that its `responses` leave out are still errors.
    expect(
      api.judge(exchange({ path: '/api/v2/pix', query: period, ...problem('PixConsultaInvalida', 400) })),
    ).toEqual([]);
  });
});
