import { and, eq, sql } from 'drizzle-orm';
import { ORDER_NOT_FOUND_MESSAGE } from '../../../api/orders';
import type { Db } from '../../db/client';
import { orders, type CancelReason } from '../../db/schema';
import type { CardContext } from '../payments/cards/attempts';
import { paidAttemptOf } from '../payments/cards/card-payment';
import { dropUnsentCapture } from '../payments/cards/captures';
import { oweCardMoneyBack } from '../payments/cards/refunds';
import { refuse } from '../domain-error';
import { recordOrderEvent } from '../order-events';
import { hasPayableCharge, removeOpenCharges } from '../payments/pix/pix-charge';
import { refundPaymentsOf } from '../payments/pix/settle';
import { lockedOrder, type OrderRow } from './order-rows';
import { DISPATCHED_STEP, isCancelled, isProcessingCard, moveCancelled, statusIs } from './order-status';
import { CARD_RESERVATION_MS, resumeReservation } from './card-checkout';
import { staffView, type StaffOrderView } from './stages';
import { releaseOrderStock } from './stock-reservation';
import { queryRows } from '../../db/rows';

// Cancelling an order gives its units back and closes its open Pix charges.

/** A Pix order still unpaid this long after it was placed is cancelled and its stock released. */
export const ABANDONED_ORDER_HOURS = 24;
/** A Pix order whose code was never shown (its APP_0063 or APP_0079 failed) holds stock this long. */
export const UNSHOWN_PIX_MINUTES = 30;

/**
 * Everything the order was paid (or `amountCentavos` of it: a partial return) is owed back in the
 * caller's transaction, to be sent by the workers: each Pix received by a devolucao (pix/settle.ts);
 * a card payment by cancelling the authorization or refunding the capture, every instalment of it
 * (cards/refunds.ts). An invoiced order's capture not sent yet is dropped and the authorization
 * cancelled; one in flight refuses the cancellation.
 */
export async function oweMoneyBack(
  tx: Db,
  row: OrderRow,
  reason: CancelReason,
  amountCentavos?: number,
): Promise<void> {
  const part = amountCentavos !== undefined && amountCentavos < row.amountDue ? amountCentavos : undefined;
  await refundPaymentsOf(tx, row.id, part);
  if (row.paymentMethod !== 'card' || !row.paidAt) return;
  const attempt = await paidAttemptOf(tx, row.id);
  if (!attempt) return;
  await dropUnsentCapture(tx, attempt.id);
  await oweCardMoneyBack(tx, attempt.id, reason === 'withdrawn' ? 'withdrawn' : 'cancelled', part);
}

/** Cancels a locked row: units back, open charges closed, money owed back. */
export async function cancelLocked(tx: Db, row: OrderRow, reason: CancelReason): Promise<OrderRow> {
  await releaseOrderStock(tx, row.id, row.pickupStore);
  // Its codes are removed at the provider (services/payments/pix/owed.ts), so no bank takes them later; a
  // Pix that already paid it is owed back.
  await removeOpenCharges(tx, row.id);
  await oweMoneyBack(tx, row, reason);
  const updated = await moveCancelled(tx, row.id, reason);
  await recordOrderEvent(tx, row.id, { kind: 'cancelled', reason });
  return updated;
}

/** Staff: cancels an order not yet dispatched and puts its units back in stock. */
export async function cancelOrder(
  db: Db,
  orderId: number,
  reason: CancelReason = 'staff',
): Promise<StaffOrderView> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, orderId);
    if (!row) throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
    if (isCancelled(row)) return staffView(row);
    if (isProcessingCard(row))
      throw refuse('conflict', `Pedido ${orderId} está com o pagamento em processamento.`);
    if (row.stepIndex >= DISPATCHED_STEP)
      throw refuse('conflict', `Pedido ${orderId} já foi despachado e não pode ser cancelado.`);
    return staffView(await cancelLocked(tx, row, reason));
  });
}

/**
 * Inside a new order's transaction: the customer's orders still waiting for a Pix are cancelled
 * (the shopper switched to card, or changed the cart and placed again), so one checkout leaves one
 * order and the old one's units are free at once. Locks order rows, so it runs before any stock row.
 */
export async function supersedePendingOrders(tx: Db, customerId: number): Promise<number[]> {
  const pending = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), statusIs(orders.status, 'awaiting')))
    .orderBy(orders.id)
    .for('update');
  for (const row of pending) await cancelLocked(tx, row, 'superseded');
  return pending.map((row) => row.id);
}

/**
 * Cancels Pix orders left unpaid for ABANDONED_ORDER_HOURS (with no charge still payable), and those
 * whose code was never shown after UNSHOWN_PIX_MINUTES, so an abandoned checkout does not hold stock
 * for ever. Runs a few at a time when a checkout starts, and for one customer when they list orders.
 */
export async function cancelAbandonedOrders(db: Db, options: { customerId?: number; limit?: number } = {}) {
  const customer = options.customerId === undefined ? sql`` : sql`AND o.customer_id = ${options.customerId}`;
  const stale = await queryRows<{ id: number }>(
    db,
    sql`
      SELECT o.id FROM orders o
      WHERE ${statusIs(sql`o.status`, 'awaiting')} ${customer}
        AND NOT ${hasPayableCharge(sql`o.id`)}
        AND (o.created_at < now() - make_interval(hours => ${ABANDONED_ORDER_HOURS})
             OR (o.created_at < now() - make_interval(mins => ${UNSHOWN_PIX_MINUTES})
                 AND NOT EXISTS (SELECT 1 FROM pix_charges c WHERE c.order_id = o.id AND c.shown_at IS NOT NULL)))
      ORDER BY o.created_at LIMIT ${options.limit ?? 20}`,
  );
  const cancelled: number[] = [];
  for (const { id } of stale) {
    const view = await cancelOrder(db, Number(id), 'expired');
    if (isCancelled(view)) cancelled.push(view.id);
  }
  return cancelled;
}

/**
 * Card reservations left waiting (the process that charged them stopped, or the shopper left a
 * challenge): read back, then paid, released, or left while their wait lasts.
 */
export async function releaseStaleReservations(db: Db, cards: CardContext, limit = 20): Promise<number> {
  const stale = await db
    .select()
    .from(orders)
    .where(
      and(
        statusIs(orders.status, 'processing-card'),
        sql`${orders.createdAt} < now() - make_interval(secs => ${CARD_RESERVATION_MS / 1000})`,
      ),
    )
    .orderBy(orders.createdAt)
    .limit(limit);
  for (const row of stale) await resumeReservation(cards, row).catch(() => undefined);
  return stale.length;
}

/** Both sweeps, when a checkout starts: orders cancelled and card reservations settled. */
export async function freeHeldStock(db: Db, cards: CardContext) {
  return {
    cancelled: await cancelAbandonedOrders(db),
    released: await releaseStaleReservations(db, cards),
  };
}
