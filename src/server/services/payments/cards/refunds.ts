import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cardRefunds, type CardRefundReason } from '../../../db/schema';
import { queryRows } from '../../../db/rows';
import { refuse } from '../../domain-error';
import { recordOrderEvent } from '../../order-events';
import { attemptById, isApproved, recordMoneyBack, type CardPaymentRow } from './card-payment';
import type { CardContext } from './attempts';
import { ProviderUnavailable } from './provider';

// Card money given back: an authorization not captured is cancelled, a capture is refunded (every
// instalment: the issuer takes the whole amount off the statements). A refund is a row first, in the
// transaction that decided it, then sent by the card worker with the row's own key: never lost,
// never twice, never more than was captured.

export type CardRefundRow = typeof cardRefunds.$inferSelect;

/** What can still be given back: captured minus refunded minus refunds already owed. */
async function refundable(tx: Db, attempt: CardPaymentRow): Promise<number> {
  const [owed] = await queryRows<{ sum: string | null }>(
    tx,
    sql`SELECT sum(amount) AS sum FROM card_refunds WHERE card_payment_id = ${attempt.id} AND status = 'pending' AND kind = 'refund'`,
  );
  return attempt.captured - attempt.refunded - Number(owed?.sum ?? 0);
}

/**
 * Owes back an approved attempt's money (all of it, or `amountCentavos` of a capture), inside the
 * caller's transaction. Refuses what cannot be given back; answers the row, or null when nothing is
 * left to give (already cancelled or refunded).
 */
export async function oweCardMoneyBack(
  tx: Db,
  attemptId: number,
  reason: CardRefundReason,
  amountCentavos?: number,
): Promise<CardRefundRow | null> {
  await tx.execute(sql`SELECT id FROM card_payments WHERE id = ${attemptId} FOR UPDATE`);
  const attempt = await attemptById(tx, attemptId);
  if (!attempt) throw refuse('not-found', 'Pagamento não encontrado.');
  const over = (left: number) =>
    refuse(
      'conflict',
      `O estorno passa do valor capturado: restam ${(left / 100).toFixed(2).replace('.', ',')} reais.`,
    );
  if (attempt.status === 'refunded' && amountCentavos !== undefined) throw over(0);
  if (!isApproved(attempt)) return null;
  const pendingCancel = await tx
    .select()
    .from(cardRefunds)
    .where(
      and(
        eq(cardRefunds.cardPaymentId, attemptId),
        eq(cardRefunds.kind, 'cancel'),
        eq(cardRefunds.status, 'pending'),
      ),
    );
  if (pendingCancel.length) return null;
  let kind: 'cancel' | 'refund';
  let amount: number;
  if (attempt.status === 'authorized') {
    if (amountCentavos !== undefined && amountCentavos !== attempt.charged)
      throw refuse('conflict', 'Um pagamento ainda não capturado só pode ser cancelado por inteiro.');
    kind = 'cancel';
    amount = attempt.charged ?? attempt.amount;
  } else {
    const left = await refundable(tx, attempt);
    amount = amountCentavos ?? left;
    if (amount <= 0) return null;
    if (amount > left) throw over(left);
    kind = 'refund';
  }
  const [row] = await tx
    .insert(cardRefunds)
    .values({
      cardPaymentId: attempt.id,
      orderId: attempt.orderId,
      kind,
      amount,
      reason,
      idempotencyKey: `ref_${randomBytes(16).toString('hex')}`,
      status: 'pending',
    })
    .returning();
  if (attempt.orderId !== null)
    await recordOrderEvent(tx, attempt.orderId, {
      kind: 'refund_started',
      amountCentavos: amount,
      card: cardOf(attempt, kind),
    });
  return row;
}

const cardOf = (attempt: CardPaymentRow, how: 'cancel' | 'refund') => ({
  brand: attempt.brand ?? 'Cartão',
  last4: attempt.last4 ?? '',
  how,
  installments: attempt.installments,
});

/** Sends the owed refunds to the provider, each with its own key; answers how many were settled. */
export async function sendOwedCardRefunds(context: CardContext, limit = 20): Promise<number> {
  const { db, provider } = context;
  const owed = await db
    .select()
    .from(cardRefunds)
    .where(eq(cardRefunds.status, 'pending'))
    .orderBy(cardRefunds.id)
    .limit(limit);
  let settled = 0;
  for (const refund of owed) {
    const attempt = (await attemptById(db, refund.cardPaymentId))!;
    try {
      let providerId = attempt.providerId!;
      if (refund.kind === 'cancel')
        await provider.cancel({ providerId, idempotencyKey: refund.idempotencyKey });
      else
        providerId = (
          await provider.refund({
            providerId,
            amountCentavos: refund.amount,
            idempotencyKey: refund.idempotencyKey,
          })
        ).providerId;
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(cardRefunds)
          .set({ status: 'done', providerId, doneAt: new Date(), attempts: refund.attempts + 1 })
          .where(and(eq(cardRefunds.id, refund.id), eq(cardRefunds.status, 'pending')))
          .returning();
        if (!done) return;
        await recordMoneyBack(
          tx,
          attempt.id,
          refund.kind === 'cancel' ? { cancelled: true } : { refundedCentavos: refund.amount },
        );
        if (refund.orderId !== null)
          await recordOrderEvent(tx, refund.orderId, {
            kind: 'refunded',
            amountCentavos: refund.amount,
            card: cardOf(attempt, refund.kind),
          });
      });
      settled += 1;
    } catch (error) {
      // Unavailable: tried again next round. Refused by the provider: kept as failed, for staff.
      const failed = !(error instanceof ProviderUnavailable);
      context.log.warn(
        { err: error, refund: refund.id },
        failed ? 'card refund refused' : 'card refund: provider unavailable',
      );
      await db
        .update(cardRefunds)
        .set({
          attempts: refund.attempts + 1,
          lastError: String((error as Error).message).slice(0, 300),
          ...(failed ? { status: 'failed' } : {}),
        })
        .where(eq(cardRefunds.id, refund.id));
    }
  }
  return settled;
}
