import type { CustomerCartChange } from '../api/customer-cart';
import { parseMoney } from '../domain/money';
import { MIN_QUANTITY, normalizeQuantity } from '../domain/quantity';
import { productImageUrl } from '../config/env';
import type { CartLine } from './db';

// What a cart line is made of: built from a catalogue product, its lote, and the change it becomes
// for the account's cart. Shared by the cart (cart.ts) and the account's cart (account-cart.ts).

/** The catalogue fields a cart line is built from (product detail or list item). */
export interface CartProductInput {
  idprd: string | number;
  descricao: string;
  preco: string | number;
  multiploprdvenda?: string | number | null;
  codundvenda?: string | null;
  lotes?: unknown[] | null;
}

export interface AddToCartOptions {
  /** Units, or boxes for box items; at least 1. */
  quantity?: number;
  image?: string;
  selectedLote?: unknown;
}

function boxSizeText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value).replace('.', ',') : value.trim();
  return parseMoney(text) > 0 ? text : '';
}

/** Build the line a product would become, without storing it. */
export function cartLineFor(product: CartProductInput, options: AddToCartOptions = {}): CartLine {
  return {
    id: String(product.idprd),
    name: product.descricao,
    multiploprdvenda: boxSizeText(product.multiploprdvenda),
    codundvenda: product.codundvenda ?? '',
    price: parseMoney(product.preco),
    quantity: normalizeQuantity(options.quantity ?? MIN_QUANTITY),
    image: options.image ?? productImageUrl(product.idprd, 1),
    lotes: product.lotes ?? [],
    selectedLote: options.selectedLote ?? null,
  };
}

/** The account cart's change that sets a line to a quantity (0 removes it), stamped now. */
export function accountCartChange(
  line: Pick<CartLine, 'id' | 'selectedLote'>,
  quantity: number,
): CustomerCartChange {
  return {
    id: Number(line.id),
    selectedLote: loteIdOf(line.selectedLote) ?? null,
    quantidade: quantity,
    em: Date.now(),
  };
}

/** The lote id of a line's `selectedLote` (stored as a number, digits or a lote object), for APP_0034. */
export function loteIdOf(selectedLote: unknown): number | undefined {
  if (typeof selectedLote === 'number') return selectedLote;
  if (typeof selectedLote === 'string' && /^\d+$/.test(selectedLote)) return Number(selectedLote);
  if (selectedLote && typeof selectedLote === 'object' && 'idlote' in selectedLote) {
    const id = Number((selectedLote as { idlote: unknown }).idlote);
    return Number.isInteger(id) ? id : undefined;
  }
  return undefined;
}
