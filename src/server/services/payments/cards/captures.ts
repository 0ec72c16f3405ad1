import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cardCaptures } from '../../../db/schema';
import { refuse } from '../../domain-error';
import type { CardContext } from './attempts';
import { attemptById, isAuthorizedOnly, recordProviderPayment } from './card-payment';
import { ProviderUnavailable, type ProviderPayment } from './provider';

// Capture when the order is invoiced (CARD_CAPTURE=invoice): the approval only authorized the
// money; invoicing owes its capture as a row with its own key, in the transaction that invoices,
// and the card worker sends it. A capture whose answer was lost is read back (`get`) before it is
// sent again under the same key, so it is never taken twice. Nothing else writes
// card_captures.status (migration 0093 describes each state).

export type CardCaptureRow = typeof cardCaptures.$inferSelect;

export const CAPTURE_IN_FLIGHT_MESSAGE =
  'A captura do pagamento deste pedido está em andamento. Tente de novo em instantes.';

/**
 * Inside the invoicing transaction: the capture of an authorized attempt, owed once (a second
 * invoicing finds the first row). Null when nothing is left to capture (captured at authorization,
 * cancelled, refunded).
 */
export async function oweCapture(tx: Db, attemptId: number): Promise<CardCaptureRow | null> {
  await tx.execute(sql`SELECT id FROM card_payments WHERE id = ${attemptId} FOR UPDATE`);
  const attempt = await attemptById(tx, attemptId);
  if (!attempt || !isAuthorizedOnly(attempt)) return null;
  const [row] = await tx
    .insert(cardCaptures)
    .values({
      cardPaymentId: attempt.id,
      orderId: attempt.orderId,
      amount: attempt.charged ?? attempt.amount,
      idempotencyKey: `cap_${randomBytes(16).toString('hex')}`,
      status: 'pending',
    })
    .onConflictDoNothing({ target: cardCaptures.cardPaymentId })
    .returning();
  return row ?? null;
}

/**
 * Inside a cancellation's transaction, before the authorization is cancelled: a capture owed and
 * never sent is dropped. One already sent whose outcome is not known yet refuses the cancellation
 * (the money may be captured: it is refunded once the worker has read it back).
 */
export async function dropUnsentCapture(tx: Db, attemptId: number): Promise<void> {
  const [owed] = await tx
    .select()
    .from(cardCaptures)
    .where(and(eq(cardCaptures.cardPaymentId, attemptId), eq(cardCaptures.status, 'pending')))
    .for('update');
  if (!owed) return;
  if (owed.attempts > 0) throw refuse('conflict', CAPTURE_IN_FLIGHT_MESSAGE);
  await tx.update(cardCaptures).set({ status: 'dropped' }).where(eq(cardCaptures.id, owed.id));
}

/** Sends the owed captures, each under its own key; answers how many the provider confirmed. */
export async function sendOwedCaptures(context: CardContext, limit = 20): Promise<number> {
  const { db, provider } = context;
  const owed = await db
    .select()
    .from(cardCaptures)
    .where(eq(cardCaptures.status, 'pending'))
    .orderBy(cardCaptures.id)
    .limit(limit);
  let done = 0;
  for (const capture of owed) {
    const attempt = (await attemptById(db, capture.cardPaymentId))!;
    // Counted before the call: a capture with a try behind it may have been taken, and is read back.
    await db
      .update(cardCaptures)
      .set({ attempts: capture.attempts + 1 })
      .where(eq(cardCaptures.id, capture.id));
    try {
      let payment: ProviderPayment | null =
        capture.attempts > 0 ? await provider.get(attempt.providerId!) : null;
      if (payment?.status !== 'captured')
        payment = await provider.capture({
          providerId: attempt.providerId!,
          amountCentavos: capture.amount,
          idempotencyKey: capture.idempotencyKey,
        });
      if (payment.status !== 'captured')
        throw new Error(`the provider answered ${payment.status} to the capture`);
      const captured = payment;
      await db.transaction(async (tx) => {
        const [settled] = await tx
          .update(cardCaptures)
          .set({ status: 'done', doneAt: new Date(), lastError: null })
          .where(and(eq(cardCaptures.id, capture.id), eq(cardCaptures.status, 'pending')))
          .returning();
        if (settled) await recordProviderPayment(tx, attempt.id, captured);
      });
      done += 1;
    } catch (error) {
      // Unavailable: read back and tried again next round. Refused: kept as failed, for staff.
      const failed = !(error instanceof ProviderUnavailable);
      context.log.warn(
        { err: error, capture: capture.id },
        failed ? 'card capture refused' : 'card capture: outcome unknown, read back later',
      );
      await db
        .update(cardCaptures)
        .set({
          lastError: String((error as Error).message).slice(0, 300),
          ...(failed ? { status: 'failed' } : {}),
        })
        .where(eq(cardCaptures.id, capture.id));
    }
  }
  return done;
}
