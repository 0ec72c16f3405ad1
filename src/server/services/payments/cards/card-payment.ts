import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cardPayments, type CardPaymentStatus } from '../../../db/schema';
import type { ProviderPayment, ProviderPaymentStatus, RefusalCode } from './provider';

// The card payment aggregate: its states (the schema's enum) and every move between them. Nothing
// else writes card_payments.status. An attempt's key is stored before the provider is called, so a
// crash or a timeout leaves a row that says what to ask the provider (docs/payments.md).

export type CardPaymentRow = typeof cardPayments.$inferSelect;

/** States whose money is with the store: the order may be paid. */
export const APPROVED: readonly CardPaymentStatus[] = ['authorized', 'captured'];
/** States still waiting for the provider, the issuer or the shopper. */
export type OpenStatus = Extract<CardPaymentStatus, 'created' | 'unknown' | 'challenge' | 'review'>;
export const OPEN: readonly OpenStatus[] = ['created', 'unknown', 'challenge', 'review'];

const FROM_PROVIDER: Record<ProviderPaymentStatus, CardPaymentStatus> = {
  authorized: 'authorized',
  captured: 'captured',
  refused: 'refused',
  challenge: 'challenge',
  pending: 'review',
  cancelled: 'cancelled',
  refunded: 'refunded',
  // The provider could not process it: nothing was authorised.
  error: 'refused',
};

const STARTED: CardPaymentStatus = 'created';

/** SQL: the order (its id column) has an attempt past its first call (answered, or known unknown). */
export const hasAnsweredAttempt = (orderId: SQLWrapper) =>
  sql`EXISTS (SELECT 1 FROM card_payments p WHERE p.order_id = ${orderId} AND p.status <> ${STARTED})`;

export const isApproved = (row: Pick<CardPaymentRow, 'status'>) => APPROVED.includes(row.status);
export const isOpen = <Row extends Pick<CardPaymentRow, 'status'>>(
  row: Row,
): row is Row & { status: OpenStatus } => (OPEN as readonly string[]).includes(row.status);
/** Its first call to the provider has not answered yet (it may be in flight). */
export const isStarted = (row: Pick<CardPaymentRow, 'status'>) => row.status === STARTED;
/** Approved and not captured yet: captured when the order is invoiced (CARD_CAPTURE=invoice). */
export const isAuthorizedOnly = (row: Pick<CardPaymentRow, 'status'>) => row.status === 'authorized';
/**
 * The issuer asks the shopper for 3-D Secure: its page is the attempt's `challengeUrl`, or the
 * provider's script runs it in the checkout from `challengeAction`.
 */
export const isChallenge = (row: Pick<CardPaymentRow, 'status'>) => row.status === 'challenge';

/** A new attempt with a key of its own, committed before the provider hears of it. */
export async function startAttempt(
  db: Db,
  attempt: { mov: string; orderId: number; provider: string; amount: number; installments: number },
): Promise<CardPaymentRow> {
  const [row] = await db
    .insert(cardPayments)
    .values({ ...attempt, idempotencyKey: `att_${randomBytes(16).toString('hex')}`, status: 'created' })
    .returning();
  return row;
}

/** The provider's word on a payment, recorded (also when it arrives late, by read-back). */
export async function recordProviderPayment(
  db: Db,
  id: number,
  payment: ProviderPayment,
): Promise<CardPaymentRow> {
  const status = FROM_PROVIDER[payment.status];
  const [row] = await db
    .update(cardPayments)
    .set({
      status,
      providerId: payment.providerId,
      charged: payment.amountCentavos,
      captured: payment.capturedCentavos,
      refunded: payment.refundedCentavos,
      brand: payment.brand ?? null,
      last4: payment.last4 ?? null,
      refusal:
        status === 'refused'
          ? (payment.refusal ?? (payment.status === 'error' ? 'processing' : 'other'))
          : null,
      challengeUrl: status === 'challenge' ? (payment.challengeUrl ?? null) : null,
      challengeAction: status === 'challenge' ? (payment.challengeAction ?? null) : null,
      updatedAt: new Date(),
      checkedAt: new Date(),
    })
    .where(eq(cardPayments.id, id))
    .returning();
  return row;
}

