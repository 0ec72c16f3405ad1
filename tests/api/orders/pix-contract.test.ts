import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pixCodeOperation, pixPaymentOperation } from '../../../src/api/pix';
import type { Exchange } from '../../../src/server/pix-emulator/api';
import { signedInCustomer } from '../customers/accounts';
import { buildTestApp, call, type TestApp } from '../helpers';
import { ADMIN_TOKEN, makeProduct, pixOrder, rows } from './checkout';

// The store's API Pix client and the bundled emulator, judged by the Banco Central's published
// openapi.yaml (tests/fixtures/pix-api, v2.9.0) rather than by each other: every request the client
// sent and every answer the emulator gave during a run of the whole Pix life cycle is validated by
// openapi-backend (ajv) against the operation the published file declares.

const SPEC = resolve('tests/fixtures/pix-api/openapi.yaml');
const API_PREFIX = '/api/v2';

type Schema = Record<string, unknown>;

/** Three mistakes of the published file that no real message satisfies (see SOURCE.md beside it). */
function applyErrata(document: Schema): Schema {
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const record = node as Schema;
    // 1. A pattern written as a JavaScript regex literal ("/^\d{11}$/"): its body is the pattern.
    if (typeof record.pattern === 'string' && /^\/.*\/$/.test(record.pattern))
      record.pattern = record.pattern.slice(1, -1);
    // 3. A charge's `location` goes into the QR code without its scheme, as the file's own examples
    //    give it ("pix.example.com/qr/v2/..."), yet it is declared `format: uri`, which needs one.
    const location = (record.properties as Schema | undefined)?.location as Schema | undefined;
    if (
      location?.format === 'uri' &&
      typeof location.example === 'string' &&
      !location.example.includes('://')
    )
      delete location.format;
    Object.values(record).forEach(walk);
  };
  walk(document);
  // 2. PixConsultados requires `cobs`, which it does not define; its list is `pix`.
  const schemas = (document.components as Schema).schemas as Record<string, Schema>;
  schemas.PixConsultados.required = ['parametros'];
  return document;
}

/** openapi-backend finds operations by operationId, which the published file leaves out (optional). */
function withOperationIds(document: Schema): Schema {
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Schema>>))
    for (const [method, operation] of Object.entries(item))
      if (method !== 'parameters' && operation && !operation.operationId)
        operation.operationId = `${method.toUpperCase()} ${path}`;
  return document;
}

async function publishedApi() {
  const loaded = await new OpenAPIBackend({ definition: SPEC, quick: true }).loadDocument();
  const api = new OpenAPIBackend({
    definition: withOperationIds(applyErrata(loaded as unknown as Schema)) as unknown as Document,
    apiRoot: '/',
    // The formats the file uses (date-time, uri, ...) checked, not ignored.
    customizeAjv: (ajv) => addFormats(ajv),
  });
  await api.init();
  return api;
}

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

    const api = await publishedApi();
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const exchange of exchanges) {
      // The token endpoint is OAuth2's (RFC 6749), outside the API Pix document.
      if (exchange.path === '/oauth/token') continue;
      const path = exchange.path.slice(API_PREFIX.length);
      const request = {
        method: exchange.method,
        path,
        query: exchange.query,
        body: exchange.body,
        headers: { 'content-type': 'application/json' },
      };
      const operation = api.matchOperation(request);
      if (!operation) {
        problems.push(`${exchange.method} ${path}: no such operation in the published API`);
        continue;
      }
      seen.add(`${operation.method.toUpperCase()} ${operation.path}`);
      const sent = api.validateRequest(request, operation);
      if (!sent.valid) problems.push(`request ${exchange.method} ${path}: ${JSON.stringify(sent.errors)}`);
      const answered = api.validateResponse(exchange.answer, operation, exchange.status);
      if (!answered.valid)
        problems.push(
          `answer ${exchange.status} to ${exchange.method} ${path}: ${JSON.stringify(answered.errors)}`,
        );
      if (exchange.status >= 400) expect(exchange.contentType).toMatch(/^application\/problem\+json/);
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
