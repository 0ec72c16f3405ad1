// The codes of 'Mostrar ao vendedor' (src/api/shown-cart.ts has its operations) without the contract's
// zod: the search box in every page's header reads a code typed or scanned into it, and must not
// bring the validation chunk into the entry.

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
