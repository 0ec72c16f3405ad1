import { eq, sql } from 'drizzle-orm';
import { ORDER_NOT_FOUND_MESSAGE } from '../../../api/orders';
import { TRACKER_STAGES } from '../../../domain/order-tracker';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { refuse } from '../domain-error';
import { lockedOrder, rowsOf } from './order-rows';
import { staffView, type StaffOrderView } from './stages';
import { releaseStock } from './stock-reservation';

// Cancelling an order gives its units back and closes its open Pix charges.

/** A Pix order still unpaid this long after it was placed is cancelled and its stock released. */
export const ABANDONED_ORDER_HOURS = 24;

/** Staff: cancels an order not yet dispatched and puts its units back in stock. */
export async function cancelOrder(db: Db, orderId: number): Promise<StaffOrderView> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, orderId);
    if (!row) throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
    if (row.status === 'Cancelado') return staffView(row);
    if (row.stepIndex >= TRACKER_STAGES.indexOf('Pedido Despachado'))
      throw refuse('conflict', `Pedido ${orderId} já foi despachado e não pode ser cancelado.`);
    await releaseStock(tx, row.id);
    await tx.execute(
      sql`UPDATE pix_charges SET status = 'expirado' WHERE order_id = ${row.id} AND status = 'pendente'`,
    );
    const [updated] = await tx
      .update(orders)
      .set({ status: 'Cancelado', stepIndex: -1, updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning();
    return staffView(updated);
  });
}

/**
 * Cancels Pix orders left unpaid for ABANDONED_ORDER_HOURS (with no charge still payable), so an
 * abandoned checkout does not hold stock for ever. Runs a few at a time when a checkout starts.
 */
export async function cancelAbandonedOrders(db: Db, limit = 20): Promise<number[]> {
  const stale = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT o.id FROM orders o
      WHERE o.status = 'Aguardando pagamento'
        AND o.created_at < now() - make_interval(hours => ${ABANDONED_ORDER_HOURS})
        AND NOT EXISTS (SELECT 1 FROM pix_charges c
                        WHERE c.order_id = o.id AND c.status = 'pendente' AND c.expires_at > now())
      ORDER BY o.created_at LIMIT ${limit}`),
  );
  const cancelled: number[] = [];
  for (const { id } of stale) {
    const view = await cancelOrder(db, Number(id));
    if (view.status === 'Cancelado') cancelled.push(view.id);
  }
  return cancelled;
}
