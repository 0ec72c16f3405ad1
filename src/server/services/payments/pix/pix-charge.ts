import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne, sql, type SQLWrapper } from 'drizzle-orm';
import { STATUS_CANCELLED } from '../../../../domain/order-tracker';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import { pixCharges, type PixChargeStatus } from '../../../db/schema';
import { alphanumericId } from './ids';

// The Pix charge aggregate: its states (the schema's enum, described in migration 0040) and every
// move between them. Nothing else writes pix_charges.status.
//   criando ─opened─▶ pendente ─paid─▶ pago
//      │                 │ (its time passes: expired, read as such, no write)
//      └──── the order no longer wants it ────▶ removendo ─removed at the provider─▶ removida

export type PixChargeRow = typeof pixCharges.$inferSelect;
type Charge = Pick<PixChargeRow, 'status' | 'expiresAt'>;

/** Not yet refused by the provider: being opened there, or open. */
const OPEN: readonly PixChargeStatus[] = ['criando', 'pendente'];

/** Being opened at the provider: its answer is still awaited (or was lost) and is asked again. */
export const isBeingOpened = (charge: Pick<PixChargeRow, 'status'>) => charge.status === 'criando';
export const isPaid = (charge: Pick<PixChargeRow, 'status'>) => charge.status === 'pago';
/** Open at the provider, whatever the time: worth reading back. */
export const isPending = (charge: Pick<PixChargeRow, 'status'>) => charge.status === 'pendente';
/** A code a shopper can still pay now. */
export const isPayable = (charge: Charge, now = Date.now()) =>
  isPending(charge) && charge.expiresAt.getTime() > now;
/** A code whose time is over (an open one past its expiry, or one recorded as expired). */
export const isExpired = (charge: Charge, now = Date.now()) =>
  charge.status === 'expirado' || (isPending(charge) && !isPayable(charge, now));
/** A code the store may still show: payable, or paid (its receipt). */
export const isShowable = (charge: Charge, now = Date.now()) => isPaid(charge) || isPayable(charge, now);

/** SQL: the order (its id column) has a code a shopper can still pay. */
export const hasPayableCharge = (orderId: SQLWrapper) =>
  sql`EXISTS (SELECT 1 FROM pix_charges c WHERE c.order_id = ${orderId} AND c.status = 'pendente' AND c.expires_at > now())`;

/** The order's newest charge still open, or being opened. */
export async function latestOpenCharge(db: Db, orderId: number): Promise<PixChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(pixCharges)
    .where(and(eq(pixCharges.orderId, orderId), inArray(pixCharges.status, OPEN)))
    .orderBy(sql`${pixCharges.createdAt} DESC`)
    .limit(1);
  return row;
}

/** A new charge of `amount`, recorded before the provider hears of it (under a txid of its own). */
export async function startCharge(
  db: Db,
  charge: { orderId: number; amount: number; expiresAt: Date },
): Promise<PixChargeRow> {
  const [row] = await db
    .insert(pixCharges)
    .values({
      id: `pix_${randomBytes(12).toString('hex')}`,
      txid: alphanumericId(32),
      status: 'criando',
      ...charge,
    })
    .returning();
  return row;
}

/** The provider opened it: its code and when that code expires. */
export async function markOpened(
  db: Db,
  chargeId: string,
  opened: { payload: string; location: string | null; expiresAt: Date },
): Promise<void> {
  await db
    .update(pixCharges)
    .set({ status: 'pendente', ...opened })
    .where(and(eq(pixCharges.id, chargeId), eq(pixCharges.status, 'criando')));
}

/** Inside the settlement: the Pix received pays this charge, and the order's other codes go. */
export async function markChargePaid(tx: Db, charge: Pick<PixChargeRow, 'id' | 'orderId'>): Promise<void> {
  await tx.update(pixCharges).set({ status: 'pago', paidAt: new Date() }).where(eq(pixCharges.id, charge.id));
  await removeOpenCharges(tx, charge.orderId, { except: charge.id });
}

/**
 * The order no longer wants its open codes (cancelled, paid by another, or a new code asked for):
 * they are removed at the provider next (owed.ts), so no bank takes them. `only: 'pendente'` leaves
 * one still being opened.
 */
export async function removeOpenCharges(
  tx: Db,
  orderId: number,
  options: { except?: string; only?: Extract<PixChargeStatus, 'pendente'> } = {},
): Promise<void> {
  await tx
    .update(pixCharges)
    .set({ status: 'removendo' })
    .where(
      and(
        eq(pixCharges.orderId, orderId),
        options.only ? eq(pixCharges.status, options.only) : inArray(pixCharges.status, OPEN),
        options.except ? ne(pixCharges.id, options.except) : undefined,
      ),
    );
}

/** A charge paid for something else (another amount, an order no longer waiting): no longer payable. */
export async function markSpent(tx: Db, charge: Pick<PixChargeRow, 'id' | 'status'>): Promise<void> {
  if (isPaid(charge)) return;
  await tx.update(pixCharges).set({ status: 'removida' }).where(eq(pixCharges.id, charge.id));
}

/** Charges the provider must drop: marked for removal, or still being opened for a cancelled order. */
export function chargesToRemove(db: Db, limit: number) {
  return queryRows<{ id: string; txid: string }>(
    db,
    sql`
      SELECT c.id, c.txid FROM pix_charges c JOIN orders o ON o.id = c.order_id
      WHERE c.status = 'removendo' OR (c.status = 'criando' AND o.status = ${STATUS_CANCELLED})
      ORDER BY c.created_at LIMIT ${limit}`,
  );
}

/** The provider no longer holds it (removed there, or found paid and settled). */
export async function markRemoved(db: Db, chargeId: string): Promise<void> {
  await db
    .update(pixCharges)
    .set({ status: 'removida' })
    .where(and(eq(pixCharges.id, chargeId), inArray(pixCharges.status, ['removendo', 'criando'])));
}