/** The call's answer never came: the attempt is read back by its key before anything changes. */
export async function markUnknown(db: Db, id: number): Promise<void> {
  await db
    .update(cardPayments)
    .set({ status: 'unknown', updatedAt: new Date() })
    .where(and(eq(cardPayments.id, id), inArray(cardPayments.status, [STARTED, 'unknown'])));
}

/** The provider has no payment under the attempt's key (or refused the request): nothing was charged. */
export async function markNeverCharged(
  db: Db,
  id: number,
  refusal: RefusalCode = 'processing',
): Promise<void> {
  await db
    .update(cardPayments)
    .set({ status: 'refused', refusal, updatedAt: new Date(), checkedAt: new Date() })
    .where(and(eq(cardPayments.id, id), inArray(cardPayments.status, ['created', 'unknown'])));
}

/** Money moved back (a cancel or a refund that the provider confirmed). */
export async function recordMoneyBack(
  db: Db,
  id: number,
  change: { cancelled: true } | { refundedCentavos: number },
): Promise<void> {
  if ('cancelled' in change) {
    await db
      .update(cardPayments)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(cardPayments.id, id));
    return;
  }
  await db.execute(sql`
    UPDATE card_payments SET refunded = refunded + ${change.refundedCentavos}, updated_at = now(),
           status = CASE WHEN refunded + ${change.refundedCentavos} >= captured THEN 'refunded' ELSE status END
    WHERE id = ${id}`);
}

export async function attemptById(db: Db, id: number): Promise<CardPaymentRow | undefined> {
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.id, id)).limit(1);
  return row;
}

export async function attemptByProviderId(db: Db, providerId: string): Promise<CardPaymentRow | undefined> {
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.providerId, providerId)).limit(1);
  return row;
}

/** The newest attempt of a checkout. */
export async function latestAttempt(db: Db, mov: string): Promise<CardPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(eq(cardPayments.mov, mov))
    .orderBy(sql`${cardPayments.id} DESC`)
    .limit(1);
  return row;
}

/** The attempt that paid an order (approved, cancelled or refunded since), if any. */
export async function paidAttemptOf(db: Db, orderId: number): Promise<CardPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(
      and(
        eq(cardPayments.orderId, orderId),
        inArray(cardPayments.status, ['authorized', 'captured', 'cancelled', 'refunded']),
      ),
    )
    .orderBy(sql`${cardPayments.id} DESC`)
    .limit(1);
  return row;
}

/** Attempts still waiting, oldest first (the card worker reads them back); a call may be in flight in the first `inFlightMs`. */
export async function openAttempts(db: Db, inFlightMs: number, limit = 20): Promise<CardPaymentRow[]> {
  return db
    .select()
    .from(cardPayments)
    .where(
      and(
        inArray(cardPayments.status, [...OPEN]),
        sql`(${cardPayments.status} <> 'created' OR ${cardPayments.createdAt} < now() - make_interval(secs => ${inFlightMs / 1000}))`,
      ),
    )
    .orderBy(cardPayments.updatedAt)
    .limit(limit);
}

/** Approved attempts whose reservation is gone (released before a late approval): owed back. */
export async function orphanApprovals(db: Db, limit = 20): Promise<CardPaymentRow[]> {
  return db
    .select()
    .from(cardPayments)
    .where(
      and(
        inArray(cardPayments.status, [...APPROVED]),
        // The reservation it paid for was released (its row deleted).
        sql`${cardPayments.orderId} IS NULL`,
        sql`NOT EXISTS (SELECT 1 FROM card_refunds r WHERE r.card_payment_id = ${cardPayments.id})`,
      ),
    )
    .limit(limit);
}
