import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailOperation } from '../../../src/api/orders';
import { withdrawalOperation } from '../../../src/api/withdrawal';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import {
  ADMIN_TOKEN,
  makeProduct,
  payAndNotify,
  pixOrder,
  placeOrder,
  rows,
  type TestProduct,
} from './checkout';
import { heldProvider } from './held-provider';

// The right of withdrawal (CDC art. 49) on both databases: a card or Pix order given back in full,
// freight included, once; refused past the 7 days. The clock is the order's events and the Pix
// emulator's settlement time: the test writes them instead of waiting.

const VISA = '4111111111111111';
/** 'Entrega Programada': never free, so every order here paid freight. */
const TRUCK = 102;

describe.each(databaseKinds)('withdrawal of a purchase on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let product: TestProduct;
  /** Under the free-shipping threshold: its Pix order pays freight. */
  let cheap: TestProduct;
  let provider: ReturnType<typeof heldProvider>;

  beforeAll(async () => {
    provider = heldProvider();
    t = await buildTestApp(
      kind,
      { ADMIN_TOKEN, CARD_WORK_SECONDS: '0', PIX_RECONCILE_SECONDS: '0' },
      { cards: { wrapProvider: provider.wrap } },
    );
    buyer = await signedInCustomer(t.app);
    product = await makeProduct(t.database, { price: 31_482, stock: 1_000 });
    cheap = await makeProduct(t.database, { price: 12_000, stock: 1_000 });
  });
  afterAll(() => t.close());

  async function cardOrder(installments = 1) {
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product, quantity: 1 }],
      tipo: 'credit',
      card: { number: VISA },
      installments,
      shippingId: TRUCK, // freight paid, so the refund must carry it
    });
    expect(placed.response.status, placed.response.raw).toBe(200);
    return placed.response.json.id;
  }
  async function paidPixOrder() {
    const order = await pixOrder(t.app, t.database, buyer, [{ product: cheap, quantity: 1 }]);
    await payAndNotify(t.app, order.pix.payload);
    return order.id;
  }
  const advance = async (id: number, times: number) => {
    for (let step = 0; step < times; step += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/admin/orders/${id}/advance`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: {},
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
  };
  /** Delivered `daysAgo` days ago: the tracker's last stage written back in time. */
  async function delivered(id: number, daysAgo: number) {
    await advance(id, 5);
    await t.database.db.execute(
      sql`UPDATE order_events SET created_at = now() - make_interval(days => ${daysAgo})
          WHERE order_id = ${id} AND kind = 'stage'`,
    );
  }
  const withdraw = (id: number, motivo?: string) =>
    call(t.app, withdrawalOperation, { body: { pedido: id, motivo }, cookie: buyer.cookie });
  const detailOf = async (id: number) =>
    (await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie })).json;
  const orderRow = async (id: number) =>
    (
      await rows<{ total: number; freight: number; amount_due: number; status: string }>(
        t.database,
        sql`SELECT total, freight, amount_due, status FROM orders WHERE id = ${id}`,
      )
    )[0];
  const cardRefunds = (id: number) =>
    rows<{ kind: string; amount: number; reason: string; status: string }>(
      t.database,
      sql`SELECT kind, amount, reason, status FROM card_refunds WHERE order_id = ${id}`,
    );
  const pixRefunds = (id: number) =>
    rows<{ amount: number; status: string }>(
      t.database,
      sql`SELECT amount, status FROM pix_refunds WHERE order_id = ${id}`,
    );

  it('refunds a delivered card order within 7 days, freight included, once, and opens the return', async () => {
    const id = await cardOrder(8);
    await delivered(id, 6);
    const page = await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie });
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json.desistencia).toMatchObject({ disponivel: true, tipo: 'devolucao' });

    const answer = await withdraw(id, 'Não serviu');
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const again = await withdraw(id);
    expect(again.status).toBe(200);
    expect(again.json.resposta).toBe('Sua desistência deste pedido já foi registrada.');
    await t.app.cards.work.runOnce();

    const order = await orderRow(id);
    expect(Number(order.freight)).toBeGreaterThan(0);
    expect(await cardRefunds(id)).toEqual([
      { kind: 'refund', amount: Number(order.amount_due), reason: 'withdrawn', status: 'done' },
    ]);
    expect(
      provider.refunded.filter((refund) => refund.amountCentavos === Number(order.amount_due)),
    ).toHaveLength(1);
    const [opened] = await rows<{ mode: string; reason: string }>(
      t.database,
      sql`SELECT mode, reason FROM order_returns WHERE order_id = ${id}`,
    );
    expect(opened).toEqual({ mode: 'coleta', reason: 'Não serviu' });
    // Staff see it in `npm run store -- order:returns`.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/admin/orders/returns',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(listed.json().devolucoes).toContainEqual(
      expect.objectContaining({
        pedido: id,
        status: 'aberta',
        como: 'coleta em Rua Barão de Jaguara, 1000 - Campinas',
        motivo: 'Não serviu',
        valorCentavos: Number(order.amount_due),
      }),
    );
    const after = await detailOf(id);
    expect(after.desistencia).toMatchObject({ disponivel: false, pedido: { tipo: 'devolucao' } });
    expect(after.devolucoes).toEqual([
      expect.objectContaining({ status: 'devolvido', cartao: expect.objectContaining({ parcelas: 8 }) }),
    ]);
    // The receipt of the request, by e-mail, at once.
    await t.app.notifications.runOnce();
    const mails = await rows<{ body: string }>(
      t.database,
      sql`SELECT body FROM mail_outbox WHERE subject = ${`Pedido ${id}: recebemos a sua desistência`}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('Motivo informado: Não serviu');
  });

  it('gives a delivered Pix order back by one devolucao', async () => {
    const id = await paidPixOrder();
    await delivered(id, 2);
    expect((await withdraw(id)).status).toBe(200);
    expect((await withdraw(id)).status).toBe(200);
    const order = await orderRow(id);
    expect(Number(order.freight)).toBeGreaterThan(0);
    const owed = await pixRefunds(id);
    expect(owed).toHaveLength(1);
    expect(Number(owed[0].amount)).toBe(Number(order.amount_due));
    // Asked of the provider before the answer; its settlement brought forward instead of waited for.
    expect((await pixRefunds(id))[0].status).toBe('EM_PROCESSAMENTO');
    await t.database.db.execute(sql`UPDATE pix_emulator_refunds SET settles_at = now()`);
    await t.app.pix.work.kick();
    expect((await pixRefunds(id))[0].status).toBe('DEVOLVIDO');
    expect((await detailOf(id)).devolucoes).toEqual([
      expect.objectContaining({ status: 'devolvido', motivo: 'desistencia' }),
    ]);
  });

  it('refuses on day 8 with the reason, and the order page says why', async () => {
    const id = await cardOrder();
    await delivered(id, 8);
    const answer = await withdraw(id);
    expect(answer.status).toBe(409);
    expect(answer.json.resposta).toMatch(
      /^O prazo de 7 dias para desistir da compra terminou em \d{2}\/\d{2}/,
    );
    expect(await cardRefunds(id)).toEqual([]);
    expect((await detailOf(id)).desistencia).toMatchObject({
      disponivel: false,
      motivo: answer.json.resposta,
    });
  });

  it('before dispatch, cancels the order and refunds it', async () => {
    const id = await cardOrder();
    await advance(id, 2);
    expect((await detailOf(id)).desistencia).toMatchObject({ disponivel: true, tipo: 'cancelamento' });
    expect((await withdraw(id)).status).toBe(200);
    expect((await withdraw(id)).status).toBe(200);
    await t.app.cards.work.runOnce();
    const order = await orderRow(id);
    expect(order.status).toBe('Cancelado');
    expect(await cardRefunds(id)).toEqual([
      { kind: 'refund', amount: Number(order.amount_due), reason: 'withdrawn', status: 'done' },
    ]);
    const detail = await detailOf(id);
    expect(detail.motivo).toBe('Você desistiu da compra (CDC art. 49).');
    expect(detail.desistencia).toMatchObject({ pedido: { tipo: 'cancelamento' } });
  });

  it("answers another customer's order as not found", async () => {
    const id = await cardOrder();
    const other = await signedInCustomer(t.app);
    const answer = await call(t.app, withdrawalOperation, { body: { pedido: id }, cookie: other.cookie });
    expect(answer.status).toBe(404);
  });

  it('names the items made to order and keeps the button away after dispatch', async () => {
    const tinted = await makeProduct(t.database, { price: 2_190, stock: 100 });
    await t.database.db.execute(sql`UPDATE products SET custom_made = true WHERE idprd = ${tinted.idprd}`);
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: tinted, quantity: 2 }],
      tipo: 'credit',
      card: { number: VISA },
    });
    const id = placed.response.json.id;
    await delivered(id, 1);
    const detail = await detailOf(id);
    expect(detail.desistencia).toMatchObject({ disponivel: false, excluidos: [tinted.name] });
    expect(detail.desistencia!.motivo).toContain(tinted.name);
    expect((await withdraw(id)).status).toBe(409);
  });
});
