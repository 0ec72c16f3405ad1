import { eq } from 'drizzle-orm';
import { STATUS_AWAITING_PAYMENT, STATUS_PAID, STATUS_PROCESSING_CARD } from '../../../domain/order-tracker';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { deliveryForecast } from '../calendar';
import { recordOrderEvent } from '../order-events';
import { lockedOrder, type OrderRow } from './order-rows';

// Marking an order paid: a Pix by its read-back webhook (pix/settle.ts), a card by its approved
// attempt (orders/card-checkout.ts).

/** Marks an order paid (first tracker stage); its delivery forecast counts from now. */
export async function markPaid(
  tx: Db,
  orderId: number,
  card?: { brand: string; last4: string | null; authorization: string },
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
