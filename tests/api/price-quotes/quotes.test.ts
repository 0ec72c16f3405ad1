import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASNAP_PATH } from '../../../src/api/datasnap-path';
import { placeOrderOperation } from '../../../src/api/place-order';
import {
  QUOTE_MANAGER_ONLY_MESSAGE,
  answerQuoteOperation,
  askAgainOperation,
  changeDiscountCapsOperation,
  myQuoteOperation,
  myQuotesOperation,
  quotePdfPath,
  requestQuoteOperation,
  storeQuoteOperation,
  storeQuotesOperation,
} from '../../../src/api/price-quotes';
import { addBusinessDays, storeDate } from '../../../src/domain/store-calendar';
import { runNotificationCommand } from '../../../src/server/cli-notifications';
import { isNationalHoliday } from '../../../src/server/services/calendar';
import { printedOn } from '../../cli-output';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { buildPayload, makeProduct, newMov, rows, type TestProduct } from '../orders/checkout';
import { addStaff, signInStaff } from '../store-staff/staff';
import { ADMIN_TOKEN, admin, pairedTablet } from '../store-mode/tablet';

// Quotes (docs/quotes.md): asked from the cart by a signed-in customer, answered on the store's
// tablet within the seller's discount cap, told once, turned once into an order at the quoted
// prices, refused once expired (the server's clock is the test's), each side seeing only its own.

const DAY = 86_400_000;

