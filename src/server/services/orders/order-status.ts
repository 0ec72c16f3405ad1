import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import {
  STATUS_AWAITING_PAYMENT,
  STATUS_CANCELLED,
  STATUS_PAID,
  STATUS_PROCESSING_CARD,
  TRACKER_STAGES,
} from '../../../domain/order-tracker';
import type { Db } from '../../db/client';
import { orders, type CancelReason } from '../../db/schema';
import type { OrderRow } from './order-rows';

// The order aggregate: its states (the schema's ORDER_ROW_STATUSES, whose values are the tracker's
// constants in src/domain/order-tracker.ts) and every move between them. Nothing else writes
// orders.status or orders.step_index; services ask these predicates instead of comparing statuses.
//   Processando pagamento ─approved─▶ Pagamento Efetuado ─staff─▶ … ─▶ Pedido Entregue
//        (declined: the reservation is deleted, card-checkout.ts)  │ before dispatch
//   Aguardando pagamento ─Pix paid─▶ Pagamento Efetuado             ▼
//        └──────────── cancelled (expired, superseded, staff) ─▶ Cancelado

/** Any row that carries an order's status (a typed row, a raw query's, a staff view). */
type Status = { status: string };

export const isCancelled = (row: Status) => row.status === STATUS_CANCELLED;
/** A card reservation still being charged: never shown to the shopper. */
export const isProcessingCard = (row: Status) => row.status === STATUS_PROCESSING_CARD;
export const isAwaitingPayment = (row: Status) => row.status === STATUS_AWAITING_PAYMENT;

/** The tracker stage an order that reached it may no longer be cancelled or changed from. */
export const DISPATCHED_STEP = TRACKER_STAGES.indexOf('Pedido Despachado');
/** The last tracker stage. */
export const DELIVERED_STEP = TRACKER_STAGES.length - 1;

/** SQL: the order (its status column) is `status`; `not`: anything else. */
export const statusIs = (column: SQLWrapper, status: 'cancelled' | 'awaiting' | 'processing-card') =>
  sql`${column} = ${STATUS_OF[status]}`;
export const statusIsNot = (column: SQLWrapper, status: 'cancelled' | 'processing-card') =>
  sql`${column} <> ${STATUS_OF[status]}`;
const STATUS_OF = {
  cancelled: STATUS_CANCELLED,
  awaiting: STATUS_AWAITING_PAYMENT,
  'processing-card': STATUS_PROCESSING_CARD,
} as const;

/** A new order's state: a card one holds its units while the acquirer answers, a Pix one waits. */
export const placedState = (paymentMethod: OrderRow['paymentMethod']) =>
  ({
    status: paymentMethod === 'card' ? STATUS_PROCESSING_CARD : STATUS_AWAITING_PAYMENT,
    stepIndex: -1,
  }) as const;

/** The state a paid order was waiting in: a card's reservation, or a Pix order. */
export const awaitsPayment = (row: OrderRow, by: OrderRow['paymentMethod']) =>
  by === 'card' ? isProcessingCard(row) : isAwaitingPayment(row);

type Change = Partial<Omit<typeof orders.$inferInsert, 'id' | 'status' | 'stepIndex'>>;

async function move(tx: Db, orderId: number, to: Pick<OrderRow, 'status' | 'stepIndex'>, change: Change) {
  const [row] = await tx
    .update(orders)
    .set({ ...to, updatedAt: new Date(), ...change })
    .where(eq(orders.id, orderId))
    .returning();
  return row;
}

/** Paid: the first tracker stage (the caller checked it awaited payment, the row locked). */
export const movePaid = (tx: Db, orderId: number, change: Change) =>
  move(tx, orderId, { status: STATUS_PAID, stepIndex: 0 }, change);

/** Staff moved it to tracker stage `step`. */
export const moveToStage = (tx: Db, orderId: number, step: number, change: Change) =>
  move(tx, orderId, { status: TRACKER_STAGES[step], stepIndex: step }, change);

/** Cancelled for `reason`: no stage, no delivery forecast. */
export const moveCancelled = (tx: Db, orderId: number, reason: CancelReason) =>
  move(
    tx,
    orderId,
    { status: STATUS_CANCELLED, stepIndex: -1 },
    { cancelReason: reason, deliveryDate: null },
  );
