import type { Db } from '../../db/client';
import { deliveryForecast } from '../calendar';
import { recordOrderEvent } from '../order-events';
import { lockedOrder, type OrderRow } from './order-rows';
import { awaitsPayment, movePaid } from './order-status';

// Marking an order paid: a Pix by its read-back webhook (pix/settle.ts), a card by its approved
// attempt (orders/card-checkout.ts).

/** Marks an order paid (first tracker stage); its delivery forecast counts from now. */
export async function markPaid(
  tx: Db,
  orderId: number,
  card?: { brand: string; last4: string | null; authorization: string },
): Promise<OrderRow | undefined> {
  const row = await lockedOrder(tx, orderId);
  if (!row || !awaitsPayment(row, card ? 'card' : 'pix')) return undefined;
  const now = new Date();
  const paid = await movePaid(tx, orderId, {
    paidAt: now,
    updatedAt: now,
    deliveryDate: deliveryForecast({ id: row.shippingId, delivery_time: row.deliveryDays }, now),
    ...(card ? { cardBrand: card.brand, cardLast4: card.last4, cardAuthorization: card.authorization } : {}),
  });
  if (card) await recordOrderEvent(tx, orderId, { kind: 'placed', installments: paid.installments });
  await recordOrderEvent(tx, orderId, { kind: 'paid' });
  return paid;
}
