import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import {
  attemptById,
  markNeverCharged,
  markUnknown,
  recordProviderPayment,
  startAttempt,
  type CardPaymentRow,
} from './card-payment';
import type { InterestPayer } from '../../../../domain/payment-options';
import { ProviderUnavailable, type CardProvider } from './provider';

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
