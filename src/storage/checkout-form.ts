import type { CheckoutFormData, OrderFlow } from './db';
import { useStorageQuery } from './live';
import { readCheckoutForm, readOrderFlow } from './stored-rows';
import { write } from './write';

// The checkout steps (localStorage `checkout_form_data`) and the order flow values (session keys
// `movimento`, `APP_0050`). Card number and CVV never reach this module: the payment step keeps only
// the method and the instalment choice.

/** Applies a change to the stored form in one transaction and mirrors it. */
export function updateCheckoutForm(
  change: (current: CheckoutFormData) => CheckoutFormData,
): Promise<CheckoutFormData> {
  return write((db) =>
    db.transaction('rw', db.checkoutForm, async () => {
      const safe = withoutCardSecrets(change(await readCheckoutForm(db)));
      await db.checkoutForm.put({ key: 'checkout_form_data', value: safe });
      return safe;
    }),
  );
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

export function updateOrderFlow(patch: Partial<OrderFlow>): Promise<void> {
  return write((db) =>
    db.transaction('rw', db.checkoutSession, async () => {
      const current = await readOrderFlow(db);
      await db.checkoutSession.put({ key: 'order_flow', value: { ...current, ...patch } });
    }),
  );
}

/**
 * 'Reservar na Loja X': checkout opens with pickup at that store chosen, the shipping and payment
 * steps to be saved again.
 */
export function reservePickupAt(storeId: number): Promise<CheckoutFormData> {
  return updateCheckoutForm((form) => ({
    ...form,
    shipping: null,
    reservedStoreId: storeId,
    confirmed: { ...form.confirmed, shipping: false, payment: false },
  }));
}

/** After a paid order: the shipping and payment steps start over; the address is kept. */
export async function resetCheckoutAfterOrder(): Promise<void> {
  await updateCheckoutForm((form) => ({
    ...form,
    shipping: null,
    reservedStoreId: null,
    payment: form.payment ? { method: form.payment.method } : null,
    confirmed: { address: form.confirmed.address, shipping: false, payment: false },
  }));
}

/**
 * Sign-out on a shared device (docs/decisions/011-sign-out-keeps-the-cart.md): forgets the address, shipping and payment steps and the
 * order flow. The cart stays: it is the device's, not the customer's.
 */
export function clearPersonalCheckoutData(): Promise<void> {
  return write((db) =>
    db.transaction('rw', db.checkoutForm, db.checkoutSession, async () => {
      await db.checkoutForm.clear();
      await db.checkoutSession.delete('order_flow');
    }),
  );
}
