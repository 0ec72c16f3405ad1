import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';

// What every order job shares: the row type and the plain lookups.

export type OrderRow = typeof orders.$inferSelect;

export async function orderByMov(db: Db, mov: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.mov, mov)).limit(1);
  return row;
}

/** The order's row, locked until the caller's transaction ends. */
export async function lockedOrder(tx: Db, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row;
}
