import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailOperation } from '../../../src/api/orders';
import { refundNotice } from '../../../src/domain/pix-refund';
import { pixTotal } from '../../../src/domain/payment-options';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import {
  ADMIN_TOKEN,
  makeProduct,
  payAndNotify,
  pixOrder,
  placeOrder,
  rows,
  stockOf,
  type TestProduct,
} from './checkout';
import { heldProvider } from './held-provider';

// A line staff remove from a paid order (out of stock, `npm run store -- order:remove-line`): its
// value goes back through the provider that took the money, its units back in stock, the shopper
// told on the order page and by e-mail, and staff see it in payments:refunds. Refused, changing
// nothing, when the money cannot go back.

describe.each(databaseKinds)('removing a line after payment on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let kept: TestProduct;
  let gone: TestProduct;
  let provider: ReturnType<typeof heldProvider>;

  beforeAll(async () => {
    provider = heldProvider();
    t = await buildTestApp(
      kind,
      { ADMIN_TOKEN, CARD_WORK_SECONDS: '0', PIX_RECONCILE_SECONDS: '0' },
      { cards: { wrapProvider: provider.wrap } },
    );
    buyer = await signedInCustomer(t.app);
    kept = await makeProduct(t.database, { price: 20_000, stock: 100 });
    gone = await makeProduct(t.database, { price: 4_990, stock: 100 });
  });
  afterAll(() => t.close());

  const admin = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({
      method,
      url: `/admin${url}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
  const removeLine = (id: number, idprd: number) => admin('POST', `/orders/${id}/lines/${idprd}/remove`);
  const detailOf = async (id: number) =>
    (await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie })).json;
  const mailOf = async (id: number) => {
    await t.app.notifications.runOnce();
    const [mail] = await rows<{ body: string }>(
      t.database,
      sql`SELECT body FROM mail_outbox WHERE subject = ${`Pedido ${id}: item retirado`}`,
    );
    return mail?.body.replace(/\u00a0/g, ' ');
  };
  const lines = () => [
    { product: kept, quantity: 1 },
    { product: gone, quantity: 2 },
  ];

  it('refunds a card line by its value, puts its units back, and tells the shopper and staff', async () => {
    const placed = await placeOrder(t.app, t.database, buyer, { lines: lines(), tipo: 'credit' });
    expect(placed.response.status, placed.response.raw).toBe(200);
    const id = placed.response.json.id;
    const stockBefore = await stockOf(t.database, gone.idprd);

    const removed = await removeLine(id, gone.idprd);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      removido: { codigo: gone.idprd, quantidade: 2 },
      devolvidoCentavos: 9_980,
      meio: 'Visa final 1111',
    });
    expect(await stockOf(t.database, gone.idprd)).toBe(stockBefore + 2);
    const [attempt] = await rows<{ provider_id: string }>(
      t.database,
      sql`SELECT provider_id FROM card_payments WHERE order_id = ${id}`,
    );
    expect(provider.refunded.filter((refund) => refund.providerId === attempt.provider_id)).toEqual([
      { providerId: attempt.provider_id, amountCentavos: 9_980 },
    ]);
    expect(t.app.cards.emulator!.core.get(attempt.provider_id)).toMatchObject({
      status: 'captured',
      refundedCentavos: 9_980,
    });

    const detail = await detailOf(id);
    expect(detail.items.map((item) => item.idprd)).toEqual([kept.idprd]);
    expect(detail.total).toBe(placed.total / 100 - 99.8);
    expect(detail.devolucoes).toEqual([
      expect.objectContaining({ valor: 99.8, motivo: 'item-removido', status: 'devolvido' }),
    ]);
    expect(refundNotice(detail.devolucoes![0]).replace(/\u00a0/g, ' ')).toMatch(
      /^Um produto ficou sem estoque e foi retirado do pedido\. Estornamos R\$ 99,80 no cartão Visa final 1111 em \d{2}\/\d{2}\./,
    );
    expect(await mailOf(id)).toContain(
      `O produto ${gone.name} (quantidade 2) ficou sem estoque e foi retirado do pedido ${id}.`,
    );
    expect(await mailOf(id)).toContain('Estornaremos R$ 99,80 no cartão Visa final 1111');
    const listed = (await admin('GET', '/payments/refunds')).json().devolucoes;
    expect(listed).toContainEqual(
      expect.objectContaining({ pedido: id, meio: 'cartão', motivo: 'line_removed', valorCentavos: 9_980 }),
    );

    // The same line again: it is no longer in the order.
    expect((await removeLine(id, gone.idprd)).statusCode).toBe(404);
    // Cancelling the order later gives back the rest, never the line twice, nor its units.
    expect((await admin('POST', `/orders/${id}/cancel`)).statusCode).toBe(200);
    expect(t.app.cards.emulator!.core.get(attempt.provider_id)).toMatchObject({
      status: 'refunded',
      refundedCentavos: placed.total,
    });
    expect(await stockOf(t.database, gone.idprd)).toBe(stockBefore + 2);
  });

  it('gives a Pix line back by a devolucao of what it cost by Pix', async () => {
    const order = await pixOrder(t.app, t.database, buyer, lines());
    await payAndNotify(t.app, order.pix.payload);
    const stockBefore = await stockOf(t.database, gone.idprd);

    const removed = await removeLine(order.id, gone.idprd);
    expect(removed.statusCode, removed.body).toBe(200);
    // What the order cost by Pix, less what it costs without the line: the line's Pix price.
    const value = order.pixAmount - pixTotal(order.subtotal - 9_980, order.freight);
    expect(removed.json()).toMatchObject({ devolvidoCentavos: value, meio: 'PIX' });
    expect(await stockOf(t.database, gone.idprd)).toBe(stockBefore + 2);
    const refunds = () =>
      rows<{ id: string; status: string; reason: string; amount: number }>(
        t.database,
        sql`SELECT id, status, reason, amount::int AS amount FROM pix_refunds WHERE order_id = ${order.id} ORDER BY requested_at`,
      );
    // Sent at once: the provider has accepted the devolucao.
    expect(await refunds()).toEqual([
      expect.objectContaining({ status: 'EM_PROCESSAMENTO', reason: 'item-removido', amount: value }),
    ]);
    const detail = await detailOf(order.id);
    expect(detail.devolucoes).toEqual([
      expect.objectContaining({ valor: value / 100, motivo: 'item-removido', status: 'em-andamento' }),
    ]);
    expect(refundNotice(detail.devolucoes![0])).toBe(
      'Um produto ficou sem estoque e foi retirado do pedido: devolvemos o valor dele no PIX. A devolução do valor está em andamento.',
    );
    expect(await mailOf(order.id)).toContain(
      `Devolveremos R$ ${(value / 100).toFixed(2).replace('.', ',')} por PIX`,
    );
    const listed = (await admin('GET', '/payments/refunds')).json().devolucoes;
    expect(listed).toContainEqual(expect.objectContaining({ meio: 'PIX', motivo: 'item-removido' }));

    // Cancelled later: the rest of the Pix goes back, not the line again.
    expect((await admin('POST', `/orders/${order.id}/cancel`)).statusCode).toBe(200);
    const after = await refunds();
    expect(after.map((refund) => refund.amount)).toEqual([value, order.pixAmount - value]);
  });

  it('refuses, changing nothing, when the line is the whole order or the order was dispatched', async () => {
    const single = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: gone, quantity: 1 }],
      tipo: 'credit',
    });
    const only = await removeLine(single.response.json.id, gone.idprd);
    expect(only.statusCode).toBe(409);
    expect(only.json().resposta).toBe(
      `O produto ${gone.idprd} é o único item do pedido ${single.response.json.id}: cancele o pedido (order:cancel).`,
    );

    const placed = await placeOrder(t.app, t.database, buyer, { lines: lines(), tipo: 'credit' });
    const id = placed.response.json.id;
    for (let step = 0; step < 3; step += 1) await admin('POST', `/orders/${id}/advance`);
    const stockBefore = await stockOf(t.database, gone.idprd);
    const dispatched = await removeLine(id, gone.idprd);
    expect(dispatched.statusCode).toBe(409);
    expect(dispatched.json().resposta).toBe(
      `Pedido ${id} já foi despachado: os itens não podem ser retirados.`,
    );
    expect(await stockOf(t.database, gone.idprd)).toBe(stockBefore);
    expect((await detailOf(id)).items).toHaveLength(2);
  });
});
