import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailOperation, orderListOperation, ORDER_NOT_FOUND_MESSAGE } from '../../../src/api/orders';
import { pixPaymentOperation, pixCodeOperation, pixStatusOperation } from '../../../src/api/pix';
import {
  movementValueOperation,
  placeOrderOperation,
  movementCodeOperation,
  PRICE_CHANGED_MESSAGE,
  RAW_CARD_MESSAGE,
} from '../../../src/api/place-order';
import { passwordRecoveryOperation } from '../../../src/api/customers';
import { installments, pixTotal } from '../../../src/domain/payment-options';
import { hasError, isDynamicPix, parsePix, PixElementType } from 'pix-utils';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import {
  ADMIN_TOKEN,
  buildPayload,
  deliverWebhook,
  makeProduct,
  newMov,
  pixOrder,
  placeOrder,
  rows,
  stockOf,
  type TestProduct,
} from './checkout';

describe.each(databaseKinds)('orders and payments on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let stranger: TestCustomer;
  let drill: TestProduct;
  let tile: TestProduct;

  const admin = (method: 'GET' | 'POST', url: string, payload?: unknown, remoteAddress?: string) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      ADMIN_TOKEN,
      PIX_KEY: 'pix@casaeobra.com.br',
      PIX_MERCHANT_NAME: 'Casa e Obra Materiais',
      PIX_MERCHANT_CITY: 'Campinas',
      PUBLIC_URL: 'https://loja.example.com.br',
    });
    buyer = await signedInCustomer(t.app);
    stranger = await signedInCustomer(t.app);
    drill = await makeProduct(t.database, { price: 34_990, stock: 50 });
    tile = await makeProduct(t.database, { price: 5_990, stock: 0, boxM2: 2.5, lotes: [30, 12] });
  });
  afterAll(() => t.close());

  it('goes from movement to a paid Pix order: BR Code, webhook, polling, list and detail', async () => {
    const codigo = await call(t.app, movementCodeOperation);
    expect(codigo.json.codigo).toBe('VENDA_ONLINE');

    const before = await stockOf(t.database, drill.idprd);
    const order = await pixOrder(t.app, t.database, buyer, [
      { product: drill, quantity: 2 },
      { product: tile, quantity: 3 },
    ]);
    expect(order.response.json).toMatchObject({ status: 'Aguardando pagamento' });
    // 2 x 349,90 + 3 boxes x 2.5 m² x 59,90 = 699,80 + 449,25
    expect(order.subtotal).toBe(69_980 + 44_925);
    expect(order.response.json.total).toBe(order.total / 100);
    expect(await stockOf(t.database, drill.idprd)).toBe(before - 2);

    // The code is the provider's dynamic BR Code (parsed by pix-utils): it points at the charge's
    // location, and the charge there holds our txid, key, the discounted amount and the payer.
    const parsed = parsePix(order.pix.payload);
    if (hasError(parsed) || !isDynamicPix(parsed))
      throw new Error(`not a dynamic Pix code: ${order.pix.payload}`);
    const code = parsed;
    expect(code.type).toBe(PixElementType.DYNAMIC);
    expect(code.merchantName).toBe('CASA E OBRA MATERIAIS');
    expect(code.merchantCity).toBe('CAMPINAS');
    expect(code.transactionCurrency).toBe('986');
    const cob = await t.app.pix.provider.getCharge(order.pix.txid!);
    expect(cob).toMatchObject({
      status: 'ATIVA',
      txid: order.pix.txid,
      location: code.url,
      chave: 'pix@casaeobra.com.br',
      valor: { original: (pixTotal(order.subtotal, order.freight) / 100).toFixed(2) },
      devedor: { cpf: buyer.doc.replace(/\D/g, ''), nome: buyer.nome },
      solicitacaoPagador: `Pedido ${order.id} - Casa & Obra`,
      calendario: { expiracao: 1800 },
    });
    expect(order.pix.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(order.pix.valor).toBe(pixTotal(order.subtotal, order.freight) / 100);
    expect(new Date(order.pix.expiraEm!).getTime() - Date.now()).toBeGreaterThan(29 * 60 * 1000);

    // The QR image is a PNG served by this server.
    const qrUrl = new URL(order.pix.qrcodeurl);
    expect(qrUrl.origin).toBe('https://loja.example.com.br');
    const image = await t.app.inject({ method: 'GET', url: qrUrl.pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const waiting = await call(t.app, pixStatusOperation, {
      query: { idmov: order.id },
      cookie: buyer.cookie,
    });
    expect(waiting.status).toBe(202);
    expect(waiting.json).toMatchObject({ pago: false, resposta: 'Aguardando pagamento' });

    // The payer's bank pays the copia e cola; this app listens nowhere, so no webhook reaches it:
    // the shopper's next poll (10 s later) reads the charge back from the provider.
    await t.app.pix.emulator!.core.pay({ code: order.pix.payload });
    await t.database.db.execute(sql`UPDATE pix_charges SET checked_at = now() - interval '11 seconds'`);
    const paid = await call(t.app, pixStatusOperation, { query: { idmov: order.id }, cookie: buyer.cookie });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ pago: true, resposta: 'Pagamento confirmado com sucesso!' });

    const list = await call(t.app, orderListOperation, { query: { id: buyer.id }, cookie: buyer.cookie });
    expect(list.status).toBe(200);
    const listed = list.json.find((item) => item.id === order.id)!;
    expect(listed).toMatchObject({
      paymentMethod: 'PIX',
      currentStepIndex: 0,
      rastreio: null,
      status: 'Pagamento Efetuado',
    });
    expect(listed.date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(listed.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const detail = await call(t.app, orderDetailOperation, { query: { id: order.id }, cookie: buyer.cookie });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      id: order.id,
      status: 'Pagamento Efetuado',
      total: order.total / 100,
      payment: { method: 'PIX', installments: 1, amount: pixTotal(order.subtotal, order.freight) / 100 },
      shipping: {
        id: 101,
        price: order.freight / 100,
        address: { cep: '13012100', street: 'Rua Barão de Jaguara', number: '1000' },
      },
    });
    expect(detail.json.items).toEqual([
      expect.objectContaining({
        idprd: drill.idprd,
        quantity: 2,
        price: 349.9,
        total_item: 699.8,
        codundvenda: 'UN',
      }),
      expect.objectContaining({
        idprd: tile.idprd,
        quantity: 3,
        price: 59.9,
        total_item: 449.25,
        codundvenda: 'M2',
      }),
    ]);
    // The tiles came from one lote, and that lote's stock went down.
    expect(detail.json.items[1].lote).toMatch(/^L1/);
    const [lote] = await rows<{ quantity: number }>(
      t.database,
      sql`SELECT quantity FROM lotes WHERE idprd = ${tile.idprd} AND code = 'L1'`,
    );
    expect(Number(lote.quantity)).toBe(27);

    // Staff command: one stage forward with a tracking code.
    const advanced = await admin('POST', `/admin/orders/${order.id}/advance`, { rastreio: 'br123456789br' });
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json()).toMatchObject({
      status: 'Pedido Faturado',
      currentStepIndex: 1,
      rastreio: 'BR123456789BR',
    });
    const after = await call(t.app, orderListOperation, { cookie: buyer.cookie });
    expect(after.json.find((item) => item.id === order.id)).toMatchObject({
      currentStepIndex: 1,
      rastreio: 'BR123456789BR',
    });
  });

  it('pays a card order at once and keeps only brand and last four digits', async () => {
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'credit',
      installments: 8,
    });
    expect(placed.response.status, placed.response.raw).toBe(200);
    expect(placed.response.json.status).toBe('Pagamento Efetuado');
    const plan = installments(placed.total)[7];
    const detail = await call(t.app, orderDetailOperation, {
      query: { id: placed.response.json.id },
      cookie: buyer.cookie,
    });
    expect(detail.json.payment).toMatchObject({
      method: 'Cartão de Crédito',
      installments: 8,
      brand: 'Visa',
      last4: '1111',
      installmentValue: plan.valorParcela / 100,
      amount: plan.total / 100,
    });
  });

  it('declines an emulator test card with a pt-BR reason, creating nothing, and the same checkout can retry', async () => {
    const before = await stockOf(t.database, drill.idprd);
    const mov = await newMov(t.app, buyer);
    const declined = await buildPayload(t, buyer, mov, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'credit',
      card: { number: '4000 0000 0000 0002' },
    });
    const response = await call(t.app, placeOrderOperation, { body: declined.payload, cookie: buyer.cookie });
    expect(response.status).toBe(402);
    expect(response.json.resposta).toBe(
      'Pagamento recusado pelo banco emissor. Use outro cartão ou pague com PIX.',
    );
    expect(await stockOf(t.database, drill.idprd)).toBe(before);
    expect(await rows(t.database, sql`SELECT id FROM orders WHERE mov = ${mov}`)).toHaveLength(0);

    const expired = await buildPayload(t, buyer, mov, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'credit',
      card: { expiry: '01/20' },
    });
    const old = await call(t.app, placeOrderOperation, { body: expired.payload, cookie: buyer.cookie });
    expect(old.status).toBe(402);
    expect(old.json.resposta).toMatch(/vencido/);

    const retry = await buildPayload(t, buyer, mov, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'credit',
    });
    const approved = await call(t.app, placeOrderOperation, { body: retry.payload, cookie: buyer.cookie });
    expect(approved.status).toBe(200);
    expect(await stockOf(t.database, drill.idprd)).toBe(before - 1);
  });

  it('refuses a card number or CVV sent to the store itself (they belong in the provider fields)', async () => {
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t, buyer, mov, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'credit',
    });
    const raw = {
      ...payload,
      forma: { ...(payload.forma as object), cardNumber: '4111111111111111', cvv: '918' },
    };
    const response = await call(t.app, placeOrderOperation, { body: raw, cookie: buyer.cookie });
    expect(response.status).toBe(400);
    expect(response.json.resposta).toContain(RAW_CARD_MESSAGE);
    expect(await rows(t.database, sql`SELECT id FROM orders WHERE mov = ${mov}`)).toHaveLength(0);
  });

  it('never stores or logs a card number or CVV', async () => {
    const numbers = ['4111111111111111', '5555555555554444'];
    for (const cardNumber of numbers) {
      const placed = await placeOrder(t.app, t.database, buyer, {
        lines: [{ product: drill, quantity: 1 }],
        tipo: 'credit',
        card: { number: cardNumber, cvv: '918' },
      });
      expect(placed.response.status, placed.response.raw).toBe(200);
    }
    const tables = await rows<{ table_name: string }>(
      t.database,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const dump = await rows<{ row: Record<string, unknown> }>(
        t.database,
        sql`SELECT row_to_json(x) AS row FROM ${sql.identifier(table_name)} x`,
      );
      const text = JSON.stringify(dump);
      for (const cardNumber of numbers) {
        expect(text, table_name).not.toContain(cardNumber);
        expect(text, table_name).not.toContain(cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
      }
      for (const { row } of dump)
        for (const [column, value] of Object.entries(typeof row === 'string' ? JSON.parse(row) : row))
          expect(String(value), `${table_name}.${column}`).not.toBe('918');
    }
    const log = t.logLines.join('\n');
    for (const cardNumber of numbers) expect(log).not.toContain(cardNumber);
    expect(log).not.toContain('4111 1111 1111 1111');
    expect(log).not.toMatch(/"?cvv"?\s*[:=]/i);
    const [stored] = await rows<{ card_brand: string; card_last4: string }>(
      t.database,
      sql`SELECT card_brand, card_last4 FROM orders WHERE card_last4 = '4444' LIMIT 1`,
    );
    expect(stored).toEqual({ card_brand: 'Mastercard', card_last4: '4444' });
  });

  it('makes one order from ten concurrent submissions of one checkout', async () => {
    const before = await stockOf(t.database, drill.idprd);
    const mov = await newMov(t.app, buyer);
    const { payload } = await buildPayload(t, buyer, mov, {
      lines: [{ product: drill, quantity: 3 }],
      tipo: 'pix',
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.json.id)).size).toBe(1);
    expect(await rows(t.database, sql`SELECT id FROM orders WHERE mov = ${mov}`)).toHaveLength(1);
    expect(await stockOf(t.database, drill.idprd)).toBe(before - 3);
    // A later retry with the same key still gives the same order back.
    const again = await call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie });
    expect(again.json.id).toBe(answers[0].json.id);
  });

  it('answers a changed price or freight with 409 and the server figures, creating nothing', async () => {
    const mov = await newMov(t.app, buyer);
    const { payload, total } = await buildPayload(t, buyer, mov, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'pix',
    });
    const cheaper = { ...payload, produtos: [{ ...payload.produtos[0], price: '300,00' }] };
    const response = await call(t.app, placeOrderOperation, { body: cheaper, cookie: buyer.cookie });
    expect(response.status).toBe(409);
    expect(response.json.resposta).toBe(PRICE_CHANGED_MESSAGE);
    expect((response.json as unknown as { resumo: { total: number } }).resumo.total).toBe(total / 100);
    const lowTotal = { ...payload, resumo: { ...payload.resumo, total: '1,00' } };
    expect((await call(t.app, placeOrderOperation, { body: lowTotal, cookie: buyer.cookie })).status).toBe(
      409,
    );
    expect(await rows(t.database, sql`SELECT id FROM orders WHERE mov = ${mov}`)).toHaveLength(0);
    // The right figures go through on the same key.
    expect((await call(t.app, placeOrderOperation, { body: payload, cookie: buyer.cookie })).status).toBe(
      200,
    );
  });

  it('refuses more than the stock with 406 and leaves the stock as it was', async () => {
    const scarce = await makeProduct(t.database, { price: 1_000, stock: 2 });
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: scarce, quantity: 3 }],
      tipo: 'pix',
    });
    expect(placed.response.status).toBe(406);
    expect(placed.response.json.resposta).toMatch(/Disponível: 2/);
    expect(await stockOf(t.database, scarce.idprd)).toBe(2);
  });

  it('records which store a pickup order goes to', async () => {
    const without = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'pix',
      shippingId: 103,
    });
    expect(without.response.status).toBe(400);
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'pix',
      shippingId: 103,
      loja: 2,
    });
    expect(placed.response.status, placed.response.raw).toBe(200);
    const detail = await call(t.app, orderDetailOperation, {
      query: { id: placed.response.json.id },
      cookie: buyer.cookie,
    });
    expect(detail.json.shipping).toMatchObject({ id: 103, price: 0, loja: { id: 2, nome: 'Loja Taquaral' } });
  });

  it('answers another customer’s order exactly like a missing one', async () => {
    const mine = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'pix',
    });
    const id = mine.response.json.id;
    const foreign = await call(t.app, orderDetailOperation, { query: { id }, cookie: stranger.cookie });
    const missing = await call(t.app, orderDetailOperation, {
      query: { id: 999_999 },
      cookie: stranger.cookie,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ resposta: ORDER_NOT_FOUND_MESSAGE });
    expect(missing.status).toBe(foreign.status);
    expect(missing.raw).toBe(foreign.raw);
    for (const op of [pixStatusOperation] as const) {
      const a = await call(t.app, op, { query: { idmov: id }, cookie: stranger.cookie });
      const b = await call(t.app, op, { query: { idmov: 999_999 }, cookie: stranger.cookie });
      expect([a.status, a.raw]).toEqual([b.status, b.raw]);
    }
    const a = await call(t.app, pixPaymentOperation, { body: { idmov: id }, cookie: stranger.cookie });
    const b = await call(t.app, pixPaymentOperation, { body: { idmov: 999_999 }, cookie: stranger.cookie });
    expect(a.status).toBe(404);
    expect([a.status, a.raw]).toEqual([b.status, b.raw]);
    // Nor can someone else use my checkout key.
    const stolen = await buildPayload(t, stranger, mine.mov, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'pix',
    });
    const reuse = await call(t.app, placeOrderOperation, { body: stolen.payload, cookie: stranger.cookie });
    expect(reuse.status).toBe(409);
  });

  it('refuses every order call without a session (401) and with another customer id (403)', async () => {
    const placed = await pixOrder(t.app, t.database, buyer, [{ product: drill, quantity: 1 }]);
    const calls = [
      { op: movementValueOperation, input: {} },
      { op: placeOrderOperation, input: { body: { ...placed.payload, dados_cliente: { id: stranger.id } } } },
      { op: orderListOperation, input: { query: { id: stranger.id } } },
      { op: orderDetailOperation, input: { query: { id: placed.id } } },
      { op: pixPaymentOperation, input: { body: { idmov: placed.id, dados_cliente: { id: stranger.id } } } },
      {
        op: pixCodeOperation,
        input: {
          body: { idmov: placed.id, PaymentId: placed.paymentId, dados_cliente: { id: stranger.id } },
        },
      },
      { op: pixStatusOperation, input: { query: { idmov: placed.id } } },
    ];
    for (const { op, input } of calls) {
      const anonymous = await call(t.app, op, input as never);
      expect(anonymous.status, op.name).toBe(401);
      expect(anonymous.json.resposta, op.name).toBeTruthy();
    }
    for (const { op, input } of calls.filter((entry) =>
      [placeOrderOperation, orderListOperation, pixPaymentOperation, pixCodeOperation].includes(
        entry.op as never,
      ),
    )) {
      const foreign = await call(t.app, op, { ...(input as object), cookie: buyer.cookie } as never);
      expect(foreign.status, op.name).toBe(403);
    }
    // The stranger's own session cannot read the buyer's Pix charge either.
    const data = await call(t.app, pixCodeOperation, {
      body: { PaymentId: placed.paymentId },
      cookie: stranger.cookie,
    });
    expect(data.status).toBe(404);
  });

  it('never trusts a webhook body: a Pix the provider does not know pays nothing', async () => {
    const order = await pixOrder(t.app, t.database, buyer, [{ product: drill, quantity: 1 }]);
    const valor = (order.pixAmount / 100).toFixed(2);
    const made = await deliverWebhook(t.app, {
      pix: [
        {
          endToEndId: 'E00000000202611241200abcdefghijk',
          txid: order.pix.txid,
          valor,
          horario: new Date().toISOString(),
        },
      ],
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().resultados).toEqual([
      { endToEndId: 'E00000000202611241200abcdefghijk', resultado: 'ignorado' },
    ]);
    const shapeless = await deliverWebhook(t.app, { id: 'evt-1', txid: order.pix.txid, valor });
    expect(shapeless.statusCode).toBe(400);
    expect(
      (await call(t.app, pixStatusOperation, { query: { idmov: order.id }, cookie: buyer.cookie })).status,
    ).toBe(202);
  });

  it('an expired code is refused by the bank; a new charge can be opened', async () => {
    const order = await pixOrder(t.app, t.database, buyer, [{ product: drill, quantity: 1 }]);
    await t.database.db.execute(
      sql`UPDATE pix_charges SET expires_at = now() - interval '1 second' WHERE id = ${order.paymentId}`,
    );
    await t.database.db.execute(
      sql`UPDATE pix_emulator_cobs SET expires_at = now() - interval '1 second' WHERE txid = ${order.pix.txid}`,
    );
    await expect(t.app.pix.emulator!.core.pay({ code: order.pix.payload })).rejects.toThrow(
      'Esta cobrança expirou.',
    );
    const status = await call(t.app, pixStatusOperation, {
      query: { idmov: order.id },
      cookie: buyer.cookie,
    });
    expect(status.status).toBe(410);
    expect(status.json.pago).toBe(false);
    const data = await call(t.app, pixCodeOperation, {
      body: { PaymentId: order.paymentId },
      cookie: buyer.cookie,
    });
    expect(data.status).toBe(410);
    const renewed = await call(t.app, pixPaymentOperation, {
      body: { idmov: order.id },
      cookie: buyer.cookie,
    });
    expect(renewed.status).toBe(201);
    expect(renewed.json.resposta).not.toBe(order.paymentId);
    // The old code is removed at the provider as well.
    await t.app.pix.work.kick();
    expect((await t.app.pix.provider.getCharge(order.pix.txid!))?.status).toBe(
      'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    );
  });

  it('confirms a pending Pix through the staff endpoint, which only answers on loopback with the token', async () => {
    const order = await pixOrder(t.app, t.database, buyer, [{ product: drill, quantity: 1 }]);
    const remote = await admin('POST', `/admin/pix/${order.id}/confirm`, {}, '10.1.2.3');
    expect(remote.statusCode).toBe(404);
    const proxied = await t.app.inject({
      method: 'POST',
      url: `/admin/pix/${order.id}/confirm`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-forwarded-for': '203.0.113.5' },
      payload: {},
    });
    expect(proxied.statusCode).toBe(404);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/admin/pix/${order.id}/confirm`,
      payload: {},
    });
    expect(noToken.statusCode).toBe(401);
    const confirmed = await admin('POST', `/admin/pix/${order.id}/confirm`, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ pedido: order.id, resultado: 'pago', txid: order.pix.txid });
    expect(
      (await call(t.app, pixStatusOperation, { query: { idmov: order.id }, cookie: buyer.cookie })).status,
    ).toBe(200);

    const unpaid = await pixOrder(t.app, t.database, buyer, [{ product: drill, quantity: 1 }]);
    const blocked = await admin('POST', `/admin/orders/${unpaid.id}/advance`, {});
    expect(blocked.statusCode).toBe(409);
    const before = await stockOf(t.database, drill.idprd);
    const cancelled = await admin('POST', `/admin/orders/${unpaid.id}/cancel`, {});
    expect(cancelled.json()).toMatchObject({ status: 'Cancelado', currentStepIndex: -1 });
    expect(await stockOf(t.database, drill.idprd)).toBe(before + 1);
  });

  it('gives back the stock of a Pix order left unpaid for a day when the next checkout starts', async () => {
    const held = await makeProduct(t.database, { price: 4_990, stock: 4 });
    const order = await pixOrder(t.app, t.database, buyer, [{ product: held, quantity: 3 }]);
    expect(await stockOf(t.database, held.idprd)).toBe(1);
    await newMov(t.app, stranger);
    expect(await stockOf(t.database, held.idprd)).toBe(1);
    await t.database.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = ${order.id}`,
    );
    await t.database.db.execute(
      sql`UPDATE pix_charges SET expires_at = now() - interval '1 hour' WHERE order_id = ${order.id}`,
    );
    await newMov(t.app, stranger);
    expect(await stockOf(t.database, held.idprd)).toBe(4);
    const detail = await call(t.app, orderDetailOperation, { query: { id: order.id }, cookie: buyer.cookie });
    expect(detail.json.status).toBe('Cancelado');
    expect(
      (await call(t.app, pixStatusOperation, { query: { idmov: order.id }, cookie: buyer.cookie })).status,
    ).toBe(409);
  });

  it('walks an order through the six stages and stops at the last', async () => {
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'credit',
    });
    const id = placed.response.json.id;
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await admin('POST', `/admin/orders/${id}/advance`, {})).json().status);
    expect(statuses).toEqual([
      'Pedido Faturado',
      'Emissão Nota Fiscal',
      'Pedido Despachado',
      'Saiu para entrega',
      'Pedido Entregue',
    ]);
    expect((await admin('POST', `/admin/orders/${id}/advance`, {})).statusCode).toBe(409);
    expect((await admin('POST', `/admin/orders/${id}/cancel`, {})).statusCode).toBe(409);
    const detail = await call(t.app, orderDetailOperation, { query: { id }, cookie: buyer.cookie });
    expect(detail.json).toMatchObject({ status: 'Pedido Entregue', currentStepIndex: 5 });
  });

  it('shows the latest e-mails with their reset links to the staff endpoint', async () => {
    await call(t.app, passwordRecoveryOperation, { body: { email: buyer.email } });
    const latest = await admin('GET', '/admin/mail/latest?limit=1');
    expect(latest.statusCode).toBe(200);
    const [message] = latest.json().mensagens;
    expect(message.to).toBe(buyer.email);
    // The link names its account too (decision 037).
    expect(message.links[0]).toBe(
      `https://loja.example.com.br/redefinir?acess=${/acess=([A-Za-z0-9_-]{43})&/.exec(message.links[0])?.[1]}&email=${encodeURIComponent(buyer.email)}`,
    );
  });
});

describe.each(databaseKinds)('Pix demonstration mode on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PIX_AUTO_CONFIRM_SECONDS: '5' });
  });
  afterAll(() => t.close());

  it('confirms a charge by itself once PIX_AUTO_CONFIRM_SECONDS have passed', async () => {
    const buyer = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 2_500, stock: 5 });
    const order = await pixOrder(t.app, t.database, buyer, [{ product, quantity: 1 }]);
    expect(
      (await call(t.app, pixStatusOperation, { query: { idmov: order.id }, cookie: buyer.cookie })).status,
    ).toBe(202);
    // The emulator pays a charge this old the next time it is read (the shopper's next poll).
    await t.database.db.execute(
      sql`UPDATE pix_emulator_cobs SET created_at = now() - interval '6 seconds' WHERE txid = ${order.pix.txid}`,
    );
    await t.database.db.execute(sql`UPDATE pix_charges SET checked_at = NULL WHERE id = ${order.paymentId}`);
    const paid = await call(t.app, pixStatusOperation, { query: { idmov: order.id }, cookie: buyer.cookie });
    expect(paid.status).toBe(200);
    expect(paid.json.pago).toBe(true);
  });
});
