import { z } from 'zod';
import { MAX_QUANTITY } from '../domain/quantity';
import { defineOperation } from './define';
import { idValue } from './fields';
import { handoffLineInput, handoffProduct } from './store-mode';

// One cart per signed-in customer across devices (docs/customer-cart.md): operations of ours, not
// the retailer's, beside APP_0099 and the store-mode ones. Against the retailer's real DataSnap they
// do not exist (404) and the cart stays on the device, as before.
//
// The customer always comes from the session cookie (no session: 401), never from the request, and
// every answer is `Cache-Control: no-store` (the service worker never keeps it).

/** At most this many changes in one call (a cart holds up to 100 lines; a merge sends them all). */
export const MAX_CART_CHANGES = 200;

/**
 * How a call's changes apply: 'alterar', each change sets its line (later edits); 'juntar', the
 * device's signed-out cart at sign-in, quantities summed with the account's; 'substituir', a
 * checkout open on the device at sign-in: its cart becomes the account's.
 */
export const CART_MERGE_MODES = ['alterar', 'juntar', 'substituir'] as const;
export type CartMergeMode = (typeof CART_MERGE_MODES)[number];

export const customerCartChange = z.object({
  id: idValue,
  selectedLote: handoffLineInput.shape.selectedLote,
  /** The line's new quantity; 0 removes it (kept as a marker with its time). */
  quantidade: z.coerce.number().int().min(0).max(MAX_QUANTITY),
  /** When the device made the change (milliseconds since 1970): the later of two conflicting changes wins. */
  em: z.number().int().min(0),
});
export type CustomerCartChange = z.input<typeof customerCartChange>;

export const customerCartAnswer = z.object({
  /** The cart's revision: the `base` of the next changes. */
  revisao: z.number().int(),
  /** The live lines, most recently changed first, with today's prices and online stock. */
  produtos: z.array(handoffProduct),
});
export type CustomerCartAnswer = z.output<typeof customerCartAnswer>;

export const customerCartOperation = defineOperation({
  name: 'CARRINHO_CONTA',
  method: 'GET',
  answer: customerCartAnswer,
  doc: [
    "The signed-in customer's cart (the session's customer): {revisao, produtos}, each line with",
    "today's price and online stock, as CARRINHO_REPASSE answers them. No session: 401.",
  ].join(' '),
});

export const changeCustomerCartOperation = defineOperation({
  name: 'CARRINHO_CONTA_ALTERAR',
  method: 'POST',
  body: z.object({
    /** The revision the device last read; a line changed after it is a conflict the times settle. */
    base: z.number().int().min(0),
    modo: z.enum(CART_MERGE_MODES).default('alterar'),
    mudancas: z.array(customerCartChange).max(MAX_CART_CHANGES),
  }),
  answer: customerCartAnswer,
  doc: [
    "Changes the signed-in customer's cart and answers it as CARRINHO_CONTA does. A line is a",
    'product and a lote; each change sets its quantity (0 removes it: a marker with its time is',
    'kept, so an older add from another device does not bring it back). A line untouched since',
    '`base` takes the change; one changed since takes it only when the change is later (`em`).',
    "modo 'juntar' (sign-in): quantities are summed with the cart's, once per Idempotency-Key;",
    "'substituir' (a checkout open at sign-in): the device's lines become the cart. No session: 401.",
  ].join(' '),
});
