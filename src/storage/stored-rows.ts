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

/** The cart lines, newest first. */
export async function readCartLines(db?: StorefrontDb): Promise<CartLine[]> {
  const rows = await (db ?? (await openDb())).cartLines.orderBy('position').toArray();
  return rows.map(toCartLine);
}

export async function readCartShipping(db?: StorefrontDb): Promise<CartShipping | null> {
  const row = await (db ?? (await openDb())).checkoutSession.get('cart_shipping');
  return row?.key === 'cart_shipping' ? row.value : null;
}

export async function readCartNotices(db?: StorefrontDb): Promise<CartNotices> {
  const row = await (db ?? (await openDb())).checkoutSession.get('cart_notices');
  return row?.key === 'cart_notices' ? row.value : {};
}

export async function readCheckoutForm(db?: StorefrontDb): Promise<CheckoutFormData> {
  const row = await (db ?? (await openDb())).checkoutForm.get('checkout_form_data');
  return row ? { ...emptyCheckoutForm, ...row.value } : emptyCheckoutForm;
}

export async function readOrderFlow(db?: StorefrontDb): Promise<OrderFlow> {
  const row = await (db ?? (await openDb())).checkoutSession.get('order_flow');
  return row?.key === 'order_flow' ? row.value : {};
}

/** Everything the session keys are derived from, read in one transaction. */
/** How many writes wait in the outbox (read without loading the outbox and its contracts). */
export async function queuedWriteCount(db?: StorefrontDb): Promise<number> {
  return (db ?? (await openDb())).outbox.count();
}

export interface StorageSnapshot {
  lines: CartLine[];
  form: CheckoutFormData;
  cartShipping: CartShipping | null;
  orderFlow: OrderFlow;
}

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