describe.each(databaseKinds)('quotes on %s', (kind) => {
  let t: TestApp;
  let now = new Date();
  /** Store 5's tablet with a seller (vendedor) and its manager signed in; store 1's with a seller. */
  let seller: { id: number; nome: string; cookie: string };
  let manager: { cookie: string };
  let otherStore: { cookie: string };

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN }, { clock: () => now });
    const tablet = await pairedTablet(t.app, 5);
    const ana = await addStaff(t.app, 5, 'vendedor', 'Ana Orçamentos');
    seller = {
      id: ana.id,
      nome: ana.nome,
      cookie: `${tablet.cookie}; ${await signInStaff(t.app, tablet.cookie, ana)}`,
    };
    const managerTablet = await pairedTablet(t.app, 5);
    const boss = await addStaff(t.app, 5, 'gerente', 'Bruno Gerente');
    manager = { cookie: `${managerTablet.cookie}; ${await signInStaff(t.app, managerTablet.cookie, boss)}` };
    const elsewhere = await pairedTablet(t.app, 1);
    const carla = await addStaff(t.app, 1, 'vendedor', 'Carla Centro');
    otherStore = { cookie: `${elsewhere.cookie}; ${await signInStaff(t.app, elsewhere.cookie, carla)}` };
  });
  afterAll(async () => {
    await t.close();
  });

  const ask = async (customer: TestCustomer, lines: { product: TestProduct; quantity: number }[]) => {
    const asked = await call(t.app, requestQuoteOperation, {
      body: {
        produtos: lines.map((line) => ({ id: line.product.idprd, quantidade: line.quantity })),
        entrega: 'retirada',
        loja: 5,
        observacao: '  Obra na Rua X, entregar pela manhã.  ',
      },
      cookie: customer.cookie,
    });
    expect(asked.status, asked.raw).toBe(201);
    return asked.json.orcamento;
  };

  const answer = (id: number, prices: number[], quantities?: number[], cookie = seller.cookie) =>
    call(t.app, answerQuoteOperation, {
      body: {
        id,
        linhas: prices.map((preco, posicao) => ({ posicao, preco, quantidade: quantities?.[posicao] ?? 1 })),
      },
      cookie,
    });

  const orderFrom = async (
    customer: TestCustomer,
    quoteId: number,
    lines: { product: TestProduct; quantity: number }[],
  ) => {
    const mov = await newMov(t.app, customer);
    const built = await buildPayload(t, customer, mov, { lines, tipo: 'credit' });
    return call(t.app, placeOrderOperation, {
      body: { ...built.payload, orcamento: quoteId },
      cookie: customer.cookie,
    });
  };

  it('refuses every customer operation without a session (401) and answers no-store', async () => {
    const asked = await call(t.app, requestQuoteOperation, {
      body: { produtos: [{ id: 1, quantidade: 1 }], entrega: 'retirada', loja: 5 },
    });
    expect(asked.status).toBe(401);
    expect((await call(t.app, myQuotesOperation)).status).toBe(401);
    expect((await call(t.app, myQuoteOperation, { query: { id: 1 } })).status).toBe(401);
    const pdf = await t.app.inject({ method: 'GET', url: quotePdfPath(DATASNAP_PATH, 1) });
    expect(pdf.statusCode).toBe(401);
    expect((await call(t.app, storeQuotesOperation)).status).toBe(401);

    const customer = await signedInCustomer(t.app);
    const listed = await call(t.app, myQuotesOperation, { cookie: customer.cookie });
    expect(listed.status).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.headers['x-content-type-options']).toBe('nosniff');
  });

  it('asks, prices within the cap (below it refused), tells the customer once, and orders at the quoted prices', async () => {
    now = new Date();
    const cement = await makeProduct(t.database, { price: 10_000, stock: 50 });
    const sand = await makeProduct(t.database, { price: 2_000, stock: 50 });
    const company = await signedInCustomer(t.app, 'juridica');
    await t.database.db.execute(
      sql`INSERT INTO push_subscriptions (customer_id, endpoint, p256dh, auth, vapid_public_key)
          VALUES (${company.id}, ${`https://fcm.googleapis.com/fcm/send/orcamento-${company.id}`}, 'k', 'a', 'v')`,
    );
    const asked = await ask(company, [
      { product: cement, quantity: 10 },
      { product: sand, quantity: 4 },
    ]);
    expect(asked).toMatchObject({ status: 'solicitado', observacao: 'Obra na Rua X, entregar pela manhã.' });
    expect(asked.linhas.map((line) => [line.id, line.quantidade, line.precoTabela])).toEqual([
      [cement.idprd, 10, 100],
      [sand.idprd, 4, 20],
    ]);

    // The seller of store 5 sees it; store 1's seller neither lists nor opens it.
    const listed = await call(t.app, storeQuotesOperation, { cookie: seller.cookie });
    expect(listed.json.orcamentos.map((quote) => quote.id)).toContain(asked.id);
    const elsewhere = await call(t.app, storeQuotesOperation, { cookie: otherStore.cookie });
    expect(elsewhere.json.orcamentos.map((quote) => quote.id)).not.toContain(asked.id);
    expect(
      (await call(t.app, storeQuoteOperation, { query: { id: asked.id }, cookie: otherStore.cookie })).status,
    ).toBe(404);
    expect((await answer(asked.id, [95, 19], [10, 4], otherStore.cookie)).status).toBe(404);
    const opened = await call(t.app, storeQuoteOperation, { query: { id: asked.id }, cookie: seller.cookie });
    expect(opened.json.limite).toEqual({ papel: 'vendedor', percentual: 5 });

    // A seller's 5 %: R$ 94,99 on R$ 100,00 is refused, with the minimum named.
    const below = await answer(asked.id, [94.99, 19], [12, 4]);
    expect(below.status).toBe(400);
    expect(below.json.resposta).toContain('R$\u00a095,00');
    expect(below.json.resposta).toContain('5%');
    // Only a manager changes the caps; a seller's 10 % then lets 92,00 through.
    const refused = await call(t.app, changeDiscountCapsOperation, {
      body: { vendedor: 10, gerente: 15 },
      cookie: seller.cookie,
    });
    expect(refused.status).toBe(403);
    expect(refused.json.resposta).toBe(QUOTE_MANAGER_ONLY_MESSAGE);
    const changed = await call(t.app, changeDiscountCapsOperation, {
      body: { vendedor: 10, gerente: 15 },
      cookie: manager.cookie,
    });
    expect(changed.status, changed.raw).toBe(200);
    const sent = await answer(asked.id, [92, 19], [12, 4]);
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.json.orcamento).toMatchObject({
      status: 'respondido',
      vendedor: 'Ana Orçamentos',
      total: 12 * 92 + 4 * 19,
    });
    expect(sent.json.orcamento.validade).toBe(addBusinessDays(storeDate(now), 2, isNationalHoliday));
    expect((await answer(asked.id, [100, 20], [12, 4])).status).toBe(409);

    // Told once: one e-mail and one push to the customer's device, also after another round.
    await t.app.notifications.runOnce();
    const mails = await rows<{ subject: string }>(
      t.database,
      sql`SELECT subject FROM mail_outbox WHERE to_address = ${company.email} AND kind = 'quote'`,
    );
    expect(mails.map((mail) => mail.subject)).toEqual([`Seu orçamento ${asked.id} foi respondido`]);
    const pushes = await rows<{ n: number }>(
      t.database,
      sql`SELECT count(*)::int AS n FROM push_outbox WHERE quote_id = ${asked.id}`,
    );
    expect(pushes[0].n).toBe(1);
    // `npm run store -- push:latest` names the quote, not an order or a back-in-stock alert.
    const listing = await printedOn(t.app, ADMIN_TOKEN, runNotificationCommand, 'push:latest', {
      limit: '50',
    });
    expect(listing).toMatch(new RegExp(`  orçamento ${asked.id}  "[^"]+"`));
    expect(listing).not.toContain('aviso de estoque');

    // The customer sees it answered; another customer can neither read nor buy it.
    const mine = await call(t.app, myQuoteOperation, { query: { id: asked.id }, cookie: company.cookie });
    expect(mine.json.orcamento).toMatchObject({ status: 'respondido', total: 1180 });
    const stranger = await signedInCustomer(t.app);
    expect(
      (await call(t.app, myQuoteOperation, { query: { id: asked.id }, cookie: stranger.cookie })).status,
    ).toBe(404);
    const strangerPdf = await t.app.inject({
      method: 'GET',
      url: quotePdfPath(DATASNAP_PATH, asked.id),
      headers: { cookie: stranger.cookie },
    });
    expect(strangerPdf.statusCode).toBe(404);
    const quoted = [
      { product: { ...cement, price: 9_200 }, quantity: 12 },
      { product: { ...sand, price: 1_900 }, quantity: 4 },
    ];
    expect((await orderFrom(stranger, asked.id, quoted)).status).toBe(404);

    // The PDF downloads for its customer.
    const pdf = await t.app.inject({
      method: 'GET',
      url: quotePdfPath(DATASNAP_PATH, asked.id),
      headers: { cookie: company.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // One tap: the order at the quoted prices and quantities, whatever the payload says of them.
    const ordered = await orderFrom(company, asked.id, quoted);
    expect(ordered.status, ordered.raw).toBe(200);
    const items = await rows<{ idprd: number; quantity: number; unit_price: number }>(
      t.database,
      sql`SELECT idprd, quantity, unit_price FROM order_items WHERE order_id = ${ordered.json.id} ORDER BY idprd`,
    );
    expect(items.map((item) => [item.idprd, item.quantity, Number(item.unit_price)])).toEqual([
      [cement.idprd, 12, 9_200],
      [sand.idprd, 4, 1_900],
    ]);
    const [order] = await rows<{ sale_staff_id: number; sale_store_id: number; sale_channel: string }>(
      t.database,
      sql`SELECT sale_staff_id, sale_store_id, sale_channel FROM orders WHERE id = ${ordered.json.id}`,
    );
    expect(order).toMatchObject({ sale_staff_id: seller.id, sale_store_id: 5, sale_channel: 'orcamento' });
    const mineNow = await call(t.app, myQuoteOperation, { query: { id: asked.id }, cookie: company.cookie });
    expect(mineNow.json.orcamento).toMatchObject({ status: 'convertido', pedido: ordered.json.id });

    // Converted once: a second checkout of the same quote is refused.
    const again = await orderFrom(company, asked.id, quoted);
    expect(again.status).toBe(409);
    expect(again.json.resposta).toBe(`Este orçamento já virou o pedido ${ordered.json.id}.`);

    // The sale counts for the seller who answered it.
    const day = await admin(t.app, 'GET', `/sales/day?loja=5&vendedor=${seller.id}`);
    expect(day.status).toBe(200);
    expect(day.json.vendedores).toEqual([
      { id: seller.id, nome: 'Ana Orçamentos', pedidos: 1, total: expect.any(Number) },
    ]);
  });

  it('refuses an expired quote and asks it again', async () => {
    now = new Date();
    const tile = await makeProduct(t.database, { price: 5_000, stock: 50 });
    const customer = await signedInCustomer(t.app);
    const asked = await ask(customer, [{ product: tile, quantity: 3 }]);
    const sent = await answer(asked.id, [48], [3]);
    expect(sent.status, sent.raw).toBe(200);
    const lastDay = sent.json.orcamento.validade!;

    // The server's clock moves past the last day (business days: at most a week and some).
    now = new Date(now.getTime() + 12 * DAY);
    const listed = await call(t.app, myQuotesOperation, { cookie: customer.cookie });
    expect(listed.json.orcamentos.find((quote) => quote.id === asked.id)?.status).toBe('expirado');
    const refused = await orderFrom(customer, asked.id, [
      { product: { ...tile, price: 4_800 }, quantity: 3 },
    ]);
    expect(refused.status).toBe(410);
    expect(refused.json.resposta).toBe(
      `Este orçamento venceu em ${lastDay.split('-').reverse().join('/')}. Use 'Solicitar novamente' para receber novos preços.`,
    );
    const [stock] = await rows<{ n: number }>(
      t.database,
      sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${customer.id}`,
    );
    expect(stock.n).toBe(0);

    const renewed = await call(t.app, askAgainOperation, { body: { id: asked.id }, cookie: customer.cookie });
    expect(renewed.status, renewed.raw).toBe(201);
    expect(renewed.json.orcamento).toMatchObject({ status: 'solicitado', loja: { id: 5 } });
    expect(renewed.json.orcamento.linhas.map((line) => [line.id, line.quantidade])).toEqual([
      [tile.idprd, 3],
    ]);
    const stranger = await signedInCustomer(t.app);
    expect(
      (await call(t.app, askAgainOperation, { body: { id: asked.id }, cookie: stranger.cookie })).status,
    ).toBe(404);
  });
});
