import { z } from 'zod';
import { isUf } from '../domain/address';
import {
  CARD_NUMBER_MAX_LENGTH,
  CARD_NUMBER_MESSAGES,
  cardNumberProblem,
  cvvLength,
  cvvMessage,
} from '../domain/card';
import { ORDER_STATUSES } from '../domain/order-tracker';
import { MAX_INSTALLMENTS } from '../domain/payment-options';
import { customerId, customerRecord, typedText } from './customers';
import { defineOperation } from './define';
import { cepValue, moneyValue } from './catalogue';

// Order and payment operations of spec §7. Every one needs the session of APP_0045 (401 without
// it); an order or charge of another customer answers exactly like a missing one (404).
//
// Money in answers is in reais (numbers with two decimals), as the retailer's contract carries it;
// the server computes in integer centavos from the database and never trusts the client's figures.

const textOrNumber = z.union([z.string().max(100), z.number()]);
/** Ids are PostgreSQL integers: anything past 2^31 - 1 is no id of ours (a 400, not a database error). */
const INT_MAX = 2_147_483_647;
const productId = z.coerce
  .number({ error: 'Produto inválido.' })
  .int('Produto inválido.')
  .positive('Produto inválido.')
  .max(INT_MAX, 'Produto inválido.');
const orderId = z.coerce
  .number({ error: 'Pedido inválido.' })
  .int('Pedido inválido.')
  .positive('Pedido inválido.')
  .max(INT_MAX, 'Pedido inválido.');

export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

export const PAYMENT_METHOD_PIX = 'PIX';
export const PAYMENT_METHOD_CARD = 'Cartão de Crédito';

/** Why an order was cancelled, as 'Meus Pedidos' and the order page say it (`motivo`). */
export const CANCEL_REASONS = {
  expired: 'O pagamento PIX não foi feito no prazo de 24 horas.',
  staff: 'Pedido cancelado pela loja.',
  superseded: 'Pedido substituído por outro da mesma compra.',
} as const;

/** Shipping id of the pickup option: the order records which of the five stores (`entrega.loja`). */
export const PICKUP_SHIPPING_ID = 103;

// --- APP_0070 movement code, APP_0049 movement value -----------------------------------------------

export const movementCodeOperation = defineOperation({
  name: 'APP_0070',
  method: 'GET',
  answer: z.object({ codigo: textOrNumber.transform(String) }),
  doc: [
    'Movement code of an online sale, saved by the client as `movimento` before checkout and sent back',
    "in APP_0050. Our server always answers {codigo: 'VENDA_ONLINE'}; no session needed.",
  ].join(' '),
});

export const movementValueOperation = defineOperation({
  name: 'APP_0049',
  method: 'GET',
  answer: z.object({ mov: textOrNumber.transform(String) }),
  doc: [
    'Movement value: a fresh key for ONE checkout attempt, sent back as `mov` in APP_0050. It is the',
    'idempotency key of the order: the same `mov` always gives back the same order (retries, double',
    'clicks, ten submissions at once). Fetch a new one for each new purchase (and after a declined card,',
    'which creates no order, the same one may be reused). Issued only to a signed-in customer (401)',
    'and only that customer can use it.',
  ].join(' '),
});

// --- APP_0050 order creation ---------------------------------------------------------------------

