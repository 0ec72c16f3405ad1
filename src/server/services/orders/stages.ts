import { ORDER_NOT_FOUND_MESSAGE } from '../../../api/orders';
import { TRACKER_STAGES } from '../../../domain/order-tracker';
import type { Db } from '../../db/client';
import { refuse } from '../domain-error';
import { recordOrderEvent } from '../order-events';
import { oweCapture } from '../payments/cards/captures';
import { paidAttemptOf } from '../payments/cards/card-payment';
import { lockedOrder, type OrderRow } from './order-rows';
import { DELIVERED_STEP, isCancelled, moveToStage } from './order-status';

// The staff's view of an order and its moves along the six tracker stages. Reaching 'Pedido
// Faturado' invoices the order: a card only authorized (CARD_CAPTURE=invoice) is owed its capture
// in the same transaction, sent by the card worker.

const INVOICED = TRACKER_STAGES.indexOf('Pedido Faturado');

export interface StaffOrderView {
  id: number;
  status: string;
  currentStepIndex: number;
  rastreio: string | null;
}

export const staffView = (row: OrderRow): StaffOrderView => ({
  id: row.id,
  status: row.status,
  currentStepIndex: row.stepIndex,
  rastreio: row.rastreio,
});

/** The order, locked, as staff may move it: paid, not cancelled. */
async function movableOrder(tx: Db, orderId: number): Promise<OrderRow> {
  const row = await lockedOrder(tx, orderId);
  if (!row) throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
  if (isCancelled(row)) throw refuse('conflict', `Pedido ${orderId} está cancelado.`);
  if (row.stepIndex < 0)
    throw refuse('conflict', `Pedido ${orderId} aguarda pagamento: confirme o PIX antes de avançar.`);
  return row;
}

async function moveTo(tx: Db, row: OrderRow, next: number, rastreio?: string): Promise<OrderRow> {
  const updated = await moveToStage(tx, row.id, next, {
    rastreio: rastreio?.trim() ? rastreio.trim().toUpperCase() : row.rastreio,
  });
  if (next === INVOICED && row.paymentMethod === 'card') {
    const attempt = await paidAttemptOf(tx, row.id);
    if (attempt) await oweCapture(tx, attempt.id);
  }
  await recordOrderEvent(tx, row.id, { kind: 'stage', stepIndex: next, rastreio: updated.rastreio });
  return updated;
}

/** Staff: one tracker stage forward, optionally setting the tracking code. */
export async function advanceOrder(db: Db, orderId: number, rastreio?: string): Promise<StaffOrderView> {
  return db.transaction(async (tx) => {
    const row = await movableOrder(tx, orderId);
    if (row.stepIndex >= DELIVERED_STEP) throw refuse('conflict', `Pedido ${orderId} já foi entregue.`);
    return staffView(await moveTo(tx, row, row.stepIndex + 1, rastreio));
  });
}

/**
 * Staff: the order invoiced ('Pedido Faturado'), its card captured if it was only authorized. An
 * order already invoiced (or further along) is answered as it is: nothing is captured twice.
 */
export async function invoiceOrder(db: Db, orderId: number): Promise<StaffOrderView> {
  return db.transaction(async (tx) => {
    const row = await movableOrder(tx, orderId);
    if (row.stepIndex >= INVOICED) return staffView(row);
    return staffView(await moveTo(tx, row, INVOICED));
  });
}
