import { z } from 'zod';
import { MAX_QUANTITY } from '../domain/quantity';
import { defineOperation } from './define';
import { idValue, text } from './fields';
import { handoffLineInput, handoffProduct } from './store-mode';

// 'Lista da obra' and 'Comprar novamente' (issue 41 item 2, docs/work-lists.md): operations of
// ours, not the retailer's, beside CARRINHO_CONTA. Against the retailer's real DataSnap they do not
// exist (404): the lists then stay on the device, and 'Comprar novamente' is not offered.
//
// LISTAS_CONTA and LISTAS_CONTA_ALTERAR take the customer from the session cookie (no session:
// 401), never from the request; CONFERIR_ITENS needs the session only for an order. Every answer is
// `Cache-Control: no-store` (the service worker never keeps it).

/** The most lists a customer keeps, and lines a list holds. */
export const MAX_LISTS = 50;
export const MAX_LIST_LINES = 200;
/** A list's name: 'Banheiro da Rua X'. */
export const LIST_NAME_MAX = 60;

/** A list's key: made by the device that created it (a UUID), so it can be named offline. */
export const listKey = z.string().regex(/^[\w-]{8,64}$/, 'lista inválida');

export const listLineChange = z.object({
  id: idValue,
  selectedLote: handoffLineInput.shape.selectedLote,
  /** The line's quantity; 0 removes it. At the sign-in merge, what is added to the account's. */
  quantidade: z.coerce.number().int().min(0).max(MAX_QUANTITY),
});

export const listChange = z.object({
  lista: listKey,
  /** Creates the list, or renames it. */
  nome: text(LIST_NAME_MAX).min(1, 'Dê um nome à lista.').optional(),
  /** Deletes the list and its lines. */
  apagar: z.boolean().optional(),
  linhas: z.array(listLineChange).max(MAX_LIST_LINES).default([]),
});
export type ListChange = z.input<typeof listChange>;
/** A change as the server reads it (ids numbers, a lote its id). */
export type ListChangeData = z.output<typeof listChange>;

/** A list line as answered: the product as a cart takes it (today's price, online stock). */
export const workListAnswer = z.object({
  lista: z.string(),
  nome: z.string(),
  /** Lines, in the order they were added; a product no longer sold is left out. */
  produtos: z.array(handoffProduct),
});

export const workListsAnswer = z.object({ listas: z.array(workListAnswer) });
export type WorkListsAnswer = z.output<typeof workListsAnswer>;

export const workListsOperation = defineOperation({
  name: 'LISTAS_CONTA',
  method: 'GET',
  answer: workListsAnswer,
  doc: [
    "The signed-in customer's 'Listas da obra' (the session's customer): {listas: [{lista, nome,",
    "produtos}]}, each line with today's price and online stock, as CARRINHO_CONTA answers them. No",
    'session: 401.',
  ].join(' '),
});

export const changeWorkListsOperation = defineOperation({
  name: 'LISTAS_CONTA_ALTERAR',
  method: 'POST',
  body: z.object({
    /** 'alterar': each change sets; 'juntar' (sign-in): lists of the same name join, quantities summed. */
    modo: z.enum(['alterar', 'juntar']).default('alterar'),
    mudancas: z.array(listChange).max(MAX_LISTS),
  }),
  answer: workListsAnswer,
  doc: [
    "Changes the signed-in customer's lists and answers them as LISTAS_CONTA does. A change names",
    'a list by the key its device made: `nome` creates or renames it, `apagar` deletes it, each line',
    "sets a product and lote's quantity (0 removes it); replayed, it does no harm. modo 'juntar'",
    "(the signed-out lists at sign-in): a list joins the account's list of the same name (case and",
    'spaces aside), the same product and lote summed, once per Idempotency-Key. No session: 401.',
  ].join(' '),
});

export const recheckLine = z.object({
  id: idValue,
  selectedLote: handoffLineInput.shape.selectedLote,
  quantidade: z.coerce.number().int().min(1).max(MAX_QUANTITY),
  /** The price the shopper saw (reais), only to tell them it changed: the answer's is the database's. */
  precoAnterior: z.number().min(0).max(10_000_000).optional(),
});
export type RecheckLineData = z.output<typeof recheckLine>;

/** One line checked against the catalogue now. */
export const recheckedLine = z.object({
  idprd: z.number().int(),
  /** The name the line was known by (the order's, or the catalogue's). */
  descricao: z.string(),
  /** Asked for. */
  quantidade: z.number().int(),
  /** Units available online now (the lote's when one is chosen); 0 for a product no longer sold. */
  disponivel: z.number().int(),
  /** Today's price (reais), from the database; null when the product is no longer sold. */
  preco: z.number().nullable(),
  /** The price the order was paid at, or the one the shopper saw; null when unknown. */
  precoAnterior: z.number().nullable(),
  /** The line as a cart takes it (quantity: what is available of what was asked); null: not sold. */
  produto: handoffProduct.nullable(),
});
export type RecheckedLine = z.output<typeof recheckedLine>;

const recheckBody = z.union([
  z.object({ pedido: idValue }),
  z.object({ itens: z.array(recheckLine).min(1).max(MAX_LIST_LINES) }),
]);
export type RecheckBody = z.input<typeof recheckBody>;

export const recheckOperation = defineOperation({
  name: 'CONFERIR_ITENS',
  method: 'POST',
  body: recheckBody,
  answer: z.object({ linhas: z.array(recheckedLine) }),
  doc: [
    "'Comprar novamente' and 'Adicionar lista ao carrinho': lines checked against the catalogue",
    "now, each with today's price, the units available online and what a cart takes (the",
    "quantity asked, or what is available). `pedido`: a past order of the session's customer (no",
    "session: 401; another's: 404), the old price its own; `itens`: lines a device sends (a list),",
    'no session needed. A product no longer sold comes back with `produto: null`.',
  ].join(' '),
});
