import { z } from 'zod';
import { MAX_QUANTITY } from '../domain/quantity';
import {
  QUOTE_NOT_ANSWERED_MESSAGE,
  quoteConvertedMessage,
  quoteExpiredMessage,
} from '../domain/price-quotes';

export { QUOTE_NOT_ANSWERED_MESSAGE, quoteConvertedMessage, quoteExpiredMessage };
import { defineOperation } from './define';
import { cepValue, idValue, integer, moneyValue, typedText } from './fields';
import { staffRole } from './store-staff';

// Quotes ('Orçamento', docs/quotes.md): operations of ours, not the retailer's, beside APP_0099,
// CARRINHO_CONTA and the store-mode ones. Against the retailer's real DataSnap they do not exist (404).
//
// The customer's operations (ORCAMENTO*) take the customer from the session cookie (no session:
// 401), never from the request; the seller's (LOJA_ORCAMENTO*, LOJA_DESCONTOS*) need a paired tablet
// and a staff member signed in on it, and see their tablet's store only. Every answer is
// `Cache-Control: no-store` (the service worker never keeps it). Money travels in reais
// (docs/decisions/006); the server holds and checks centavos. The order from a quote is APP_0050
// with `orcamento`: the lines and prices come from the quote's row, never from the payload.

export const DELIVERY_KINDS = ['entrega', 'retirada'] as const;
/** What the table holds; 'expirado' is an answered quote past its validity, never stored. */
export const STORED_QUOTE_STATUSES = ['solicitado', 'respondido', 'convertido'] as const;
export const QUOTE_STATUSES = ['solicitado', 'respondido', 'expirado', 'convertido'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  solicitado: 'Aguardando a loja',
  respondido: 'Respondido',
  expirado: 'Vencido',
  convertido: 'Virou pedido',
};

/** The discount over list price each role may give when no manager has set the store's. */
export const DEFAULT_DISCOUNT_CAPS = { vendedor: 5, gerente: 15 } as const;
/** An answer holds this many of the store's business days after the day it is sent (default). */
export const QUOTE_VALIDITY_BUSINESS_DAYS = 2;
export const MAX_QUOTE_VALIDITY_BUSINESS_DAYS = 30;
export const QUOTE_NOTE_MAX = 500;
export const MAX_QUOTE_LINES = 100;

export const QUOTE_NOT_FOUND_MESSAGE = 'Orçamento não encontrado.';
export const QUOTE_ALREADY_ANSWERED_MESSAGE = 'Este orçamento já foi respondido.';
export const QUOTE_MANAGER_ONLY_MESSAGE = 'Somente o gerente da loja altera os limites de desconto.';
export const belowCapMessage = (product: string, minimum: string, percent: number) =>
  `O preço de ${product} fica abaixo do mínimo permitido (${minimum}, desconto máximo de ${percent}%).`;

/** The store that answers: the pickup store, or the one chosen to deliver. */
const storeId = integer(1, 99);

export const quoteLine = z.object({
  posicao: z.number().int(),
  id: z.number().int(),
  nome: z.string(),
  /** Box size in m² for products sold per m² (the price is per m², the quantity counts boxes). */
  multiploprdvenda: z.string().nullable(),
  codundvenda: z.string(),
  quantidadeSolicitada: z.number().int(),
  quantidade: z.number().int(),
  /** The list price the answer was measured against (today's while not answered). */
  precoTabela: z.number(),
  /** The quoted unit price; null until answered. */
  preco: z.number().nullable(),
  total: z.number().nullable(),
});

export const quote = z.object({
  id: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  loja: z.object({ id: z.number().int(), nome: z.string() }),
  entrega: z.enum(DELIVERY_KINDS),
  cep: z.string().nullable(),
  observacao: z.string(),
  solicitadoEm: z.string(),
  respondidoEm: z.string().nullable(),
  /** The last day (the store's calendar, AAAA-MM-DD) the answer holds. */
  validade: z.string().nullable(),
  vendedor: z.string().nullable(),
  pedido: z.number().int().nullable(),
  linhas: z.array(quoteLine),
  total: z.number().nullable(),
  /** Who asked (seller's screens only): name and kind of person. */
  cliente: z.object({ nome: z.string(), pessoa: z.enum(['fisica', 'juridica']) }).optional(),
});
export type Quote = z.output<typeof quote>;

export const quoteSummary = quote.omit({ linhas: true }).extend({ itens: z.number().int() });
export type QuoteSummary = z.output<typeof quoteSummary>;

const quoteAnswer = z.object({ resposta: z.string(), orcamento: quote });

