import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailOperation } from '../../../src/api/catalogue';
import {
  buildTestApp,
  call,
  changePrice,
  databaseKinds,
  firstActiveProductId,
  type TestApp,
} from '../helpers';

const ADMIN_TOKEN = 'token-de-teste-precos-0123456789';

describe.each(databaseKinds)('staff price change on %s', (kind) => {
  let t: TestApp;
  let idprd: number;

  const reprice = (
    id: number | string,
    payload: unknown,
    extra: { remoteAddress?: string; token?: string } = {},
  ) =>
    changePrice(t.app, {
      token: extra.token ?? ADMIN_TOKEN,
      idprd: id,
      payload,
      remoteAddress: extra.remoteAddress,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
    idprd = await firstActiveProductId(t.database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets a product price that the catalogue answers at once', async () => {
    const changed = await reprice(idprd, { preco_centavos: 12_345 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ idprd, preco_centavos: 12_345 });
    const detail = await call(t.app, productDetailOperation, { query: { codigo: idprd } });
    expect(detail.status).toBe(200);
    expect(detail.json.produtos[0]!.preco).toBe(123.45);
  });

  it('refuses a bad price and an unknown product in pt-BR', async () => {
    const bad = await reprice(idprd, { preco_centavos: 12.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resposta).toBe('preco_centavos deve ser um número inteiro de centavos.');
    const unknown = await reprice(999_999, { preco_centavos: 100 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().resposta).toBe('Produto não encontrado.');
  });

  it('answers only on loopback with the token', async () => {
    expect((await reprice(idprd, { preco_centavos: 100 }, { remoteAddress: '10.1.2.3' })).statusCode).toBe(
      404,
    );
    expect((await reprice(idprd, { preco_centavos: 100 }, { token: 'errado' })).statusCode).toBe(401);
  });

  it('answers a malformed staff request with 400 and a pt-BR resposta, never 500', async () => {
    const post = (url: string, payload?: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const answers = [
      await post('/admin/orders/abc/advance', {}),
      await post('/admin/orders/2147483648/advance', {}),
      await post('/admin/orders/1001/advance', { rastreio: 12345 }),
      await post('/admin/orders/1001/advance', { rastreio: 'X'.repeat(41) }),
      await post('/admin/orders/0/cancel', {}),
      await post('/admin/pix/-1/confirm', {}),
      await reprice('abc', { preco_centavos: 100 }),
      await t.app.inject({
        method: 'GET',
        url: '/admin/mail/latest?limit=abc',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().resposta).toMatch(/^Dados inválidos/);
    }
  });
});