/** One cart line (spec §3 cart item). The server reads `id`, `quantity` and `selectedLote`; `price` is compared. */
export const orderLine = z.looseObject({
  /** idprd */
  id: productId,
  name: z.string().max(300).optional(),
  multiploprdvenda: z.union([z.string().max(20), z.number(), z.null()]).optional(),
  codundvenda: z.string().max(20).nullable().optional(),
  /** Unit price the customer saw (per m² for box items); compared with the server's. */
  price: moneyValue.optional(),
  /** Units, or boxes for items sold per m². */
  quantity: z.coerce
    .number({ error: 'Quantidade inválida.' })
    .int('Quantidade inválida.')
    .min(1, 'Quantidade mínima: 1.')
    .max(9999, 'Quantidade inválida.'),
  image: z.string().max(500).optional(),
  lotes: z.unknown().optional(),
  /** The lote chosen on the product page: its `idlote` (APP_0027 lotes), or that lote object. */
  selectedLote: z
    .union([
      z.string().max(100),
      z.number(),
      z.null(),
      z.looseObject({ idlote: z.union([z.string(), z.number()]) }),
    ])
    .optional(),
});
export type OrderLine = z.input<typeof orderLine>;

/** The shipping option picked in checkout (APP_0030 / APP_0031 answer row). Only `id` is trusted. */
export const selectedShipping = z.looseObject({
  id: z.coerce
    .number({ error: 'Forma de envio inválida.' })
    .int('Forma de envio inválida.')
    .min(0, 'Forma de envio inválida.')
    .max(INT_MAX, 'Forma de envio inválida.'),
  name: z.string().max(200).optional(),
  price: moneyValue.optional(),
  delivery_time: z.union([z.number(), z.string().max(20)]).optional(),
});

/** Delivery address (spec §3) plus, for pickup (shipping 103), the store `loja` (an id of src/domain/store.ts). */
export const deliveryAddress = z.looseObject({
  cep: cepValue,
  street: typedText(120, 'Endereço').min(3, 'Por favor, insira um endereço válido'),
  number: typedText(20, 'Número').min(1, 'Número é obrigatório'),
  complement: typedText(120, 'Complemento').optional().nullable(),
  bairro: typedText(80, 'Bairro').optional().nullable(),
  cidade: typedText(80, 'Cidade').optional().nullable(),
  uf: typedText(2, 'UF')
    .toUpperCase()
    .refine((uf) => uf === '' || isUf(uf), 'UF inválida: escolha um dos 27 estados.')
    .optional()
    .nullable(),
  loja: z
    .union([z.string().max(40), z.number()])
    .optional()
    .nullable(),
});

/**
 * The card's own fields (spec §3). Number and CVV are used once for the charge and never stored or
 * logged. The checkout's card form extends these (src/features/checkout/components/card-form.tsx).
 */
