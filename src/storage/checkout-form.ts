import type { CheckoutFormData, OrderFlow, StorefrontDb } from './db';
import { useStorageQuery } from './live';

// The checkout steps (localStorage `checkout_form_data`) and the order flow values (session keys
// `movimento`, `APP_0050`). Card number and CVV never reach this module: the payment step keeps only
// the method and the instalment choice.

export const emptyCheckoutForm: CheckoutFormData = {
  address: null,
  shipping: null,
  payment: null,
  confirmed: { address: false, shipping: false, payment: false },
};

async function openDb(): Promise<StorefrontDb> {
  return (await import('./db')).db;
}

async function mirrorNow(db: StorefrontDb): Promise<void> {
  const mirror = await import('./mirror');
  mirror.startMirror(db);
  await mirror.syncMirror(db);
}

export async function readCheckoutForm(db?: StorefrontDb): Promise<CheckoutFormData> {
  const database = db ?? (await openDb());
  const row = await database.checkoutForm.get('checkout_form_data');
  return row ? { ...emptyCheckoutForm, ...row.value } : emptyCheckoutForm;
}

/** Applies a change to the stored form in one transaction and mirrors it. */
export async function updateCheckoutForm(
  change: (current: CheckoutFormData) => CheckoutFormData,
): Promise<CheckoutFormData> {
  const db = await openDb();
  const next = await db.transaction('rw', db.checkoutForm, async () => {
    const value = change(await readCheckoutForm(db));
    const safe = withoutCardSecrets(value);
    await db.checkoutForm.put({ key: 'checkout_form_data', value: safe });
    return safe;
  });
  await mirrorNow(db);
  return next;
}

/** Belt and braces: whatever a caller passes, card number and CVV are dropped before storing. */
function withoutCardSecrets(form: CheckoutFormData): CheckoutFormData {
  if (!form.payment) return form;
  const { method, installments, installmentId, installmentValue } = form.payment;
  return { ...form, payment: { method, installments, installmentId, installmentValue } };
}

export function useCheckoutForm(): CheckoutFormData | undefined {
  return useStorageQuery(readCheckoutForm, 'checkout-form');
}

export async function readOrderFlow(db?: StorefrontDb): Promise<OrderFlow> {
  const database = db ?? (await openDb());
  const row = await database.checkoutSession.get('order_flow');
  return row?.key === 'order_flow' ? row.value : {};
}

export async function updateOrderFlow(patch: Partial<OrderFlow>): Promise<void> {
  const db = await openDb();
  await db.transaction('rw', db.checkoutSession, async () => {
    const current = await readOrderFlow(db);
    await db.checkoutSession.put({ key: 'order_flow', value: { ...current, ...patch } });
  });
  await mirrorNow(db);
}

/** After a paid order: the shipping and payment steps start over; the address is kept. */
export async function resetCheckoutAfterOrder(): Promise<void> {
  await updateCheckoutForm((form) => ({
    ...form,
    shipping: null,
    payment: form.payment ? { method: form.payment.method } : null,
    confirmed: { address: form.confirmed.address, shipping: false, payment: false },
  }));
}

/**
 * Sign-out on a shared device (DESIGN.md): forgets the address, shipping and payment steps and the
 * order flow. The cart stays: it is the device's, not the customer's.
 */
export async function clearPersonalCheckoutData(): Promise<void> {
  const db = await openDb();
  await db.transaction('rw', db.checkoutForm, db.checkoutSession, async () => {
    await db.checkoutForm.clear();
    await db.checkoutSession.delete('order_flow');
  });
  await mirrorNow(db);
}
