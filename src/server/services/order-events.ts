import type { Db } from '../db/client';
import { orderEvents, type CancelReason } from '../db/schema';

// What happened to an order, recorded inside the transaction that made it happen. The kinds and
// their details are described in migration 0035_order_events.sql; notifications read them.

/** A card refund: how the money goes back (a cancelled authorization, or a refund of a capture). */
export interface RefundedCard {
  brand: string;
  last4: string;
  how: 'cancel' | 'refund';
  installments: number;
}

export type OrderEvent =
  | { kind: 'placed'; pixExpiresAt?: string; installments?: number }
  | { kind: 'paid' }
  | { kind: 'stage'; stepIndex: number; rastreio?: string | null }
  | { kind: 'ready_for_pickup'; store: number }
  | { kind: 'picked_up'; store: number }
  | { kind: 'cancelled'; reason: CancelReason }
  | {
      kind: 'withdrawal_requested';
      how: 'cancel' | 'return';
      amountCentavos: number;
      reason?: string;
      /** A partial return: the made-to-order items the shopper keeps, by name. */
      kept?: string[];
    }
  | { kind: 'refund_started'; amountCentavos: number; card?: RefundedCard }
  | { kind: 'refunded'; amountCentavos: number; card?: RefundedCard }
  | { kind: 'refund_failed'; amountCentavos: number }
  | { kind: 'line_removed'; name: string; quantity: number; amountCentavos: number; card?: RefundedCard };

/** Records an event of the order; call it with the transaction that changed the order. */
export async function recordOrderEvent(
  tx: Db,
  orderId: number,
  event: OrderEvent,
  staffId?: number,
): Promise<void> {
  const { kind, ...detail } = event;
  await tx.insert(orderEvents).values({ orderId, kind, detail, staffId: staffId ?? null });
}
