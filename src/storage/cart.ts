import type { CustomerCartChange } from '../api/customer-cart';
import { normalizeQuantity } from '../domain/quantity';
import { accountCartChange, cartLineFor, type AddToCartOptions, type CartProductInput } from './cart-line';
import { isSignedIn } from './session-keys';
import type { CartLine, CartNotices, CartShipping, StorefrontDb } from './db';
import { useStorageQuery } from './live';
import { readCartLines, readCartNotices, readCartShipping } from './stored-rows';
import { write } from './write';

// The cart and its rules. Dexie holds it; every change is mirrored to the
// session keys cartItems / cartItemCount / checkout at once in this tab, and by the live mirror in
// the others. Dexie is loaded on the first call, not with the module.

export { loteIdOf, type AddToCartOptions, type CartProductInput } from './cart-line';

/**
 * Signed in, the cart's edits go to the customer's cart on the server as well (through the outbox:
 * src/storage/account-cart.ts); loaded only then, so a signed-out cart loads none of it.
 */
function shareWithAccount(changes: readonly (CustomerCartChange | null)[]): void {
  const mudancas = changes.filter((change): change is CustomerCartChange => change !== null);
  if (mudancas.length === 0 || !isSignedIn()) return;
  void import('./account-cart')
    .then(({ shareCartChanges }) => shareCartChanges(mudancas))
    .catch((error: unknown) => console.warn('Não foi possível enviar o carrinho à conta', error));
}

const changeOf = (line: CartLine | undefined, quantity: number) =>
  line ? accountCartChange(line, quantity) : null;

/**
 * A product already in the cart keeps its quantity; a new one goes FIRST.
 * Resolves to whether a line was added.
 */
export async function addToCart(product: CartProductInput, options: AddToCartOptions = {}): Promise<boolean> {
  const line = cartLineFor(product, options);
  const added = await write((db) =>
    db.transaction('rw', db.cartLines, async () => {
      if (await db.cartLines.get(line.id)) return false;
      const first = await db.cartLines.orderBy('position').first();
      await db.cartLines.add({ ...line, position: first ? first.position - 1 : 0 });
      return true;
    }),
  );
  if (added) shareWithAccount([changeOf(line, line.quantity)]);
  return added;
}

/**
 * Several products in ONE write (one transaction, one mirror sync, one change to the account's
 * cart): a calculator's result ('set': a line already in the cart holds exactly the quantity given,
 * as the tile calculator's 'Adicionar N caixas') or 'Comprar novamente' / 'Adicionar lista ao
 * carrinho' ('add': the quantity is added to it). Such a line takes the price given and loses its
 * notice; the new lines go first, as `addToCart` puts one, in the order given. The stock checks are
 * the caller's (APP_0034).
 */
export async function addManyToCart(
  products: readonly { product: CartProductInput; options: AddToCartOptions }[],
  whenInCart: 'set' | 'add',
): Promise<void> {
  const changed = await write((db) =>
    db.transaction('rw', db.cartLines, db.checkoutSession, async () => {
      const lines: CartLine[] = [];
      let first = (await db.cartLines.orderBy('position').first())?.position ?? 0;
      // Backwards, each new line before the one added last: the first one given ends up first.
      for (const { product, options } of [...products].reverse()) {
        const line = cartLineFor(product, options);
        const current = await db.cartLines.get(line.id);
        if (current) {
          const quantity =
            whenInCart === 'set' ? line.quantity : normalizeQuantity(current.quantity + line.quantity);
          await db.cartLines.update(line.id, { quantity, price: line.price });
          await dropNotice(db, line.id);
          lines.push({ ...current, quantity });
        } else {
          first -= 1;
          await db.cartLines.add({ ...line, position: first });
          lines.push(line);
        }
      }
      return lines.reverse();
    }),
  );
  shareWithAccount(changed.map((line) => changeOf(line, line.quantity)));
}

/** Sets a line's quantity (at least 1). The stock check for +1 is the caller's (APP_0034). */
export async function setQuantity(id: string | number, quantity: number): Promise<void> {
  const line = await write(async (db) => {
    await db.cartLines.update(String(id), { quantity: normalizeQuantity(quantity) });
    await dropNotice(db, id);
    return db.cartLines.get(String(id));
  });
  shareWithAccount([changeOf(line, normalizeQuantity(quantity))]);
}

export async function removeFromCart(id: string | number): Promise<void> {
  const line = await write(async (db) => {
    const removed = await db.cartLines.get(String(id));
    await db.cartLines.delete(String(id));
    await dropNotice(db, id);
    return removed;
  });
  shareWithAccount([changeOf(line, 0)]);
}

/** Empties the cart and forgets its freight calculation (after a paid order). */
export async function clearCart(): Promise<void> {
  const lines = await write((db) =>
    db.transaction('rw', db.cartLines, db.checkoutSession, async () => {
      const removed = await db.cartLines.toArray();
      await db.cartLines.clear();
      await db.checkoutSession.bulkDelete(['cart_shipping', 'cart_notices']);
      return removed;
    }),
  );
  shareWithAccount(lines.map((line) => changeOf(line, 0)));
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
