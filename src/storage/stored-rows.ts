import type {
  CartLine,
  CartNotices,
  CartShipping,
  CheckoutFormData,
  OrderFlow,
  StoredCartLine,
  StorefrontDb,
} from './db';

// The leaf of src/storage: how each stored row reads back, and the one way to reach the database.
// The writers (cart.ts, checkout-form.ts) and the mirror (mirror.ts) all read through here, so
// none of them imports another. Dexie loads with the first call, not with this module.

/** The store's database, opened on first use. */
export async function openDb(): Promise<StorefrontDb> {
  return (await import('./db')).db;
}

/**
 * What a lost IndexedDB connection throws: Dexie's DatabaseClosedError (the connection was closed
 * under it), the browser's InvalidStateError (a call on a closed connection), and WebKit's
 * "Connection to Indexed Database server lost" (an UnknownError, after the browser dropped the
 * connection of a page in the background).
 */
export function isLostConnection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return (
    name === 'DatabaseClosedError' ||
    name === 'InvalidStateError' ||
    (typeof message === 'string' && message.includes('Connection to Indexed Database server lost'))
  );
}

/** Drops a lost connection and opens a new one (Dexie's own `close()` would refuse every later call). */
export async function reopenDb(db: StorefrontDb): Promise<void> {
  db.close({ disableAutoOpen: false });
  await db.open();
}

/**
 * Whether this page is itself the reload of a lost connection's second failure: reloading again
 * would loop, so the failure is left to the caller.
 */
const reloadedAlready = () =>
  performance
    .getEntriesByType('navigation')
    .some((entry) => (entry as PerformanceNavigationTiming).type === 'reload');

/**
 * Runs `call` on the store's database (or `database`), and once more on a connection opened again if the first was
 * lost. Lost again, the page reloads (once): the reload opens a fresh connection, and everything
 * stored, the outbox with it, is still there.
 */
export async function withDb<T>(call: (db: StorefrontDb) => Promise<T>, database?: StorefrontDb): Promise<T> {
  const db = database ?? (await openDb());
  try {
    return await call(db);
  } catch (error) {
    if (!isLostConnection(error)) throw error;
    console.warn('Conexão com o IndexedDB perdida; reabrindo', error);
    try {
      await reopenDb(db);
      return await call(db);
    } catch (again) {
      if (isLostConnection(again) && !reloadedAlready()) window.location.reload();
      throw again;
    }
  }
}

export const emptyCheckoutForm: CheckoutFormData = {
  address: null,
  shipping: null,
  payment: null,
  confirmed: { address: false, shipping: false, payment: false },
};

export function toCartLine(stored: StoredCartLine): CartLine {
  const { position: _position, ...line } = stored;
  return line;
}

/** On the given database (inside a caller's transaction), or on the store's through `withDb`. */
const onDb = <T>(db: StorefrontDb | undefined, call: (db: StorefrontDb) => Promise<T>): Promise<T> =>
  db ? call(db) : withDb(call);

/** The cart lines, newest first. */
export async function readCartLines(db?: StorefrontDb): Promise<CartLine[]> {
  const rows = await onDb(db, (d) => d.cartLines.orderBy('position').toArray());
  return rows.map(toCartLine);
}

export async function readCartShipping(db?: StorefrontDb): Promise<CartShipping | null> {
  const row = await onDb(db, (d) => d.checkoutSession.get('cart_shipping'));
  return row?.key === 'cart_shipping' ? row.value : null;
}

export async function readCartNotices(db?: StorefrontDb): Promise<CartNotices> {
  const row = await onDb(db, (d) => d.checkoutSession.get('cart_notices'));
  return row?.key === 'cart_notices' ? row.value : {};
}

export async function readCheckoutForm(db?: StorefrontDb): Promise<CheckoutFormData> {
  const row = await onDb(db, (d) => d.checkoutForm.get('checkout_form_data'));
  return row ? { ...emptyCheckoutForm, ...row.value } : emptyCheckoutForm;
}

export async function readOrderFlow(db?: StorefrontDb): Promise<OrderFlow> {
  const row = await onDb(db, (d) => d.checkoutSession.get('order_flow'));
  return row?.key === 'order_flow' ? row.value : {};
}

/** How many writes wait in the outbox (read without loading the outbox and its contracts). */
export async function queuedWriteCount(db?: StorefrontDb): Promise<number> {
  return onDb(db, (d) => d.outbox.count());
}

export interface StorageSnapshot {
  lines: CartLine[];
  form: CheckoutFormData;
  cartShipping: CartShipping | null;
  orderFlow: OrderFlow;
}

/** Everything the session keys are derived from, read in one transaction. */
export async function readSnapshot(db: StorefrontDb): Promise<StorageSnapshot> {
  return db.transaction('r', db.cartLines, db.checkoutForm, db.checkoutSession, async () => {
    const [lines, form, cartShipping, orderFlow] = await Promise.all([
      readCartLines(db),
      readCheckoutForm(db),
      readCartShipping(db),
      readOrderFlow(db),
    ]);
    return { lines, form, cartShipping, orderFlow };
  });
}