export const requestQuoteOperation = defineOperation({
  name: 'ORCAMENTO_SOLICITAR',
  method: 'POST',
  body: z.object({
    produtos: z
      .array(z.object({ id: idValue, quantidade: integer(1, MAX_QUANTITY) }))
      .min(1, 'O carrinho está vazio.')
      .max(MAX_QUOTE_LINES, 'Itens demais em um orçamento.'),
    entrega: z.enum(DELIVERY_KINDS, { error: "Escolha 'entrega' ou 'retirada'." }),
    loja: storeId,
    cep: cepValue.optional().nullable(),
    observacao: typedText(QUOTE_NOTE_MAX, 'Observação', true).optional().default(''),
  }),
  answer: quoteAnswer,
  okStatus: 201,
  doc: [
    "'Solicitar orçamento' from the cart: the signed-in customer's lines (product ids and quantities;",
    'names and list prices read from the catalogue, inactive products refused with 409), delivery',
    "('entrega', with a CEP) or pickup ('retirada'), the store that answers (`loja`) and a note (at",
    'most 500 characters, trimmed, no control characters). 201 {resposta, orcamento}. No session: 401.',
  ].join(' '),
});

export const askAgainOperation = defineOperation({
  name: 'ORCAMENTO_NOVAMENTE',
  method: 'POST',
  body: z.object({ id: idValue }),
  answer: quoteAnswer,
  okStatus: 201,
  doc: "'Solicitar novamente': a new request with the lines and quantities of one of the customer's quotes (an expired one, typically), to the same store. Another customer's quote: 404.",
});

export const myQuotesOperation = defineOperation({
  name: 'ORCAMENTOS',
  method: 'GET',
  answer: z.object({ orcamentos: z.array(quoteSummary) }),
  doc: "The signed-in customer's quotes, newest first, each with its status (solicitado, respondido, expirado, convertido). No session: 401.",
});

/** `?id=` of one quote. */
export const quoteIdQuery = z.object({ id: idValue });

export const myQuoteOperation = defineOperation({
  name: 'ORCAMENTO',
  method: 'GET',
  query: quoteIdQuery,
  answer: z.object({ orcamento: quote }),
  doc: "One of the signed-in customer's quotes with its lines. Another customer's: 404 (as one that does not exist).",
});

/**
 * ORCAMENTO_PDF (GET `?id=`): the quote's PDF (application/pdf, `no-store`), the signed-in
 * customer's own answered quotes only (another's: 404; not answered yet: 409). Without an id: the route.
 */
export const quotePdfPath = (base: string, id?: number) =>
  id === undefined ? `${base}/ORCAMENTO_PDF` : `${base}/ORCAMENTO_PDF?id=${id}`;

export const storeQuotesOperation = defineOperation({
  name: 'LOJA_ORCAMENTOS',
  method: 'GET',
  answer: z.object({ orcamentos: z.array(quoteSummary) }),
  doc: "The quotes asked of the tablet's store (never another store's), those waiting for an answer first. Staff signed in on a paired tablet (401).",
});

export const discountCaps = z.object({ vendedor: z.number().int(), gerente: z.number().int() });

export const storeQuoteOperation = defineOperation({
  name: 'LOJA_ORCAMENTO',
  method: 'GET',
  query: quoteIdQuery,
  answer: z.object({
    orcamento: quote,
    /** The discount over list price the signed-in seller may give (percent). */
    limite: z.object({ papel: staffRole, percentual: z.number().int() }),
  }),
  doc: "One quote of the tablet's store with the signed-in seller's discount cap; another store's: 404.",
});

export const answerQuoteOperation = defineOperation({
  name: 'LOJA_ORCAMENTO_RESPONDER',
  method: 'POST',
  body: z.object({
    id: idValue,
    linhas: z
      .array(
        z.object({
          posicao: integer(0, MAX_QUOTE_LINES),
          quantidade: integer(1, MAX_QUANTITY),
          preco: moneyValue,
        }),
      )
      .min(1)
      .max(MAX_QUOTE_LINES),
    /** Business days the answer holds after today (the store's calendar); 2 by default. */
    validade: integer(1, MAX_QUOTE_VALIDITY_BUSINESS_DAYS).optional(),
  }),
  answer: quoteAnswer,
  doc: [
    'The seller answers a quote of their store: every line with its quantity and unit price (reais).',
    "A price below list price minus the seller's role cap (LOJA_DESCONTOS) is refused (422, pt-BR,",
    'naming the product and the minimum). The answer holds `validade` business days (default 2); the',
    'seller is recorded and credited with the sale; the customer is told by e-mail and push, once.',
    'A quote answered already: 409.',
  ].join(' '),
});

export const storeDiscountCapsOperation = defineOperation({
  name: 'LOJA_DESCONTOS',
  method: 'GET',
  answer: z.object({ descontos: discountCaps }),
  doc: "The tablet's store's discount caps over list price per role (percent; defaults 5 and 15). Staff signed in (401).",
});

export const changeDiscountCapsOperation = defineOperation({
  name: 'LOJA_DESCONTOS_ALTERAR',
  method: 'POST',
  body: z.object({ vendedor: integer(0, 100), gerente: integer(0, 100) }),
  answer: z.object({ resposta: z.string(), descontos: discountCaps }),
  doc: "Sets the tablet's store's discount caps per role (whole percent, 0-100). Managers (gerente) only: 403 for a seller.",
});