export const cardFields = z.object({
  /** Digits, spaces allowed as typed; an accepted brand, its length and the Luhn digit (src/domain/card.ts). */
  cardNumber: z
    .string({ error: CARD_NUMBER_MESSAGES.missing })
    .max(CARD_NUMBER_MAX_LENGTH, CARD_NUMBER_MESSAGES.invalid)
    .transform((text) => text.replace(/\D/g, ''))
    .superRefine((digits, context) => {
      const problem = cardNumberProblem(digits);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  /** MM/AA or MM/AAAA */
  expiry: z
    .string({ error: 'Informe a validade do cartão.' })
    .trim()
    .max(10, 'Validade inválida.')
    .regex(/^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/, 'Validade inválida: use MM/AA.'),
  name: typedText(100, 'Nome impresso no cartão').min(1, 'Informe o nome impresso no cartão.'),
  /** 3 digits, 4 for American Express: checked against the number by `cvvMatchesBrand`. */
  cvv: z.string({ error: 'Informe o CVV.' }).max(4, 'CVV inválido.'),
});

/** The CVV has the length the card's brand uses (4 for American Express, 3 otherwise). */
export function cvvMatchesBrand(card: { cardNumber: string; cvv: string }, context: z.RefinementCtx): void {
  if (!new RegExp(`^\\d{${cvvLength(card.cardNumber)}}$`).test(card.cvv))
    context.addIssue({ code: 'custom', path: ['cvv'], message: cvvMessage(card.cardNumber) });
}

/** Card form (spec §3): the card's fields and the instalments chosen. */
export const cardForm = cardFields
  .extend({
    installments: z.coerce
      .number({ error: 'Selecione uma opção' })
      .int('Selecione uma opção')
      .min(1, 'Selecione uma opção')
      .max(MAX_INSTALLMENTS, `Parcelamento máximo: ${MAX_INSTALLMENTS}x.`),
    installmentId: z
      .union([z.string().max(20), z.number()])
      .optional()
      .nullable(),
    /** The instalment value the customer saw; compared with the server's. */
    installmentValue: moneyValue.optional().nullable(),
  })
  .loose()
  .superRefine(cvvMatchesBrand);
export type CardForm = z.input<typeof cardForm>;

export const orderSummary = z.looseObject({
  subtotal: moneyValue.optional(),
  vl_frete: moneyValue.optional(),
  total: moneyValue.optional(),
});

export const orderPayload = z
  .object({
    /** The login record; only `id` is read, and it must be the session customer (403). */
    dados_cliente: customerRecord.partial().loose().optional(),
    produtos: z.array(orderLine).min(1, 'O carrinho está vazio.').max(100, 'Itens demais em um pedido.'),
    frete_sel: selectedShipping,
    /** Card form when `tipo` is 'credit'; ignored for Pix. */
    forma: z.unknown().optional(),
    entrega: deliveryAddress,
    /** APP_0070 codigo. */
    movimento: textOrNumber.optional().nullable(),
    /** What the customer saw: compared with the server's figures. */
    resumo: orderSummary.optional(),
    tipo: z.enum(['credit', 'pix'], { error: "Forma de pagamento inválida: use 'credit' ou 'pix'." }),
    /** APP_0049 value: the idempotency key of this checkout. */
    mov: textOrNumber.transform(String),
  })
  .loose()
  .superRefine((body, context) => {
    if (body.tipo !== 'credit') return;
    const card = cardForm.safeParse(body.forma);
    if (!card.success) {
      const issue = card.error.issues[0];
      context.addIssue({ code: 'custom', path: ['forma', ...issue.path], message: issue.message });
    }
  });
export type OrderPayload = z.input<typeof orderPayload>;

export const orderCreated = z.object({
  id: orderId,
  resposta: z.string(),
  status: orderStatus,
  /** Order total (products + freight), reais. */
  total: z.number(),
  /** What Pix charges: the total with the 5% discount, reais. */
  totalPix: z.number(),
});

/** Extra fields of the 409 answer when the client's figures differ from the server's. */
export const priceMismatch = z.object({
  resposta: z.string(),
  resumo: z.object({ subtotal: z.number(), vl_frete: z.number(), total: z.number() }),
  produtos: z.array(z.object({ id: z.number(), price: z.number() })),
});

export const PRICE_CHANGED_MESSAGE =
  'Os valores do seu pedido mudaram (preço, frete ou parcelas). Confira o resumo atualizado e finalize novamente.';

export const placeOrderOperation = defineOperation({
  name: 'APP_0050',
  method: 'POST',
  body: orderPayload,
  answer: orderCreated,
  doc: [
    'Creates the order of one checkout. The server recomputes line totals (price × quantity ×',
    'multiploprdvenda for box items), freight (the chosen option quoted again for entrega.cep),',
    'total = subtotal + freight, the Pix price (5% off the total) and card instalments (domain rules)',
    'from the database. The client figures (produtos[].price, resumo.subtotal/vl_frete/total,',
    'forma.installmentValue) are only compared: any difference of a centavo or more answers 409',
    `'${PRICE_CHANGED_MESSAGE}' with the server's figures (see priceMismatch); nothing is created.`,
    'Stock is checked and reserved in the same transaction: short stock answers 406 naming the product.',
    'A shipping option not offered for the CEP: 409. Pickup (frete_sel.id 103) needs entrega.loja.',
    "tipo 'pix': 200 with the order 'Aguardando pagamento' (then APP_0063, APP_0079, APP_0080).",
    "Placing an order cancels the customer's orders still 'Aguardando pagamento' (one order per",
    'checkout: a Pix generated and then paid by card leaves one order) and frees their stock at once.',
    "tipo 'credit': the card is charged at once (after the stock is reserved, outside any lock);",
    "approved: 200 with the order 'Pagamento Efetuado';",
    'declined: 402 with the reason in resposta and no order (the same mov may be retried).',
    'The same `mov` gives back the same order with 200, whatever the new payload says.',
  ].join(' '),
});

// --- APP_0055 order list, APP_0053 order detail ---------------------------------------------------

export const orderListItem = z.object({
  id: orderId,
  /** Order date-time, ISO 8601. */
  date: z.string(),
  paymentMethod: z.string(),
  /** Delivery forecast, ISO date (YYYY-MM-DD). */
  deliveryDate: z.string().nullable(),
  /** Tracking code, once dispatched. */
  rastreio: z.string().nullable(),
  /**
   * 0 to 5: the last tracker stage reached (0 Pagamento Efetuado ... 5 Pedido Entregue).
   * -1 while the order awaits payment or when it was cancelled (no stage reached; see `status`).
   */
  currentStepIndex: z.number().int().min(-1).max(5),
  status: orderStatus.optional(),
  total: z.number().optional(),
  /** Cancelled orders: why, in pt-BR (see CANCEL_REASONS). */
  motivo: z.string().nullable().optional(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

export const orderListOperation = defineOperation({
  name: 'APP_0055',
  method: 'GET',
  query: z.object({ id: customerId.optional() }),
  answer: z.array(orderListItem),
  doc: [
    'Orders of the session customer, newest first. `id` may be omitted; when given it must be the',
    'session customer (else 403). No session: 401. currentStepIndex is -1 before payment and when',
    "cancelled; `status` says which ('Aguardando pagamento' or 'Cancelado', with `motivo`).",
    'deliveryDate is null until the order is paid. Not listed: a Pix order whose code (APP_0079) was',
    'never shown, and an order replaced by a later one of the same checkout (one order per checkout).',
  ].join(' '),
});

export const orderItem = z.object({
  id: z.number(),
  idprd: z.number(),
  name: z.string(),
  quantity: z.number(),
  codundvenda: z.string().nullable(),
  /** Unit price (per m² for box items), reais. */
  price: z.number(),
  total_item: z.number(),
  multiploprdvenda: z.number().nullable().optional(),
  lote: z.string().nullable().optional(),
});

export const orderAddress = z.object({
  cep: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
});

export const orderDetailAnswer = z.object({
  id: orderId,
  status: orderStatus,
  items: z.array(orderItem),
  shipping: z.object({
    /** The option's name ('Retirada na loja ...' for pickup). */
    method: z.string(),
    /** Delivery forecast, ISO date (YYYY-MM-DD). */
    estimate: z.string().nullable(),
    price: z.number(),
    address: orderAddress,
    id: z.number().optional(),
    /** Pickup: the store chosen (id and name from src/domain/store.ts). */
    loja: z.object({ id: z.number(), nome: z.string() }).nullable().optional(),
  }),
  payment: z.object({
    method: z.string(),
    installments: z.number(),
    /** Card only: brand and last four digits (nothing else of the card is kept). */
    brand: z.string().nullable().optional(),
    last4: z.string().nullable().optional(),
    installmentValue: z.number().optional(),
    /** Amount charged, reais (Pix: the discounted total). */
    amount: z.number().optional(),
  }),
  total: z.number(),
  subtotal: z.number().optional(),
  date: z.string().optional(),
  rastreio: z.string().nullable().optional(),
  currentStepIndex: z.number().int().min(-1).max(5).optional(),
  /** Cancelled orders: why, in pt-BR (see CANCEL_REASONS). */
  motivo: z.string().nullable().optional(),
});
export type OrderDetail = z.infer<typeof orderDetailAnswer>;

export const ORDER_NOT_FOUND_MESSAGE = 'Pedido não encontrado.';

export const orderDetailOperation = defineOperation({
  name: 'APP_0053',
  method: 'GET',
  query: z.object({ id: orderId }),
  answer: orderDetailAnswer,
  doc: [
    "Detail of one order of the session customer (`id` is the order id). Another customer's order",
    `answers exactly like a missing one: 404 '${ORDER_NOT_FOUND_MESSAGE}'. No session: 401.`,
  ].join(' '),
});

// --- Pix: APP_0063 payment id, APP_0079 BR Code, APP_0080 status -----------------------------------

export const pixPaymentOperation = defineOperation({
  name: 'APP_0063',
  method: 'POST',
  body: z.looseObject({ idmov: orderId }),
  answer: z.object({ resposta: z.string(), PaymentId: z.string().optional() }),
  okStatus: 201,
  doc: [
    'Opens (or gives back) the Pix charge of order `idmov` (the APP_0050 id; the rest of the order',
    'payload may come along and is ignored). 201 {resposta: paymentId, PaymentId: paymentId}. A',
    'pending, unexpired charge is given back; an expired one is replaced. Order already paid, cancelled',
    "or not a Pix order: 409. Someone else's or a missing order: 404.",
  ].join(' '),
});

export const pixData = z.object({
  /** PNG image of the QR code (a URL of this server). */
  qrcodeurl: z.string(),
  /** The BR Code 'Pix copia e cola' text (EMV, CRC16 checked). */
  payload: z.string(),
  /** When the charge expires, ISO 8601. */
  expiraEm: z.string().optional(),
  /** Amount, reais (the order total with the 5% Pix discount). */
  valor: z.number().optional(),
  txid: z.string().optional(),
  resposta: z.string().optional(),
});
export type PixData = z.infer<typeof pixData>;

export const pixCodeOperation = defineOperation({
  name: 'APP_0079',
  method: 'POST',
  body: z.looseObject({ PaymentId: z.string().min(1).max(100), idmov: orderId.optional() }),
  answer: pixData,
  doc: [
    'The Pix data of charge `PaymentId` (APP_0063): 200 {qrcodeurl, payload, expiraEm, valor, txid}.',
    'The charge expires at expiraEm (PIX_EXPIRY_SECONDS, default 30 minutes); after that 410 and a new',
    "APP_0063 opens a new charge. Someone else's or a missing charge: 404.",
  ].join(' '),
});

export const PIX_PENDING_MESSAGE = 'Aguardando pagamento';
export const PIX_PAID_MESSAGE = 'Pagamento confirmado com sucesso!';
export const PIX_EXPIRED_MESSAGE = 'O PIX expirou sem pagamento. Gere um novo PIX para pagar.';

export const pixStatusAnswer = z.object({
  resposta: z.string(),
  /**
   * true only when paid. Our server answers 200 {pago: true} once paid and 202 {pago: false} while
   * waiting; the typed client accepts any 2xx, so check `pago`. A real DataSnap answers 200 only
   * when paid and sends no `pago`, hence the default.
   */
  pago: z.boolean().default(true),
  status: z.string().optional(),
  expiraEm: z.string().optional(),
});

export const pixStatusOperation = defineOperation({
  name: 'APP_0080',
  method: 'GET',
  query: z.object({ idmov: orderId }),
  answer: pixStatusAnswer,
  doc: [
    `Payment state of order idmov, polled every 10 s. Paid: 200 {resposta: '${PIX_PAID_MESSAGE}', pago: true}.`,
    `Waiting: 202 {resposta: '${PIX_PENDING_MESSAGE}', pago: false, expiraEm}. Charge expired: 410`,
    `'${PIX_EXPIRED_MESSAGE}'. Cancelled order: 409. Someone else's or a missing order: 404.`,
  ].join(' '),
});
