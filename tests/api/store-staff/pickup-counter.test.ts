import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_LOOKUP_NOT_FOUND_MESSAGE,
  orderLookupOperation,
  PICKUP_NOT_READY_MESSAGE,
  PICKUP_WRONG_DOCUMENT_MESSAGE,
  pickupListOperation,
  pickupStepOperation,
} from '../../../src/api/store-pickup';
import { orderDetailOperation, orderListOperation } from '../../../src/api/orders';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { makeProduct, placeOrder, rows } from '../orders/checkout';
import { ADMIN_TOKEN, pairedTablet } from '../store-mode/tablet';
import { addStaff, signInStaff, type TestStaff } from './staff';

describe.each(databaseKinds)('the pickup counter on %s', (kind) => {
  let t: TestApp;
  let customer: TestCustomer;
  let counter: string;
  let seller: TestStaff;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
    customer = await signedInCustomer(t.app);
    const tablet = await pairedTablet(t.app, 4);
    seller = await addStaff(t.app, 4, 'vendedor', 'Rita Balcão');
    counter = `${tablet.cookie}; ${await signInStaff(t.app, tablet.cookie, seller)}`;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A pickup order at store 4, paid by card (or a Pix left unpaid). */
  const pickupOrder = async (tipo: 'credit' | 'pix' = 'credit') => {
    const vase = await makeProduct(t.database, { price: 7_000, stock: 10 });
    await t.database.db.execute(
      sql`INSERT INTO store_stock (store_id, idprd, quantity) VALUES (4, ${vase.idprd}, 10)
          ON CONFLICT (store_id, idprd) DO UPDATE SET quantity = 10`,
    );
    const placed = await placeOrder(t.app, t.database, customer, {
      lines: [{ product: vase, quantity: 2 }],
      tipo,
      shippingId: 103,
      loja: 4,
    });
    expect(placed.response.status, placed.response.raw).toBe(200);
    return { id: placed.response.json.id };
  };
  const step = (
    pedido: number,
    passo: 'separar' | 'pronto' | 'retirado',
    documento?: string,
    cookie = counter,
  ) => call(t.app, pickupStepOperation, { body: { pedido, passo, documento }, cookie });
  const events = (id: number) =>
    rows<{ kind: string; detail: { store: number }; staff_id: number }>(
      t.database,
      sql`SELECT kind, detail, staff_id FROM order_events WHERE order_id = ${id} AND kind IN ('ready_for_pickup', 'picked_up') ORDER BY id`,
    );

  it("lists this store's paid pickup orders, oldest first, with the customer's name and the lines", async () => {
    const first = await pickupOrder();
    const second = await pickupOrder();
    const unpaid = await pickupOrder('pix');
    const list = await call(t.app, pickupListOperation, { cookie: counter });
    expect(list.status, list.raw).toBe(200);
    const ids = list.json.pedidos.map((row) => row.id);
    expect(ids).not.toContain(unpaid.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const shown = list.json.pedidos.find((row) => row.id === first.id);
    expect(shown).toMatchObject({ cliente: customer.nome, separacao: null, pronto: null, retirado: null });
    expect(shown?.itens).toEqual([expect.objectContaining({ quantidade: 2 })]);

    // Another store's counter does not see them.
    const elsewhere = await pairedTablet(t.app, 2);
    const other = await addStaff(t.app, 2);
    const otherCounter = `${elsewhere.cookie}; ${await signInStaff(t.app, elsewhere.cookie, other)}`;
    const theirs = await call(t.app, pickupListOperation, { cookie: otherCounter });
    expect(theirs.json.pedidos.map((row) => row.id)).not.toContain(first.id);
    expect((await step(first.id, 'separar', undefined, otherCounter)).status).toBe(404);
  });

  it('takes an order from paid to picked up, each step once, with the seller in the events', async () => {
    const { id } = await pickupOrder();
    const early = await step(id, 'retirado', customer.doc.slice(-4));
    expect(early.status).toBe(409);
    expect(early.json.resposta).toBe(PICKUP_NOT_READY_MESSAGE);

    const separating = await step(id, 'separar');
    expect(separating.status, separating.raw).toBe(200);
    expect(separating.json).toMatchObject({ jaFeito: false, pedido: { separacao: { por: 'Rita Balcão' } } });
    const ready = await step(id, 'pronto');
    expect(ready.json.jaFeito).toBe(false);
    expect(ready.json.pedido.pronto?.por).toBe('Rita Balcão');

    // Sent again (a queued step replayed): reported, not doubled.
    const again = await step(id, 'pronto');
    expect(again.status).toBe(200);
    expect(again.json.jaFeito).toBe(true);
    expect(again.json.resposta).toMatch(/já estava pronto para retirada por Rita Balcão/);

    const wrong = await step(id, 'retirado', customer.doc.slice(-4) === '0000' ? '1111' : '0000');
    expect(wrong.status).toBe(400);
    expect(wrong.json.resposta).toBe(PICKUP_WRONG_DOCUMENT_MESSAGE);
    expect((await step(id, 'retirado')).status).toBe(400);

    const picked = await step(id, 'retirado', customer.doc.slice(-4));
    expect(picked.status, picked.raw).toBe(200);
    expect(picked.json.pedido.retirado?.por).toBe('Rita Balcão');
    expect((await step(id, 'retirado', customer.doc.slice(-4))).json.jaFeito).toBe(true);

    expect(await events(id)).toEqual([
      { kind: 'ready_for_pickup', detail: { store: 4 }, staff_id: seller.id },
      { kind: 'picked_up', detail: { store: 4 }, staff_id: seller.id },
    ]);
    const list = await call(t.app, pickupListOperation, { cookie: counter });
    expect(list.json.pedidos.map((row) => row.id)).not.toContain(id);

    // The shopper's order detail follows, with times and no staff names.
    const detail = await call(t.app, orderDetailOperation, { query: { id }, cookie: customer.cookie });
    expect(detail.json.shipping.retirada).toEqual({
      pronto: expect.any(String),
      retirado: expect.any(String),
    });
    expect(detail.raw).not.toContain('Rita');
    // So does 'Meus Pedidos': the card tells the pickup, not a delivery still to come.
    const mine = await call(t.app, orderListOperation, { cookie: customer.cookie });
    expect(mine.json.find((row) => row.id === id)).toMatchObject({
      loja: { id: 4 },
      retirada: detail.json.shipping.retirada,
    });
  });

  it('makes a step once when two tablets send it at the same time', async () => {
    const { id } = await pickupOrder();
    const secondTablet = await pairedTablet(t.app, 4);
    const colleague = await addStaff(t.app, 4);
    const otherCounter = `${secondTablet.cookie}; ${await signInStaff(t.app, secondTablet.cookie, colleague)}`;
    const answers = await Promise.all([step(id, 'pronto'), step(id, 'pronto', undefined, otherCounter)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json.jaFeito).sort()).toEqual([false, true]);
    expect(await events(id)).toHaveLength(1);
  });

  it('looks an order up by its number and the full CPF/CNPJ, showing its status and steps only', async () => {
    const { id } = await pickupOrder();
    await step(id, 'pronto');
    const found = await call(t.app, orderLookupOperation, {
      query: { pedido: id, documento: customer.doc },
      cookie: counter,
    });
    expect(found.status, found.raw).toBe(200);
    expect(found.json).toMatchObject({ id, status: 'Pagamento Efetuado', pronto: { por: 'Rita Balcão' } });
    expect(found.json.etapas[0]).toEqual({ label: 'Pagamento Efetuado', done: true, current: true });
    // Nothing of the customer beyond the order.
    expect(found.raw).not.toContain(customer.nome);
    expect(found.raw).not.toContain(customer.email);

    const other = await signedInCustomer(t.app);
    const wrong = await call(t.app, orderLookupOperation, {
      query: { pedido: id, documento: other.doc },
      cookie: counter,
    });
    expect(wrong.status).toBe(404);
    expect(wrong.json.resposta).toBe(ORDER_LOOKUP_NOT_FOUND_MESSAGE);
    expect(
      (await call(t.app, orderLookupOperation, { query: { pedido: id, documento: '123' }, cookie: counter }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(t.app, orderLookupOperation, {
          query: { pedido: id, documento: customer.doc },
          cookie: customer.cookie,
        })
      ).status,
    ).toBe(401);
  });

  it('needs a signed-in seller', async () => {
    const { id } = await pickupOrder();
    expect((await call(t.app, pickupListOperation, { cookie: customer.cookie })).status).toBe(401);
    expect((await step(id, 'separar', undefined, customer.cookie)).status).toBe(401);
  });
});
