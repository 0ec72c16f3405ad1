import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeCustomerCartOperation,
  customerCartOperation,
  type CartMergeMode,
  type CustomerCartChange,
} from '../../../src/api/customer-cart';
import { SESSION_REQUIRED_MESSAGE } from '../../../src/api/customers';
import { ADMIN_TOKEN, admin } from '../store-mode/tablet';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { makeProduct, rows, type TestProduct } from '../orders/checkout';
import { login, sessionCookie, signedInCustomer, type TestCustomer } from './accounts';

// One cart per signed-in customer across devices (CARRINHO_CONTA, CARRINHO_CONTA_ALTERAR): the
// merge rules a second device relies on, and that nobody else reaches the cart.

describe.each(databaseKinds)("the customer's cart across devices on %s", (kind) => {
  let t: TestApp;
  let drill: TestProduct;
  let saw: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
    drill = await makeProduct(t.database, { price: 29_900, stock: 40 });
    saw = await makeProduct(t.database, { price: 4_990, stock: 40 });
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async (cookie: string) => {
    const answer = await call(t.app, customerCartOperation, { cookie });
    expect(answer.status, answer.raw).toBe(200);
    return answer.json;
  };
  const change = async (
    cookie: string,
    base: number,
    mudancas: CustomerCartChange[],
    modo: CartMergeMode = 'alterar',
    idempotencyKey?: string,
  ) => {
    const answer = await call(t.app, changeCustomerCartOperation, {
      body: { base, modo, mudancas },
      cookie,
      headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.json;
  };
  const quantities = (answer: { produtos: { idprd: number; quantity: number }[] }) =>
    Object.fromEntries(answer.produtos.map((line) => [line.idprd, line.quantity]));
  /** A second device of the same customer: another sign-in, another session. */
  const secondDevice = async (customer: TestCustomer) =>
    sessionCookie((await login(t.app, customer.doc)).headers);

  it('sums quantities per product and lote at the first merge of a signed-out cart, once per key', async () => {
    const customer = await signedInCustomer(t.app);
    const phone = customer.cookie;
    const computer = await secondDevice(customer);
    const first = await change(phone, 0, [{ id: drill.idprd, quantidade: 2, em: Date.now() }]);
    expect(first.revisao).toBe(1);

    const merged = await change(
      computer,
      0,
      [
        { id: drill.idprd, quantidade: 3, em: Date.now() },
        { id: saw.idprd, quantidade: 1, em: Date.now() },
      ],
      'juntar',
      'merge-key-1',
    );
    expect(quantities(merged)).toEqual({ [drill.idprd]: 5, [saw.idprd]: 1 });
    // The price is the catalogue's, never a stored one.
    expect(merged.produtos.find((line) => line.idprd === drill.idprd)?.preco).toBe(299);
    // The same merge replayed (its answer was lost) does not sum again.
    const replayed = await change(
      computer,
      0,
      [{ id: drill.idprd, quantidade: 3, em: Date.now() }],
      'juntar',
      'merge-key-1',
    );
    expect(quantities(replayed)).toEqual({ [drill.idprd]: 5, [saw.idprd]: 1 });
    // Later edits are changes, not sums.
    const edited = await change(phone, replayed.revisao, [
      { id: drill.idprd, quantidade: 4, em: Date.now() },
    ]);
    expect(quantities(edited)).toEqual({ [drill.idprd]: 4, [saw.idprd]: 1 });
    expect(quantities(await read(computer))).toEqual({ [drill.idprd]: 4, [saw.idprd]: 1 });
  });

  it('keeps a removal over an older add from a device that was offline', async () => {
    const customer = await signedInCustomer(t.app);
    const phone = customer.cookie;
    const computer = await secondDevice(customer);
    const start = Date.now() - 60_000;
    const added = await change(computer, 0, [{ id: drill.idprd, quantidade: 1, em: start }]);
    // The phone, offline since revision 0, had added the same product (earlier)...
    const offlineAdd = start + 1_000;
    // ...while the computer removed it (later).
    const removed = await change(computer, added.revisao, [
      { id: drill.idprd, quantidade: 0, em: start + 2_000 },
    ]);
    expect(removed.produtos).toEqual([]);
    const synced = await change(phone, 0, [{ id: drill.idprd, quantidade: 2, em: offlineAdd }]);
    expect(synced.produtos).toEqual([]);
    const [marker] = await rows<{ quantity: number; removed_at: unknown }>(
      t.database,
      sql`SELECT quantity, removed_at FROM customer_cart_lines WHERE customer_id = ${customer.id}`,
    );
    expect(Number(marker.quantity)).toBe(0);
    expect(marker.removed_at).not.toBeNull();
  });

  it('lets a newer add win over an older removal', async () => {
    const customer = await signedInCustomer(t.app);
    const phone = customer.cookie;
    const computer = await secondDevice(customer);
    const start = Date.now() - 60_000;
    const added = await change(computer, 0, [{ id: saw.idprd, quantidade: 1, em: start }]);
    const removed = await change(computer, added.revisao, [
      { id: saw.idprd, quantidade: 0, em: start + 1_000 },
    ]);
    expect(removed.produtos).toEqual([]);
    // The phone, still at revision 0, adds it again after the removal.
    const again = await change(phone, 0, [{ id: saw.idprd, quantidade: 3, em: start + 2_000 }]);
    expect(quantities(again)).toEqual({ [saw.idprd]: 3 });
    // A line untouched since the base takes the change whatever its time.
    const set = await change(computer, again.revisao, [{ id: saw.idprd, quantidade: 2, em: start }]);
    expect(quantities(set)).toEqual({ [saw.idprd]: 2 });
  });

  it("makes an open checkout's cart the account's", async () => {
    const customer = await signedInCustomer(t.app);
    const first = await change(customer.cookie, 0, [{ id: saw.idprd, quantidade: 5, em: Date.now() }]);
    expect(quantities(first)).toEqual({ [saw.idprd]: 5 });
    const checkout = await secondDevice(customer);
    const replaced = await change(
      checkout,
      0,
      [{ id: drill.idprd, quantidade: 1, em: Date.now() }],
      'substituir',
    );
    expect(quantities(replaced)).toEqual({ [drill.idprd]: 1 });
  });

  it("keeps each customer's cart from every other customer", async () => {
    const owner = await signedInCustomer(t.app);
    await change(owner.cookie, 0, [{ id: drill.idprd, quantidade: 7, em: Date.now() }]);
    const other = await signedInCustomer(t.app);
    expect((await read(other.cookie)).produtos).toEqual([]);
    // Another customer's id in the body is no field of the operation: it changes their own cart.
    const body = { base: 0, mudancas: [{ id: drill.idprd, quantidade: 0, em: Date.now() }], id: owner.id };
    const answer = await call(t.app, changeCustomerCartOperation, {
      body: body as never,
      cookie: other.cookie,
    });
    expect(answer.status, answer.raw).toBe(200);
    expect(quantities(await read(owner.cookie))).toEqual({ [drill.idprd]: 7 });
  });

  it('answers 401 without a session', async () => {
    const reading = await call(t.app, customerCartOperation, {});
    expect(reading.status).toBe(401);
    expect(reading.json).toMatchObject({ resposta: SESSION_REQUIRED_MESSAGE });
    const changing = await call(t.app, changeCustomerCartOperation, {
      body: { base: 0, mudancas: [{ id: drill.idprd, quantidade: 1, em: Date.now() }] },
    });
    expect(changing.status).toBe(401);
    expect(changing.headers['cache-control']).toBe('no-store');
  });

  it('answers with the price of today even after it changes', async () => {
    const customer = await signedInCustomer(t.app);
    await change(customer.cookie, 0, [{ id: saw.idprd, quantidade: 1, em: Date.now() }]);
    await admin(t.app, 'POST', `/products/${saw.idprd}/price`, { preco_centavos: 3_990 });
    expect((await read(customer.cookie)).produtos[0]).toMatchObject({ idprd: saw.idprd, preco: 39.9 });
  });
});
