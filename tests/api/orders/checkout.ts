import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { pixPaymentOperation, pixCodeOperation } from '../../../src/api/pix';
import { movementValueOperation, placeOrderOperation, type OrderPayload } from '../../../src/api/place-order';
import { pixTotal } from '../../../src/domain/payment-options';
import { lineTotal } from '../../../src/domain/quantity';
import type { Database } from '../../../src/server/db/client';
import { queryRows } from '../../../src/server/db/rows';
import { quoteFreight } from '../../../src/server/services/freight';
import { call } from '../helpers';
import type { TestCustomer } from '../customers/accounts';

export const CAMPINAS_CEP = '13012-100';
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghij';

export const rows = <T>(database: Database, query: SQL): Promise<T[]> => queryRows<T>(database.db, query);

export interface TestProduct {
  idprd: number;
  price: number;
  boxM2: number | null;
  name: string;
}

let made = 0;

/** A product of our own, so the test knows its price and stock whatever the seed holds. */
export async function makeProduct(
  database: Database,
  options: { price: number; stock: number; boxM2?: number; lotes?: number[]; weight?: number },
): Promise<TestProduct> {
  made += 1;
  const name = `Produto de teste ${made} ${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await rows<{ idprd: number }>(
    database,
    sql`INSERT INTO products (descricao, brand_id, group_id, subgroup_id, price_centavos, box_m2, sales_unit, weight_grams)
        SELECT ${name}, (SELECT min(id) FROM brands), s.group_id, s.id, ${options.price}, ${options.boxM2 ?? null},
               ${options.boxM2 ? 'M2' : 'UN'}, ${options.weight ?? 1000}
        FROM product_subgroups s ORDER BY s.id LIMIT 1
        RETURNING idprd`,
  );
  const lotes = options.lotes ?? [];
  for (const [index, quantity] of lotes.entries())
    await database.db.execute(
      sql`INSERT INTO lotes (idprd, code, shade, quantity) VALUES (${row.idprd}, ${`L${index + 1}`}, ${`Tonalidade ${index + 1}`}, ${quantity})`,
    );
  const total = lotes.length ? lotes.reduce((sum, quantity) => sum + quantity, 0) : options.stock;
  await database.db.execute(sql`INSERT INTO stock (idprd, quantity) VALUES (${row.idprd}, ${total})`);
  // Each of the five stores holds as much as the warehouse (store mode: pickup takes from a store).
  await database.db.execute(
    sql`INSERT INTO store_lote_stock (store_id, lote_id, quantity)
        SELECT s, l.id, l.quantity FROM lotes l CROSS JOIN generate_series(1, 5) AS s WHERE l.idprd = ${row.idprd}`,
  );
  await database.db.execute(
    sql`INSERT INTO store_stock (store_id, idprd, quantity) SELECT s, ${row.idprd}, ${total} FROM generate_series(1, 5) AS s`,
  );
  return { idprd: row.idprd, price: options.price, boxM2: options.boxM2 ?? null, name };
}

export async function stockOf(database: Database, idprd: number): Promise<number> {
  const [row] = await rows<{ quantity: number }>(
    database,
    sql`SELECT quantity FROM stock WHERE idprd = ${idprd}`,
  );
  return Number(row.quantity);
}

export const reais = (centavos: number) => centavosText(centavos);
/** '1.234,56' as a shopper's screen holds it. */
function centavosText(centavos: number): string {
  return (centavos / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export interface Line {
  product: TestProduct;
  quantity: number;
  selectedLote?: number;
}

/** A card as the shopper types it into the provider's fields (the emulator's named test cards). */
export interface TypedCard {
  number?: string;
  expiry?: string;
  cvv?: string;
  name?: string;
}

/**
 * What the provider's fields answer the checkout for a typed card: a single-use token, the brand,
 * the last four digits and the BIN. Asked of the emulator over HTTP, as the fields' page asks it.
 */
export async function cardToken(app: FastifyInstance, card: TypedCard = {}) {
  const emulator = app.cards.emulator!;
  const response = await fetch(`${emulator.apiUrl}/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      publicKey: emulator.publicKey,
      number: (card.number ?? '4111 1111 1111 1111').replace(/\s/g, ''),
      expiry: card.expiry ?? '12/35',
      cvv: card.cvv ?? '918',
    }),
  });
  const answer = (await response.json()) as {
    token: string;
    brand: string;
    last4: string;
    bin: string;
    message?: string;
  };
  if (!response.ok) throw new Error(`tokenization refused: ${answer.message}`);
  return answer;
}

/**
 * A checkout payload as the PWA sends it, with the figures the shopper saw computed the same way
 * the server does (so a test of a price change only changes what it means to).
 */
