import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_REQUIRED_MESSAGE } from '../../../src/api/customers';
import { ORDER_NOT_FOUND_MESSAGE } from '../../../src/api/orders';
import {
  changeWorkListsOperation,
  recheckOperation,
  workListsOperation,
  type ListChange,
  type WorkListsAnswer,
} from '../../../src/api/work-lists';
import { ADMIN_TOKEN, admin } from '../store-mode/tablet';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { makeProduct, pixOrder, type TestProduct } from '../orders/checkout';
import { signedInCustomer } from './accounts';

// 'Listas da obra' (LISTAS_CONTA, LISTAS_CONTA_ALTERAR) and the re-check behind 'Comprar novamente'
// and 'Adicionar lista ao carrinho' (CONFERIR_ITENS): what a customer's devices rely on, and that
// nobody else reaches a customer's lists or orders.

describe.each(databaseKinds)("the customer's work lists and re-check on %s", (kind) => {
  let t: TestApp;
  let cement: TestProduct;
  let tile: TestProduct;
  let grout: TestProduct;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
    cement = await makeProduct(t.database, { price: 3_590, stock: 100 });
    tile = await makeProduct(t.database, { price: 5_990, stock: 100, boxM2: 2.5 });
    grout = await makeProduct(t.database, { price: 1_250, stock: 100 });
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async (cookie: string) => {
    const answer = await call(t.app, workListsOperation, { cookie });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.json;
  };
  const change = async (cookie: string, mudancas: ListChange[], modo?: 'juntar', idempotencyKey?: string) => {
    const answer = await call(t.app, changeWorkListsOperation, {
      body: { modo: modo ?? 'alterar', mudancas },
      cookie,
      headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.json;
  };
  /** Each list's name and its lines' quantities by product. */
  const shape = (answer: WorkListsAnswer) =>
    answer.listas.map((list) => ({
      nome: list.nome,
      linhas: Object.fromEntries(list.produtos.map((line) => [line.idprd, line.quantity])),
    }));

  it('creates, renames, changes lines of and deletes a list', async () => {
    const { cookie } = await signedInCustomer(t.app);
    const key = randomUUID();
    const created = await change(cookie, [
      {
        lista: key,
        nome: 'Banheiro da Rua X',
        linhas: [
          { id: cement.idprd, quantidade: 4 },
          { id: tile.idprd, quantidade: 10 },
        ],
      },
    ]);
    expect(shape(created)).toEqual([
      { nome: 'Banheiro da Rua X', linhas: { [cement.idprd]: 4, [tile.idprd]: 10 } },
    ]);
    // Today's price, from the catalogue.
    expect(created.listas[0]!.produtos.find((line) => line.idprd === tile.idprd)?.preco).toBe(59.9);

    await change(cookie, [
      {
        lista: key,
        nome: 'Banheiro da Rua Y',
        linhas: [
          { id: cement.idprd, quantidade: 6 },
          { id: tile.idprd, quantidade: 0 },
        ],
      },
    ]);
    // A replayed change sets the same quantities: nothing doubles.
    await change(cookie, [{ lista: key, linhas: [{ id: cement.idprd, quantidade: 6 }] }]);
    expect(shape(await read(cookie))).toEqual([{ nome: 'Banheiro da Rua Y', linhas: { [cement.idprd]: 6 } }]);

    await change(cookie, [{ lista: key, apagar: true }]);
    expect((await read(cookie)).listas).toEqual([]);
  });

  it('joins signed-out lists into the lists of the same name at sign-in, once per key', async () => {
    const { cookie } = await signedInCustomer(t.app);
    await change(cookie, [
      { lista: randomUUID(), nome: 'Cozinha', linhas: [{ id: cement.idprd, quantidade: 2 }] },
    ]);
    const merge: ListChange[] = [
      {
        lista: randomUUID(),
        nome: '  cozinha ',
        linhas: [
          { id: cement.idprd, quantidade: 3 },
          { id: grout.idprd, quantidade: 1 },
        ],
      },
      { lista: randomUUID(), nome: 'Varanda', linhas: [{ id: tile.idprd, quantidade: 5 }] },
    ];
    const merged = await change(cookie, merge, 'juntar', 'merge-1');
    expect(shape(merged)).toEqual([
      { nome: 'Cozinha', linhas: { [cement.idprd]: 5, [grout.idprd]: 1 } },
      { nome: 'Varanda', linhas: { [tile.idprd]: 5 } },
    ]);
    // The merge sent again (its answer was lost) does not sum twice.
    expect(shape(await change(cookie, merge, 'juntar', 'merge-1'))).toEqual(shape(merged));
  });

  it("keeps each customer's lists and orders from every other customer", async () => {
    const owner = await signedInCustomer(t.app);
    const other = await signedInCustomer(t.app);
    const key = randomUUID();
    await change(owner.cookie, [{ lista: key, nome: 'Obra', linhas: [{ id: cement.idprd, quantidade: 3 }] }]);
    expect((await read(other.cookie)).listas).toEqual([]);
    // The other customer naming the owner's key makes a list of their own; the owner's is untouched.
    await change(other.cookie, [{ lista: key, linhas: [{ id: cement.idprd, quantidade: 99 }] }]);
    await change(other.cookie, [{ lista: key, apagar: true }]);
    expect(shape(await read(owner.cookie))).toEqual([{ nome: 'Obra', linhas: { [cement.idprd]: 3 } }]);

    const order = await pixOrder(t.app, t.database, owner, [{ product: grout, quantity: 1 }]);
    const foreign = await call(t.app, recheckOperation, { body: { pedido: order.id }, cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ resposta: ORDER_NOT_FOUND_MESSAGE });
  });

  it('answers 401 without a session', async () => {
    for (const answer of [
      await call(t.app, workListsOperation, {}),
      await call(t.app, changeWorkListsOperation, {
        body: { mudancas: [{ lista: randomUUID(), nome: 'Obra' }] },
      }),
      await call(t.app, recheckOperation, { body: { pedido: 1001 } }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.json).toMatchObject({ resposta: SESSION_REQUIRED_MESSAGE });
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it("re-checks a past order's lines: out of stock, a new price, no longer sold", async () => {
    const customer = await signedInCustomer(t.app);
    const short = await makeProduct(t.database, { price: 2_000, stock: 50 });
    const dearer = await makeProduct(t.database, { price: 4_000, stock: 50 });
    const gone = await makeProduct(t.database, { price: 1_000, stock: 50 });
    const order = await pixOrder(t.app, t.database, customer, [
      { product: short, quantity: 5 },
      { product: dearer, quantity: 2 },
      { product: gone, quantity: 1 },
      { product: cement, quantity: 1 },
    ]);
    await t.database.db.execute(sql`UPDATE stock SET quantity = 3 WHERE idprd = ${short.idprd}`);
    await admin(t.app, 'POST', `/products/${dearer.idprd}/price`, { preco_centavos: 4_500 });
    await t.database.db.execute(sql`UPDATE products SET active = false WHERE idprd = ${gone.idprd}`);

    const answer = await call(t.app, recheckOperation, {
      body: { pedido: order.id },
      cookie: customer.cookie,
    });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const byId = new Map(answer.json.linhas.map((line) => [line.idprd, line]));
    expect(byId.get(short.idprd)).toMatchObject({
      quantidade: 5,
      disponivel: 3,
      preco: 20,
      precoAnterior: 20,
    });
    expect(byId.get(short.idprd)?.produto?.quantity).toBe(3);
    expect(byId.get(dearer.idprd)).toMatchObject({ quantidade: 2, preco: 45, precoAnterior: 40 });
    expect(byId.get(dearer.idprd)?.produto).toMatchObject({ preco: 45, quantity: 2 });
    expect(byId.get(gone.idprd)).toMatchObject({
      preco: null,
      disponivel: 0,
      produto: null,
      precoAnterior: 10,
    });
    expect(byId.get(cement.idprd)?.produto?.quantity).toBe(1);
  });

  it("re-checks a list's lines without a session, the price always the database's", async () => {
    const answer = await call(t.app, recheckOperation, {
      body: {
        itens: [
          { id: cement.idprd, quantidade: 500, precoAnterior: 1 },
          { id: tile.idprd, quantidade: 2 },
        ],
      },
    });
    expect(answer.status, answer.raw).toBe(200);
    const [first, second] = answer.json.linhas;
    expect(first).toMatchObject({ preco: 35.9, precoAnterior: 1, quantidade: 500 });
    expect(first!.disponivel).toBeLessThan(500);
    expect(first!.produto?.quantity).toBe(first!.disponivel);
    expect(second).toMatchObject({ preco: 59.9, precoAnterior: null, quantidade: 2 });
    expect(second!.produto).toMatchObject({ quantity: 2, multiploprdvenda: 2.5 });
  });
});
