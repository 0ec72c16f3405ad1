import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailOperation } from '../../../src/api/catalogue';
import { PRICE_CHANGED_MESSAGE, placeOrderOperation } from '../../../src/api/place-order';
import { signedInCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { ADMIN_TOKEN, buildPayload, makeProduct, newMov, stockOf } from './checkout';

// A cart kept offline may hold a product the store took off sale or repriced since: the order is
// refused with a pt-BR resposta naming it, never placed without it or at the old price.

describe.each(databaseKinds)('products changed under a kept cart on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
  });
  afterAll(() => t.close());

  const staff = (idprd: number, path: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/admin/products/${idprd}/${path}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: payload as Record<string, unknown>,
    });

  it('takes a product off sale through the staff route: detail 404, and an order with it 409 in pt-BR', async () => {
    const me = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 4590, stock: 10 });
    const other = await makeProduct(t.database, { price: 1000, stock: 10 });
    const { payload } = await buildPayload(t, me, await newMov(t.app, me), {
      lines: [
        { product, quantity: 2 },
        { product: other, quantity: 1 },
      ],
      tipo: 'pix',
    });
    const off = await staff(product.idprd, 'active', { ativo: false });
    expect(off.statusCode, off.body).toBe(200);
    const detail = await call(t.app, productDetailOperation, { query: { codigo: product.idprd } });
    expect(detail.status).toBe(404);

    const order = await call(t.app, placeOrderOperation, { body: payload, cookie: me.cookie });
    expect(order.status).toBe(409);
    expect(order.json.resposta).toBe(
      `O produto ${product.name} não está mais disponível. Remova-o do carrinho.`,
    );
    expect(await stockOf(t.database, product.idprd)).toBe(10);
    expect(await stockOf(t.database, other.idprd)).toBe(10);

    expect((await staff(product.idprd, 'active', { ativo: 'nao' })).json().resposta).toBe(
      'ativo deve ser true ou false.',
    );
    expect((await staff(product.idprd, 'active', { ativo: true })).statusCode).toBe(200);
    expect((await call(t.app, productDetailOperation, { query: { codigo: product.idprd } })).status).toBe(
      200,
    );
  });

  it('refuses an order at the price the cart kept, answering the new one', async () => {
    const me = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 2000, stock: 10 });
    const { payload } = await buildPayload(t, me, await newMov(t.app, me), {
      lines: [{ product, quantity: 1 }],
      tipo: 'pix',
    });
    expect((await staff(product.idprd, 'price', { preco_centavos: 2500 })).statusCode).toBe(200);
    const order = await call(t.app, placeOrderOperation, { body: payload, cookie: me.cookie });
    expect(order.status).toBe(409);
    expect(order.json.resposta).toBe(PRICE_CHANGED_MESSAGE);
    expect((order.json as unknown as { produtos: unknown }).produtos).toEqual([
      { id: product.idprd, price: 25 },
    ]);
    expect(await stockOf(t.database, product.idprd)).toBe(10);
  });
});
