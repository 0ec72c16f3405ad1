import { eq } from 'drizzle-orm';
import { deliveryDate } from '../../../domain/shipping';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { isoDate } from './order-rows';

/** Marks an order paid (first tracker stage) and moves its delivery forecast to count from now. */
export async function markPaid(tx: Db, orderId: number): Promise<void> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row || row.status !== 'Aguardando pagamento') return;
  const now = new Date();
  await tx
    .update(orders)
    .set({
      status: 'Pagamento Efetuado',
      stepIndex: 0,
      paidAt: now,
      updatedAt: now,
      deliveryDate: isoDate(deliveryDate(now, row.deliveryDays)),
    })
    .where(eq(orders.id, orderId));
}
