import { z } from 'zod';
import { defineOperation } from './define';
import { handoffCodeAnswer, handoffLinesBody, handoffProduct } from './store-mode';

// 'Mostrar ao vendedor': the hand-off the other way. The shopper's phone turns its cart into a
// short-lived code shown as a QR; a paired tablet reads it and opens those lines, re-priced and
// checked against its own store's stock. Operations of ours, beside the store-mode ones.

export const SHOWN_CART_MINUTES = 15;
export const SHOWN_CART_CODE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/**
 * The short code shown under the QR for a tablet without a camera: 'C-' and six digits (the
 * letter keeps it apart from a product's reference, which is digits only).
 */
export const SHOWN_CART_SHORT_CODE_PATTERN = /^C-\d{6}$/;
/** The path the QR holds; on a paired tablet it opens the shopper's cart. */
export const shownCartPath = (codigo: string) => `/loja/carrinho/${encodeURIComponent(codigo)}`;

/** A short code as typed ('c482913', 'C 482 913', 'C-482913') in its one spelling, or null. */
function shortCodeOf(text: string): string | null {
  const match = /^C\s*-?\s*(\d{3})\s*(\d{3})$/.exec(text.trim().toUpperCase());
  return match ? `C-${match[1]}${match[2]}` : null;
}

/**
 * The shopper's cart that a tablet was given, by its QR's address (scanned, or typed into the
 * search box: any of the store's addresses, or just the path) or by its short code; else null.
 */
export function shownCartPathFrom(text: string): string | null {
  const short = shortCodeOf(text);
  if (short) return shownCartPath(short);
  try {
    const match = /^\/loja\/carrinho\/([^/]+)$/.exec(new URL(text.trim(), 'http://loja.invalid').pathname);
    const codigo = match ? decodeURIComponent(match[1]) : '';
    return SHOWN_CART_CODE_PATTERN.test(codigo) || SHOWN_CART_SHORT_CODE_PATTERN.test(codigo)
      ? shownCartPath(codigo)
      : null;
  } catch {
    return null;
  }
}
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
