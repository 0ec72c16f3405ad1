import { parseMoney } from '../domain/money';
import { MIN_QUANTITY, normalizeQuantity } from '../domain/quantity';
import { productImageUrl } from '../config/env';
import type { CartLine, CartNotices, CartShipping, StorefrontDb } from './db';
import { useStorageQuery } from './live';
import { readCartLines, readCartNotices, readCartShipping } from './stored-rows';
import { write } from './write';

// The cart and its rules. Dexie holds it; every change is mirrored to the
// session keys cartItems / cartItemCount / checkout at once in this tab, and by the live mirror in
// the others. Dexie is loaded on the first call, not with the module.

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

/**
 * A product already in the cart keeps its quantity; a new one goes FIRST.
 * Resolves to whether a line was added.
 */
export function addToCart(product: CartProductInput, options: AddToCartOptions = {}): Promise<boolean> {
  const line = cartLineFor(product, options);
  return write((db) =>
    db.transaction('rw', db.cartLines, async () => {
      if (await db.cartLines.get(line.id)) return false;
      const first = await db.cartLines.orderBy('position').first();
      await db.cartLines.add({ ...line, position: first ? first.position - 1 : 0 });
      return true;
    }),
  );
}

/** Sets a line's quantity (at least 1). The stock check for +1 is the caller's (APP_0034). */
export function setQuantity(id: string | number, quantity: number): Promise<void> {
  return write(async (db) => {
    await db.cartLines.update(String(id), { quantity: normalizeQuantity(quantity) });
    await dropNotice(db, id);
  });
}

export function removeFromCart(id: string | number): Promise<void> {
  return write(async (db) => {
    await db.cartLines.delete(String(id));
    await dropNotice(db, id);
  });
}

/** Empties the cart and forgets its freight calculation (after a paid order). */
export function clearCart(): Promise<void> {
  return write((db) =>
    db.transaction('rw', db.cartLines, db.checkoutSession, async () => {
      await db.cartLines.clear();
      await db.checkoutSession.bulkDelete(['cart_shipping', 'cart_notices']);
    }),
  );
}

/** The cart lines, newest first, live across tabs; undefined while IndexedDB opens. */
export function useCartLines(): CartLine[] | undefined {
  return useStorageQuery(readCartLines, 'cart-lines');
}

// The cart page's freight calculation (a delivery option must be chosen before purchase).

export function saveCartShipping(shipping: CartShipping | null): Promise<void> {
  return write(async (db) => {
    if (shipping) await db.checkoutSession.put({ key: 'cart_shipping', value: shipping });
    else await db.checkoutSession.delete('cart_shipping');
  });
}

export function selectCartShipping(selectedId: number | null): Promise<void> {
  return write(async (db) => {
    const current = await readCartShipping(db);
    if (current) await db.checkoutSession.put({ key: 'cart_shipping', value: { ...current, selectedId } });
  });
}

export function useCartShipping(): CartShipping | null | undefined {
  return useStorageQuery(readCartShipping, 'cart-shipping');
}

/** Takes the server's current prices (a 409 on APP_0050 carries them) into the cart. */
export function updateCartPrices(prices: readonly { id: number | string; price: number }[]): Promise<void> {
  return write((db) =>
    db.transaction('rw', db.cartLines, async () => {
      for (const { id, price } of prices) await db.cartLines.update(String(id), { price });
    }),
  );
}

// Notices from re-checking the cart (the back-online sync writes them; the cart page shows them).

/** Adds notices by line id (one message per line: a new price, the stock available). */
export function addCartNotices(notices: CartNotices): Promise<void> {
  return write((db) =>
    db.transaction('rw', db.checkoutSession, async () => {
      const current = await readCartNotices(db);
      await db.checkoutSession.put({ key: 'cart_notices', value: { ...current, ...notices } });
    }),
  );
}

function dropNotice(db: StorefrontDb, id: string | number): Promise<void> {
  return db.transaction('rw', db.checkoutSession, async () => {
    const current = await readCartNotices(db);
    if (!(String(id) in current)) return;
    const { [String(id)]: _dismissed, ...rest } = current;
    await db.checkoutSession.put({ key: 'cart_notices', value: rest });
  });
}

export function dismissCartNotice(id: string | number): Promise<void> {
  return write((db) => dropNotice(db, id));
}

export function useCartNotices(): CartNotices | undefined {
  return useStorageQuery(readCartNotices, 'cart-notices');
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
