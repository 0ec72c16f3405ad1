import { z } from 'zod';
import { isUf } from '../domain/address';
import { MAX_INSTALLMENTS } from '../domain/payment-options';
import { MAX_QUANTITY, MIN_QUANTITY } from '../domain/quantity';
import { cardBin } from './cards';
import { customerRecord } from './customer-fields';
import { defineOperation } from './define';
import { cepValue, databaseId, idValue, INT_MAX, moneyValue, typedText } from './fields';
import { orderId, orderStatus } from './orders';

// Placing an order: the movement code and value fetched before checkout, and APP_0050 itself.

const textOrNumber = z.union([z.string().max(100), z.number()]);
const productId = databaseId('Produto inválido.');

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

/** One cart line. The server reads `id`, `quantity` and `selectedLote`; `price` is compared. */
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
    .min(MIN_QUANTITY, `Quantidade mínima: ${MIN_QUANTITY}.`)
    .max(MAX_QUANTITY, 'Quantidade inválida.'),
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

/** Delivery address plus, for pickup (shipping 103), the store `loja` (an id of src/domain/store.ts). */
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
 * The card as the checkout sends it: the card provider's single-use token of its own fields (the
 * number, expiry and CVV are typed into the provider's iframe and never reach the store), what the
 * provider lets the store know (brand, last four digits, BIN), the holder's name and the plan.
 */
export const cardForm = z
  .object({
    token: z
      .string({ error: 'Confirme os dados do cartão.' })
      .min(1, 'Confirme os dados do cartão.')
      // Adyen's token is its four encrypted fields (about 1 KB each) and the browser's details.
      .max(16_000, 'Cartão inválido.'),
    brand: z.string().max(40).optional().nullable(),
    last4: z
      .string()
      .regex(/^\d{4}$/, 'Cartão inválido.')
      .optional()
      .nullable(),
    /** The card's first digits, for the provider's instalment quote. */
    bin: cardBin,
    name: typedText(100, 'Nome impresso no cartão').min(1, 'Informe o nome impresso no cartão.'),
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
  .superRefine((card, context) => {
    // A card number or CVV never reaches the store (PCI SAQ A): refused, not just ignored.
    if ('cardNumber' in card || 'cvv' in card || 'number' in card)
      context.addIssue({ code: 'custom', path: ['token'], message: RAW_CARD_MESSAGE });
  });
export type CardForm = z.input<typeof cardForm>;

/**
 * APP_0050's `forma` for a DataSnap that takes the card's raw fields (a VITE_CARD_FIELDS=raw build,
 * src/config/env.ts): the spec's card fields as typed. That server is in PCI DSS SAQ D scope; ours
 * refuses these fields (RAW_CARD_MESSAGE).
 */
export interface RawCardForm {
  cardNumber: string;
  /** MM/AA or MM/AAAA */
  expiry: string;
  cvv: string;
  name: string;
  installments: number;
  installmentId?: number | string | null;
  installmentValue?: number | null;
}

export const RAW_CARD_MESSAGE =
  'Por segurança, a loja não recebe o número do cartão: digite-o nos campos do cartão da página de pagamento.';

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
    /**
     * Ours (docs/quotes.md): the order of an answered quote of this customer. Its lines, quantities
     * and prices come from the quote's row (the payload's `produtos` are only compared).
     */
    orcamento: idValue.optional(),
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

/** What the provider's script in the checkout gave when a challenge ended (opaque to the store). */
const challengeDetails = z
  .record(z.string().max(64), z.string().max(100_000))
  .refine((details) => Object.keys(details).length <= 8, 'Dados da autenticação inválidos.');

export const cardChallengeOperation = defineOperation({
  name: 'CARTAO_DESAFIO',
  method: 'POST',
  body: z.object({
    /** The checkout's movement value (APP_0049): the order whose card is being authenticated. */
    mov: textOrNumber.transform(String),
    /** Adyen Web's onAdditionalDetails state.data.details (threeDSResult), as it gave them. */
    detalhes: challengeDetails,
    /** Its state.data.paymentData, when it gives one. */
    paymentData: z.string().max(200_000).optional(),
  }),
  answer: orderCreated,
  doc: [
    "Completes a 3-D Secure challenge that the card provider's own script ran inside the checkout:",
    "APP_0050 answered 402 with `acao` (the provider's action, e.g. Adyen's threeDS2) and the script's",
    'onAdditionalDetails gave `detalhes`. The server sends them to the provider (Adyen: POST',
    '/payments/details), reads the payment back and settles the order as APP_0050 would: 200 with',
    "the order 'Pagamento Efetuado'; 402 with the reason (declined, no order) or with a new `acao`",
    "(another step of the challenge); 409 while still processing. Only the checkout's customer (403",
    'otherwise). Sent again, it answers the same and changes nothing.',
  ].join(' '),
});
