import { z } from 'zod';
import { defineOperation } from './define';
import { handoffCodeAnswer, handoffLinesBody, handoffProduct } from './store-mode';
import { SHOWN_CART_CODE_PATTERN, SHOWN_CART_SHORT_CODE_PATTERN } from '../domain/shown-cart-code';

// 'Mostrar ao vendedor': the hand-off the other way. The shopper's phone turns its cart into a
// short-lived code shown as a QR; a paired tablet reads it and opens those lines, re-priced and
// checked against its own store's stock. Operations of ours, beside the store-mode ones.

export const SHOWN_CART_MINUTES = 15;
export const SHOWN_CART_NOT_FOUND_MESSAGE =
  'Carrinho do cliente não encontrado. Peça ao cliente para mostrar o código de novo.';
export const SHOWN_CART_EXPIRED_MESSAGE = `Este código de carrinho expirou (vale ${SHOWN_CART_MINUTES} minutos). Peça ao cliente para mostrar um novo.`;

export const showCartOperation = defineOperation({
  name: 'CARRINHO_MOSTRAR',
  method: 'POST',
  body: handoffLinesBody,
  /** caminho: the QR's path, /loja/carrinho/{codigo}; curto: the code to type instead ('C-482913'). */
  answer: handoffCodeAnswer.extend({ curto: z.string().regex(SHOWN_CART_SHORT_CODE_PATTERN) }),
  doc: [
    `The phone's cart as a code for a store tablet (no session needed), valid ${SHOWN_CART_MINUTES} minutes:`,
    "the lines only (product, quantity, lote), nothing of the customer, under the QR's code and a short one",
    "('C-482913') a seller can type. Creations limited per address (429).",
  ].join(' '),
});

export const readShownCartOperation = defineOperation({
  name: 'LOJA_CARRINHO_CLIENTE',
  method: 'POST',
  body: z.object({
    /** The QR's code, or the short one ('C-482913'). */
    codigo: z
      .string({ error: SHOWN_CART_NOT_FOUND_MESSAGE })
      .refine(
        (codigo) => SHOWN_CART_CODE_PATTERN.test(codigo) || SHOWN_CART_SHORT_CODE_PATTERN.test(codigo),
        SHOWN_CART_NOT_FOUND_MESSAGE,
      ),
  }),
  answer: z.object({ produtos: z.array(handoffProduct) }),
  doc: [
    "A shopper's shown cart, for a paired tablet only (401 otherwise): the lines with today's prices and",
    "this tablet's store stock as `disponivel`. Unknown code: 404; expired: 410, in pt-BR.",
  ].join(' '),
});