export async function buildPayload(
  { app, database }: { app: FastifyInstance; database: Database },
  customer: TestCustomer,
  mov: string,
  options: {
    lines: Line[];
    tipo: 'pix' | 'credit';
    shippingId?: number;
    cep?: string;
    installments?: number;
    card?: TypedCard;
    /** What a real provider's fields gave (Adyen's component), instead of typing into the emulator's. */
    cardToken?: Awaited<ReturnType<typeof cardToken>>;
    loja?: number;
  },
): Promise<{ payload: OrderPayload; total: number; freight: number; subtotal: number }> {
  const cep = options.cep ?? CAMPINAS_CEP;
  const shippingId = options.shippingId ?? 101;
  const quote = await quoteFreight(
    database.db,
    cep.replace(/\D/g, ''),
    options.lines.map((line) => ({ idprd: line.product.idprd, quantity: line.quantity })),
    new Date(),
  );
  const shipping = quote.find((option) => option.id === shippingId)!;
  const freight = Math.round(shipping.price * 100);
  const subtotal = options.lines.reduce(
    (sum, line) => sum + lineTotal(line.product.price, line.quantity, line.product.boxM2),
    0,
  );
  const total = subtotal + freight;
  const payload: OrderPayload = {
    dados_cliente: {
      id: customer.id,
      nome: customer.nome,
      email: customer.email,
      doc: customer.doc,
      pessoa: 'fisica',
    },
    produtos: options.lines.map((line) => ({
      id: line.product.idprd,
      name: line.product.name,
      multiploprdvenda: line.product.boxM2 === null ? '' : String(line.product.boxM2).replace('.', ','),
      codundvenda: line.product.boxM2 ? 'M2' : 'UN',
      price: reais(line.product.price),
      quantity: line.quantity,
      image: `/imagens/${line.product.idprd}/1.png`,
      lotes: [],
      selectedLote: line.selectedLote ?? null,
    })),
    frete_sel: { ...shipping },
    forma:
      options.tipo === 'credit'
        ? {
            ...(options.cardToken ?? (await cardToken(app, options.card))),
            name: options.card?.name ?? 'MARIA SOUZA',
            installments: options.installments ?? 1,
            installmentId: options.installments ?? 1,
          }
        : { tipo: 'pix' },
    entrega: {
      cep,
      street: 'Rua Barão de Jaguara',
      number: '1000',
      complement: 'Sala 2',
      bairro: 'Centro',
      cidade: 'Campinas',
      uf: 'SP',
      ...(options.loja ? { loja: options.loja } : {}),
    },
    movimento: 'VENDA_ONLINE',
    resumo: { subtotal: reais(subtotal), vl_frete: reais(freight), total: reais(total) },
    tipo: options.tipo,
    mov,
  };
  return { payload, total, freight, subtotal };
}

export async function newMov(app: FastifyInstance, customer: TestCustomer): Promise<string> {
  const response = await call(app, movementValueOperation, { cookie: customer.cookie });
  expect(response.status).toBe(200);
  return response.json.mov;
}

export async function placeOrder(
  app: FastifyInstance,
  database: Database,
  customer: TestCustomer,
  options: Parameters<typeof buildPayload>[3],
) {
  const mov = await newMov(app, customer);
  const built = await buildPayload({ app, database }, customer, mov, options);
  const response = await call(app, placeOrderOperation, { body: built.payload, cookie: customer.cookie });
  return { ...built, mov, response };
}

/** Order, Pix payment id and Pix data: the Pix flow up to the code to pay. */
export async function pixOrder(
  app: FastifyInstance,
  database: Database,
  customer: TestCustomer,
  lines: Line[],
) {
  const placed = await placeOrder(app, database, customer, { lines, tipo: 'pix' });
  expect(placed.response.status, placed.response.raw).toBe(200);
  const id = placed.response.json.id;
  const payment = await call(app, pixPaymentOperation, {
    body: { ...placed.payload, idmov: id },
    cookie: customer.cookie,
  });
  expect(payment.status, payment.raw).toBe(201);
  const paymentId = payment.json.resposta;
  const data = await call(app, pixCodeOperation, {
    body: { ...placed.payload, idmov: id, PaymentId: paymentId },
    cookie: customer.cookie,
  });
  expect(data.status, data.raw).toBe(200);
  return { ...placed, id, paymentId, pix: data.json, pixAmount: pixTotal(placed.subtotal, placed.freight) };
}

/** A provider's webhook call as API Pix makes it: POST {webhookUrl}/pix with a JSON body. */
export async function deliverWebhook(app: FastifyInstance, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/webhooks/pix',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

/**
 * The payer's bank pays a code at the bundled emulator, and the provider's webhook call reaches
 * the app (delivered here by inject, since the test app listens nowhere).
 */
export async function payAndNotify(app: FastifyInstance, code: string, amountCentavos?: number) {
  const pix = await app.pix.emulator!.core.pay({ code, amountCentavos });
  const answer = await deliverWebhook(app, { pix: [pix] });
  expect(answer.statusCode, answer.body).toBe(200);
  return { pix, resultado: answer.json().resultados[0].resultado as string };
}
