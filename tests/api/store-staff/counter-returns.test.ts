import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailOperation } from '../../../src/api/orders';
import { ORDER_LOOKUP_NOT_FOUND_MESSAGE, orderLookupOperation } from '../../../src/api/store-pickup';
import {
  counterReturnsOperation,
  counterWithdrawalOperation,
  RETURN_NOT_FOUND_MESSAGE,
  returnReceivedOperation,
} from '../../../src/api/store-returns';
import { withdrawalOperation } from '../../../src/api/withdrawal';
import { centavosToReais } from '../../../src/domain/money';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { makeProduct, payAndNotify, pixOrder, placeOrder, rows, type TestProduct } from '../orders/checkout';
import { admin, pairedTablet } from '../store-mode/tablet';
import { addStaff, signInStaff, type TestStaff } from './staff';

// Withdrawals at the pickup counter (issue 35): a seller withdraws a purchase for the customer in
// front of them with the shopper's own rules and refund, sees the returns left at the store and
// receives them; a return whose items are partly made to order gives back only the others' share.
// Receiving moves no money: it went back at the request (docs/decisions/038-partial-withdrawal.md).

const VISA = '4111111111111111';
/** 'Entrega Programada': never free, so every order here paid freight. */
const TRUCK = 102;
const STORE = 3;

