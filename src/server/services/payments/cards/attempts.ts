import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import {
  attemptById,
  isChallenge,
  markNeverCharged,
  markUnknown,
  recordProviderPayment,
  startAttempt,
  type CardPaymentRow,
} from './card-payment';
import type { InterestPayer } from '../../../../domain/payment-options';
import { ProviderUnavailable, type CardProvider, type ChallengeAnswer } from './provider';

// Talking to the card provider about one attempt: authorize it, or read it back. Every outcome is a
// row before anyone acts on it; an exception is an unknown outcome, logged and recorded, never
// swallowed. Orders call these with what they need (payments never import orders).

export interface CardContext {
  db: Db;
  provider: CardProvider;
  log: FastifyBaseLogger;
  /** Capture at authorization (CARD_CAPTURE=authorization); otherwise when the order is invoiced. */
  captureAtOnce: boolean;
  /** The store's origin, where the 3-D Secure page posts its answer. */
  storeOrigin: string;
  /** Who pays instalment interest (CARD_INTEREST_PAID_BY), on every quote and authorization. */
  interestPaidBy: InterestPayer;
}

export interface AuthorizeCard {
  mov: string;
  orderId: number;
  /** The cash price; the provider charges the plan's total. */
  amountCentavos: number;
  installments: number;
  token: string;
  holderName: string;
}

/** A new attempt (a new key), authorized at the provider; its row says how it ended. */
export async function authorizeAttempt(
  context: CardContext,
  request: AuthorizeCard,
): Promise<CardPaymentRow> {
  const attempt = await startAttempt(context.db, {
    mov: request.mov,
    orderId: request.orderId,
    provider: context.provider.name,
    amount: request.amountCentavos,
    installments: request.installments,
  });
  try {
    const payment = await context.provider.authorize({
      token: request.token,
      amountCentavos: request.amountCentavos,
      installments: request.installments,
      interestPaidBy: context.interestPaidBy,
      idempotencyKey: attempt.idempotencyKey,
      reference: String(request.orderId),
      holderName: request.holderName,
      returnOrigin: context.storeOrigin,
      capture: context.captureAtOnce,
    });
    return await recordProviderPayment(context.db, attempt.id, payment);
  } catch (error) {
    if (error instanceof ProviderUnavailable) {
      context.log.warn(
        { err: error, attempt: attempt.id },
        'card authorization: outcome unknown, read back later',
      );
      await markUnknown(context.db, attempt.id);
    } else {
      // The provider answered and refused the request itself (a used token, a plan it does not offer).
      context.log.warn({ err: error, attempt: attempt.id }, 'card authorization refused by the provider');
      await markNeverCharged(context.db, attempt.id, 'other');
    }
    return (await attemptById(context.db, attempt.id))!;
  }
}

/**
 * The shopper finished a challenge that the provider's script ran in the checkout: what the script
 * gave is sent to the provider (never read as an outcome: the browser's word proves nothing), then
 * the attempt is read back. Only an attempt still in `challenge` is sent; any other is only read
 * back, so a repeated answer charges nothing and changes nothing. A provider whose challenge page
 * tells it the outcome itself (the emulator) has no step to send: its attempt is read back.
 */
export async function completeChallenge(
  context: CardContext,
  attempt: CardPaymentRow,
  answer: ChallengeAnswer,
): Promise<{ attempt: CardPaymentRow; unanswered: boolean }> {
  if (!isChallenge(attempt)) return { attempt, unanswered: false };
  if (context.provider.completeChallenge) {
    try {
      await context.provider.completeChallenge(attempt.idempotencyKey, answer);
    } catch (error) {
      // Unknown whether the provider took it: the attempt stays a challenge, read back later (a
      // notification, the worker, the same answer sent again) and released when its wait ends.
      context.log.warn({ err: error, attempt: attempt.id }, 'card challenge: the details were not answered');
      return { attempt, unanswered: true };
    }
  }
  return { attempt: await readBack(context, attempt), unanswered: false };
}

/**
 * The provider's true word on an attempt: by its id once known, otherwise by its key (a call that
 * never answered). A key the provider never saw means nothing was charged.
 */
export async function readBack(context: CardContext, attempt: CardPaymentRow): Promise<CardPaymentRow> {
  try {
    const payment = attempt.providerId
      ? await context.provider.get(attempt.providerId)
      : await context.provider.findByKey(attempt.idempotencyKey);
    if (payment) return await recordProviderPayment(context.db, attempt.id, payment);
    // Created and never answered long enough ago that a call in flight has given up.
    await markNeverCharged(context.db, attempt.id);
  } catch (error) {
    context.log.warn({ err: error, attempt: attempt.id }, 'card read-back failed; tried again later');
  }
  return (await attemptById(context.db, attempt.id))!;
}
