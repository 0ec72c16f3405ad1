import { parseMoney } from '../domain/money';
import { productImageUrl } from '../config/env';
import type { CartLine, CartNotices, CartShipping, StoredCartLine, StorefrontDb } from './db';
import { useStorageQuery } from './live';

// The cart (spec §3 'Cart item', §4 cart rules). Dexie holds it; every change is mirrored to the
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

async function openDb(): Promise<StorefrontDb> {
  return (await import('./db')).db;
}

/** Writes the mirror keys now, so this tab's header badge changes with the click. */
async function mirrorNow(db: StorefrontDb): Promise<void> {
  const mirror = await import('./mirror');
  mirror.startMirror(db);
  await mirror.syncMirror(db);
}

function boxSizeText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? String(value).replace('.', ',') : value.trim();
  return parseMoney(text) > 0 ? text : '';
}

function clampQuantity(quantity: number | undefined): number {
  if (quantity === undefined || !Number.isFinite(quantity)) return 1;
  return Math.max(1, Math.floor(quantity));
}

export function toCartLine(stored: StoredCartLine): CartLine {
  const { position: _position, ...line } = stored;
  return line;
}

/** Build the line a product would become, without storing it. */
export function cartLineFor(product: CartProductInput, options: AddToCartOptions = {}): CartLine {
  return {
    id: String(product.idprd),
    name: product.descricao,
    multiploprdvenda: boxSizeText(product.multiploprdvenda),
    codundvenda: product.codundvenda ?? '',
    price: parseMoney(product.preco),
    quantity: clampQuantity(options.quantity),
    image: options.image ?? productImageUrl(product.idprd, 1),
    lotes: product.lotes ?? [],
    selectedLote: options.selectedLote ?? null,
  };
}

/**
 * Spec §4: a product already in the cart keeps its quantity; a new one goes FIRST.
 * Resolves to whether a line was added.
 */
export async function addToCart(product: CartProductInput, options: AddToCartOptions = {}): Promise<boolean> {
  const db = await openDb();
  const line = cartLineFor(product, options);
  const added = await db.transaction('rw', db.cartLines, async () => {
    if (await db.cartLines.get(line.id)) return false;
    const first = await db.cartLines.orderBy('position').first();
    await db.cartLines.add({ ...line, position: first ? first.position - 1 : 0 });
    return true;
  });
  await mirrorNow(db);
  return added;
}

/** Sets a line's quantity (at least 1). The stock check for +1 is the caller's (APP_0034). */
export async function setQuantity(id: string | number, quantity: number): Promise<void> {
  const db = await openDb();
  await db.cartLines.update(String(id), { quantity: clampQuantity(quantity) });
  await dismissCartNotice(id, db);
  await mirrorNow(db);
}

export async function removeFromCart(id: string | number): Promise<void> {
  const db = await openDb();
  await db.cartLines.delete(String(id));
  await dismissCartNotice(id, db);
  await mirrorNow(db);
}

/** Empties the cart and forgets its freight calculation (after a paid order). */
export async function clearCart(): Promise<void> {
  const db = await openDb();
  await db.transaction('rw', db.cartLines, db.checkoutSession, async () => {
    await db.cartLines.clear();
    await db.checkoutSession.bulkDelete(['cart_shipping', 'cart_notices']);
  });
  await mirrorNow(db);
}

export async function readCartLines(db?: StorefrontDb): Promise<CartLine[]> {
  const database = db ?? (await openDb());
  const rows = await database.cartLines.orderBy('position').toArray();
  return rows.map(toCartLine);
}

/** The cart lines, newest first, live across tabs; undefined while IndexedDB opens. */
export function useCartLines(): CartLine[] | undefined {
  return useStorageQuery(readCartLines, 'cart-lines');
}

// The cart page's freight calculation (spec §4: a delivery option must be chosen before purchase).

export async function readCartShipping(db?: StorefrontDb): Promise<CartShipping | null> {
  const database = db ?? (await openDb());
  const row = await database.checkoutSession.get('cart_shipping');
  return row?.key === 'cart_shipping' ? row.value : null;
}

export async function saveCartShipping(shipping: CartShipping | null): Promise<void> {
  const db = await openDb();
  if (shipping) await db.checkoutSession.put({ key: 'cart_shipping', value: shipping });
  else await db.checkoutSession.delete('cart_shipping');
  await mirrorNow(db);
}

export async function selectCartShipping(selectedId: number | null): Promise<void> {
  const db = await openDb();
  const current = await readCartShipping(db);
  if (!current) return;
  await db.checkoutSession.put({ key: 'cart_shipping', value: { ...current, selectedId } });
  await mirrorNow(db);
}

export function useCartShipping(): CartShipping | null | undefined {
  return useStorageQuery(readCartShipping, 'cart-shipping');
}

/** Takes the server's current prices (a 409 on APP_0050 carries them) into the cart. */
export async function updateCartPrices(
  prices: readonly { id: number | string; price: number }[],
): Promise<void> {
  const db = await openDb();
  await db.transaction('rw', db.cartLines, async () => {
    for (const { id, price } of prices) await db.cartLines.update(String(id), { price });
  });
  await mirrorNow(db);
}

// Notices from re-checking the cart (the back-online sync writes them; the cart page shows them).

export async function readCartNotices(db?: StorefrontDb): Promise<CartNotices> {
  const database = db ?? (await openDb());
  const row = await database.checkoutSession.get('cart_notices');
  return row?.key === 'cart_notices' ? row.value : {};
}

/** Adds notices by line id (one message per line: a new price, the stock available). */
export async function addCartNotices(notices: CartNotices): Promise<void> {
  const db = await openDb();
  await db.transaction('rw', db.checkoutSession, async () => {
    const current = await readCartNotices(db);
    await db.checkoutSession.put({ key: 'cart_notices', value: { ...current, ...notices } });
  });
}

export async function dismissCartNotice(id: string | number, db?: StorefrontDb): Promise<void> {
  const database = db ?? (await openDb());
  await database.transaction('rw', database.checkoutSession, async () => {
    const current = await readCartNotices(database);
    if (!(String(id) in current)) return;
    const { [String(id)]: _dismissed, ...rest } = current;
    await database.checkoutSession.put({ key: 'cart_notices', value: rest });
  });
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
