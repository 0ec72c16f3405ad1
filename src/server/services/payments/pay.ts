import { eq } from 'drizzle-orm';
import { cardForm } from '../../../api/place-order';
import { STATUS_AWAITING_PAYMENT, STATUS_PAID, STATUS_PROCESSING_CARD } from '../../../domain/order-tracker';
import type { Db } from '../../db/client';
import { checkoutKeys, orders } from '../../db/schema';
import { deliveryForecast } from '../calendar';
import { BRAND_LABELS, type CardChargeResult, type CardGateway } from './card';
import { refuse } from '../domain-error';
import { recordOrderEvent } from '../order-events';
import { lockedOrder, type OrderRow } from '../orders/order-rows';
import type { OrderPayload, ServerFigures } from '../orders/quote';
import { releaseOrderStock } from '../orders/stock-reservation';

// Paying an order: a card is charged between two short transactions (reserve, then confirm or
// release), so a slow acquirer holds no lock; a Pix is marked paid by its webhook (pix/settle.ts).

/** A card reservation not confirmed after this long is released and its charge voided. */
export const CARD_RESERVATION_MS = 2 * 60 * 1000;

const UNAVAILABLE_MESSAGE = 'Não foi possível processar o pagamento agora. Tente novamente em instantes.';

/** Marks an order paid (first tracker stage); its delivery forecast counts from now. */
export async function markPaid(
  tx: Db,
  orderId: number,
  card?: { brand: string; last4: string; authorization: string },
): Promise<OrderRow | undefined> {
  const row = await lockedOrder(tx, orderId);
  const awaiting = card ? STATUS_PROCESSING_CARD : STATUS_AWAITING_PAYMENT;
  if (!row || row.status !== awaiting) return undefined;
  const now = new Date();
  const [paid] = await tx
    .update(orders)
    .set({
      status: STATUS_PAID,
      stepIndex: 0,
      paidAt: now,
      updatedAt: now,
      deliveryDate: deliveryForecast({ id: row.shippingId, delivery_time: row.deliveryDays }, now),
      ...(card
        ? { cardBrand: card.brand, cardLast4: card.last4, cardAuthorization: card.authorization }
        : {}),
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (card) await recordOrderEvent(tx, orderId, { kind: 'placed', installments: paid.installments });
  await recordOrderEvent(tx, orderId, { kind: 'paid' });
  return paid;
}

/**
 * Deletes a card reservation that was not confirmed and puts its units back; false if there was
 * none. The reason is kept on the checkout key for submissions that were waiting for this charge.
 */
async function releaseReservation(db: Db, orderId: number, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, orderId);
    if (row?.status !== STATUS_PROCESSING_CARD) return false;
    await releaseOrderStock(tx, orderId, row.pickupStore);
    await tx.delete(orders).where(eq(orders.id, orderId));
    await tx.update(checkoutKeys).set({ declinedReason: reason }).where(eq(checkoutKeys.mov, row.mov));
    return true;
  });
}

async function voidQuietly(gateway: CardGateway, key: string): Promise<void> {
  try {
    await gateway.void(key);
  } catch {
    // The acquirer voids an authorisation that is never captured by itself; nothing more to do.
  }
}

/** A reservation whose charging process stopped (past CARD_RESERVATION_MS): void and release. */
export async function releaseStaleReservation(db: Db, gateway: CardGateway, order: OrderRow): Promise<void> {
  // Released first: if its own process confirms it after all, that finds no row and voids.
  if (await releaseReservation(db, order.id, UNAVAILABLE_MESSAGE)) await voidQuietly(gateway, order.mov);
}

/**
 * Charges the card of a reserved order (no transaction open), then confirms it, or releases the
 * reservation: declined, the acquirer failing or timing out, or the confirmation failing (then the
 * charge is voided too). Answers the paid order; anything else is refused as 402 with the reason.
 */
export async function chargeReservation(
  db: Db,
  gateway: CardGateway,
  order: OrderRow,
  payload: OrderPayload,
  figures: ServerFigures,
): Promise<OrderRow> {
  const form = cardForm.parse(payload.forma);
  let result: CardChargeResult | undefined;
  try {
    result = await gateway.charge({
      cardNumber: form.cardNumber,
      expiry: form.expiry,
      cvv: form.cvv,
      holder: form.name,
      amountCentavos: figures.amountDue,
      installments: figures.installments,
      idempotencyKey: payload.mov,
    });
  } catch {
    result = undefined;
  }
  if (!result?.approved) {
    // An unknown outcome may still have authorised the amount.
    const reason = result?.reason ?? UNAVAILABLE_MESSAGE;
    if (!result) await voidQuietly(gateway, payload.mov);
    await releaseReservation(db, order.id, reason);
    throw refuse('payment-declined', reason);
  }
  const card = {
    brand: BRAND_LABELS[result.brand],
    last4: result.last4,
    authorization: result.authorization,
  };
  let paid: OrderRow | undefined;
  try {
    paid = await db.transaction((tx) => markPaid(tx, order.id, card));
  } catch (error) {
    await voidQuietly(gateway, payload.mov);
    await releaseReservation(db, order.id, UNAVAILABLE_MESSAGE).catch(() => undefined);
    throw error;
  }
  if (!paid) {
    // Released meanwhile as stale: the shopper must not pay for an order that holds no units.
    await voidQuietly(gateway, payload.mov);
    throw refuse('payment-declined', UNAVAILABLE_MESSAGE);
  }
  return paid;
}
