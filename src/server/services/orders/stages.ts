import { eq } from 'drizzle-orm';
import { ORDER_NOT_FOUND_MESSAGE } from '../../../api/orders';
import { STATUS_CANCELLED, TRACKER_STAGES } from '../../../domain/order-tracker';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { refuse } from '../domain-error';
import { recordOrderEvent } from '../order-events';
import { lockedOrder, type OrderRow } from './order-rows';

// The staff's view of an order and its moves along the six tracker stages.

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

/** Staff: one tracker stage forward, optionally setting the tracking code. */
export async function advanceOrder(db: Db, orderId: number, rastreio?: string): Promise<StaffOrderView> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, orderId);
    if (!row) throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
    if (row.status === STATUS_CANCELLED) throw refuse('conflict', `Pedido ${orderId} está cancelado.`);
    if (row.stepIndex < 0)
      throw refuse('conflict', `Pedido ${orderId} aguarda pagamento: confirme o PIX antes de avançar.`);
    if (row.stepIndex >= TRACKER_STAGES.length - 1)
      throw refuse('conflict', `Pedido ${orderId} já foi entregue.`);
    const next = row.stepIndex + 1;
    const [updated] = await tx
      .update(orders)
      .set({
        status: TRACKER_STAGES[next],
        stepIndex: next,
        rastreio: rastreio?.trim() ? rastreio.trim().toUpperCase() : row.rastreio,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId))
      .returning();
    await recordOrderEvent(tx, orderId, { kind: 'stage', stepIndex: next, rastreio: updated.rastreio });
    return staffView(updated);
  });
}