describe.each(databaseKinds)('withdrawals and returns at the counter on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let product: TestProduct;
  let seller: TestStaff;
  let counter: string;
  let otherCounter: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      ADMIN_TOKEN: 'token-de-teste-loja-0123456789abcdef',
      CARD_WORK_SECONDS: '0',
      PIX_RECONCILE_SECONDS: '0',
    });
    buyer = await signedInCustomer(t.app);
    product = await makeProduct(t.database, { price: 31_482, stock: 1_000 });
    const tablet = await pairedTablet(t.app, STORE);
    seller = await addStaff(t.app, STORE, 'vendedor', 'Bruno Balcão');
    counter = `${tablet.cookie}; ${await signInStaff(t.app, tablet.cookie, seller)}`;
    const elsewhere = await pairedTablet(t.app, 1);
    otherCounter = `${elsewhere.cookie}; ${await signInStaff(t.app, elsewhere.cookie, await addStaff(t.app, 1))}`;
  });
  afterAll(() => t.close());

  async function cardOrder(lines = [{ product, quantity: 1 }]) {
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines,
      tipo: 'credit',
      card: { number: VISA },
      installments: 3,
      shippingId: TRUCK,
    });
    expect(placed.response.status, placed.response.raw).toBe(200);
    return placed.response.json.id;
  }
  /** Delivered `daysAgo` days ago: the tracker's last stage written back in time. */
  async function delivered(id: number, daysAgo: number) {
    for (let step = 0; step < 5; step += 1)
      expect((await admin(t.app, 'POST', `/orders/${id}/advance`, {})).status).toBe(200);
    await t.database.db.execute(
      sql`UPDATE order_events SET created_at = now() - make_interval(days => ${daysAgo})
          WHERE order_id = ${id} AND kind = 'stage'`,
    );
  }
  const atCounter = (pedido: number, documento: string, cookie = counter, motivo?: string) =>
    call(t.app, counterWithdrawalOperation, { body: { pedido, documento, motivo }, cookie });
  const orderOf = async (id: number) =>
    (
      await rows<{ amount_due: number; freight: number; subtotal: number }>(
        t.database,
        sql`SELECT amount_due, freight, subtotal FROM orders WHERE id = ${id}`,
      )
    )[0];
  const cardRefunds = (id: number) =>
    rows<{ amount: number; reason: string; status: string }>(
      t.database,
      sql`SELECT amount, reason, status FROM card_refunds WHERE order_id = ${id} ORDER BY id`,
    );
  const madeToOrder = async (price: number) => {
    const tinted = await makeProduct(t.database, { price, stock: 100 });
    await t.database.db.execute(sql`UPDATE products SET custom_made = true WHERE idprd = ${tinted.idprd}`);
    return tinted;
  };

  it("withdraws a delivered purchase for the customer at the counter, with the seller's store and name", async () => {
    const id = await cardOrder();
    await delivered(id, 3);

    // The look-up shows the seller what the law allows now.
    const found = await call(t.app, orderLookupOperation, {
      query: { pedido: String(id), documento: buyer.doc },
      cookie: counter,
    });
    expect(found.status, found.raw).toBe(200);
    expect(found.json.desistencia).toMatchObject({ disponivel: true, tipo: 'devolucao', excluidos: [] });

    // A wrong CPF/CNPJ, no seller, or a client-sent store change nothing.
    const wrong = await atCounter(id, '00000000000');
    expect(wrong.status).toBe(404);
    expect(wrong.json.resposta).toBe(ORDER_LOOKUP_NOT_FOUND_MESSAGE);
    const tabletOnly = counter.split('; ')[0];
    expect((await atCounter(id, buyer.doc, tabletOnly)).status).toBe(401);
    expect(await cardRefunds(id)).toEqual([]);

    const answer = await call(t.app, counterWithdrawalOperation, {
      body: { pedido: id, documento: buyer.doc, motivo: 'Cor errada', loja: 5 } as never,
      cookie: counter,
    });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json.resposta).toContain('Loja Barão Geraldo');
    expect(answer.json.desistencia.pedido).toMatchObject({
      tipo: 'devolucao',
      devolucao: { modo: 'loja', loja: { id: STORE }, recebidaEm: null },
    });
    // Asked again (another tablet, or the shopper's own button): once.
    expect((await atCounter(id, buyer.doc)).json.resposta).toBe(
      'Sua desistência deste pedido já foi registrada.',
    );
    const shopper = await call(t.app, withdrawalOperation, { body: { pedido: id }, cookie: buyer.cookie });
    expect(shopper.json.resposta).toBe('Sua desistência deste pedido já foi registrada.');

    // Everything paid, freight included, given back at once, all instalments.
    const order = await orderOf(id);
    expect(Number(order.freight)).toBeGreaterThan(0);
    expect(await cardRefunds(id)).toEqual([
      { amount: Number(order.amount_due), reason: 'withdrawn', status: 'done' },
    ]);
    const [event] = await rows<{ staff_id: number; detail: { reason: string } }>(
      t.database,
      sql`SELECT staff_id, detail FROM order_events WHERE order_id = ${id} AND kind = 'withdrawal_requested'`,
    );
    expect(event).toMatchObject({ staff_id: seller.id, detail: { reason: 'Cor errada' } });
    await t.app.notifications.runOnce();
    expect(
      await rows(
        t.database,
        sql`SELECT id FROM mail_outbox WHERE subject = ${`Pedido ${id}: recebemos a sua desistência`}`,
      ),
    ).toHaveLength(1);
  });

  it("lists this store's returns and receives them once, moving no money; another store cannot", async () => {
    const id = await cardOrder();
    await delivered(id, 1);
    expect((await atCounter(id, buyer.doc)).status).toBe(200);
    const refundsBefore = await cardRefunds(id);
    expect(refundsBefore).toHaveLength(1);

    const list = await call(t.app, counterReturnsOperation, { cookie: counter });
    expect(list.status, list.raw).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json.devolucoes).toContainEqual(
      expect.objectContaining({
        pedido: id,
        cliente: buyer.nome,
        status: 'aberta',
        como: 'entrega na Loja Barão Geraldo',
        valorCentavos: Number((await orderOf(id)).amount_due),
        recebida: null,
      }),
    );
    const theirs = await call(t.app, counterReturnsOperation, { cookie: otherCounter });
    expect(theirs.json.devolucoes.map((line) => line.pedido)).not.toContain(id);
    const notTheirs = await call(t.app, returnReceivedOperation, {
      body: { pedido: id },
      cookie: otherCounter,
    });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.json.resposta).toBe(RETURN_NOT_FOUND_MESSAGE);

    const received = await call(t.app, returnReceivedOperation, { body: { pedido: id }, cookie: counter });
    expect(received.status, received.raw).toBe(200);
    expect(received.json).toMatchObject({
      jaFeito: false,
      devolucao: { status: 'recebida', recebida: { por: seller.nome } },
    });
    const again = await call(t.app, returnReceivedOperation, { body: { pedido: id }, cookie: counter });
    expect(again.json.jaFeito).toBe(true);
    expect(again.json.resposta).toMatch(/já estava recebida por Bruno Balcão às \d{2}:\d{2}/);
    await t.app.cards.work.runOnce();
    expect(await cardRefunds(id)).toEqual(refundsBefore);

    const page = await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie });
    expect(page.json.desistencia?.pedido?.devolucao?.recebidaEm).toEqual(
      received.json.devolucao.recebida?.em,
    );
  });

  it('receives a collected return through the CLI, and lists one store with --loja', async () => {
    const id = await cardOrder();
    await delivered(id, 2);
    const asked = await call(t.app, withdrawalOperation, {
      body: { pedido: id, devolucao: { modo: 'coleta' } },
      cookie: buyer.cookie,
    });
    expect(asked.status, asked.raw).toBe(200);
    // A collected return is not on any counter.
    const atStore = await admin(t.app, 'GET', `/orders/returns?loja=${STORE}`);
    expect((atStore.json.devolucoes as { pedido: number }[]).map((line) => line.pedido)).not.toContain(id);
    expect(
      (await call(t.app, returnReceivedOperation, { body: { pedido: id }, cookie: counter })).status,
    ).toBe(404);

    const received = await admin(t.app, 'POST', `/orders/${id}/return-received`);
    expect(received.status).toBe(200);
    expect(received.json).toMatchObject({
      jaFeito: false,
      devolucao: { status: 'recebida', recebida: { por: null } },
    });
    expect((await admin(t.app, 'POST', '/orders/999999/return-received')).status).toBe(404);
  });

  it('before dispatch, a counter withdrawal cancels the order and refunds it', async () => {
    const id = await cardOrder();
    const answer = await atCounter(id, buyer.doc);
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.json.desistencia.pedido?.tipo).toBe('cancelamento');
    const [row] = await rows<{ status: string; cancel_reason: string }>(
      t.database,
      sql`SELECT status, cancel_reason FROM orders WHERE id = ${id}`,
    );
    expect(row).toEqual({ status: 'Cancelado', cancel_reason: 'withdrawn' });
    expect(await cardRefunds(id)).toEqual([
      { amount: Number((await orderOf(id)).amount_due), reason: 'withdrawn', status: 'done' },
    ]);
  });

  it('returns the others when some items are made to order: named, kept, and only their share refunded', async () => {
    const tinted = await madeToOrder(9_000);
    const id = await cardOrder([
      { product, quantity: 1 },
      { product: tinted, quantity: 1 },
    ]);
    await delivered(id, 2);
    const order = await orderOf(id);
    const paid = Number(order.amount_due);
    // 314,82 of 404,82 in products: that share of everything paid (products, freight, interest).
    const share = Math.round((paid * 31_482) / (31_482 + 9_000));
    expect(share).toBeLessThan(paid);

    const before = (await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie })).json;
    expect(before.desistencia).toMatchObject({
      disponivel: true,
      tipo: 'devolucao',
      excluidos: [tinted.name],
      valor: centavosToReais(share),
    });
    const answer = await call(t.app, withdrawalOperation, { body: { pedido: id }, cookie: buyer.cookie });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.json.resposta).toContain(`Ficam com você, por serem feitos sob encomenda: ${tinted.name}.`);
    expect(await cardRefunds(id)).toEqual([{ amount: share, reason: 'withdrawn', status: 'done' }]);
    const [opened] = await rows<{ amount: number }>(
      t.database,
      sql`SELECT amount FROM order_returns WHERE order_id = ${id}`,
    );
    expect(Number(opened.amount)).toBe(share);
    const listed = await admin(t.app, 'GET', '/orders/returns');
    expect(listed.json.devolucoes).toContainEqual(
      expect.objectContaining({ pedido: id, valorCentavos: share, excluidos: [tinted.name] }),
    );
    await t.app.notifications.runOnce();
    const [mail] = await rows<{ body: string }>(
      t.database,
      sql`SELECT body FROM mail_outbox WHERE subject = ${`Pedido ${id}: recebemos a sua desistência`}`,
    );
    expect(mail.body).toContain(`feitos sob encomenda: ${tinted.name}`);
  });

  it('gives a Pix order with a made-to-order item back by one devolucao of the share', async () => {
    const cheap = await makeProduct(t.database, { price: 12_000, stock: 100 });
    const tinted = await madeToOrder(4_000);
    const order = await pixOrder(t.app, t.database, buyer, [
      { product: cheap, quantity: 1 },
      { product: tinted, quantity: 1 },
    ]);
    await payAndNotify(t.app, order.pix.payload);
    await delivered(order.id, 1);
    const paid = Number((await orderOf(order.id)).amount_due);
    const share = Math.round((paid * 12_000) / 16_000);
    expect((await atCounter(order.id, buyer.doc)).status).toBe(200);
    expect((await atCounter(order.id, buyer.doc)).status).toBe(200);
    const owed = await rows<{ amount: number }>(
      t.database,
      sql`SELECT amount FROM pix_refunds WHERE order_id = ${order.id}`,
    );
    expect(owed.map((row) => Number(row.amount))).toEqual([share]);
  });
});
