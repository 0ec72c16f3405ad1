import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkoutKeys, orders } from '../../db/schema';
import { refuse } from '../domain-error';
import { markPaid } from './mark-paid';
import { authorizeAttempt, completeChallenge, readBack, type CardContext } from '../payments/cards/attempts';
import type { ChallengeAnswer } from '../payments/cards/provider';
import { FOREIGN_CUSTOMER_MESSAGE } from '../../../api/customers';
import {
  isApproved,
  isChallenge,
  isOpen,
  isStarted,
  latestAttempt,
  type CardPaymentRow,
  type OpenStatus,
} from '../payments/cards/card-payment';
import { oweCardMoneyBack } from '../payments/cards/refunds';
import { CARD_UNAVAILABLE_MESSAGE, refusalMessage } from '../payments/cards/refusals';
import { lockedOrder, orderByMov, type OrderRow } from './order-rows';
import { isProcessingCard } from './order-status';
import { releaseOrderStock } from './stock-reservation';

// A card order: the order row `Processando pagamento` holds the units (committed), the provider
// is asked with no transaction open, and the attempt's recorded outcome decides: paid, released, a
// 3-D Secure challenge for the shopper, or still waiting (read back later by the card worker).

/** How long a reservation waits for an answer that never came. */
export const CARD_RESERVATION_MS = 2 * 60 * 1000;
/** How long a reservation waits for its attempt, by the attempt's state: 3-D Secure and review take longer. */
const WAIT_MS: Record<OpenStatus, number> = {
  created: CARD_RESERVATION_MS,
  unknown: CARD_RESERVATION_MS,
  challenge: 10 * 60 * 1000,
  review: 30 * 60 * 1000,
};

export const STILL_CHARGING_MESSAGE =
  'O pagamento deste pedido ainda está em processamento. Aguarde alguns instantes e confira em Meus Pedidos.';
export const CHALLENGE_MESSAGE = 'Confirme a compra com o seu banco para concluir o pagamento.';

/** Deletes a reservation not paid and puts its units back; the reason is kept for waiting submissions. */
async function releaseReservation(db: Db, orderId: number, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, orderId);
    if (!row || !isProcessingCard(row)) return false;
    await releaseOrderStock(tx, orderId, row.pickupStore);
    await tx.delete(orders).where(eq(orders.id, orderId));
    await tx.update(checkoutKeys).set({ declinedReason: reason }).where(eq(checkoutKeys.mov, row.mov));
    return true;
  });
}

/** An approved attempt that paid nothing (its reservation was gone, or the amount differs): given back. */
async function giveBack(db: Db, attempt: CardPaymentRow): Promise<void> {
  await db.transaction((tx) => oweCardMoneyBack(tx, attempt.id, 'late_approval'));
}

/**
 * Moves the reservation by its attempt's recorded outcome. Answers the paid order; anything else is
 * refused with what the shopper should know (declined, challenge, still waiting).
 */
export async function settleReservation(
  context: CardContext,
  order: OrderRow,
  attempt: CardPaymentRow,
): Promise<OrderRow> {
  const { db } = context;
  if (isApproved(attempt)) {
    if (attempt.charged !== order.amountDue) {
      context.log.error(
        { attempt: attempt.id, order: order.id },
        'card charged another amount than the order',
      );
      await giveBack(db, attempt);
      await releaseReservation(db, order.id, CARD_UNAVAILABLE_MESSAGE);
      throw refuse('payment-declined', CARD_UNAVAILABLE_MESSAGE);
    }
    const card = {
      brand: attempt.brand ?? 'Cartão',
      // Adyen tells the last four only when the account returns cardSummary: none is none.
      last4: attempt.last4,
      authorization: attempt.providerId ?? '',
    };
    const paid = await db.transaction((tx) => markPaid(tx, order.id, card));
    if (paid) return paid;
    const current = await orderById(db, order.id);
    if (current?.paidAt) return current;
    // Released meanwhile as stale: the shopper must not pay for an order that holds no units.
    await giveBack(db, attempt);
    throw refuse('payment-declined', CARD_UNAVAILABLE_MESSAGE);
  }
  // The issuer's page to frame (desafio), or the provider's challenge for its own script (acao).
  if (isChallenge(attempt) && attempt.challengeUrl)
    throw refuse('payment-declined', CHALLENGE_MESSAGE, { desafio: attempt.challengeUrl });
  if (isChallenge(attempt) && attempt.challengeAction)
    throw refuse('payment-declined', CHALLENGE_MESSAGE, { acao: attempt.challengeAction });
  if (isOpen(attempt)) throw refuse('conflict', STILL_CHARGING_MESSAGE);
  const reason = refusalMessage(attempt.refusal);
  await releaseReservation(db, order.id, reason);
  throw refuse('payment-declined', reason);
}

async function orderById(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
}

/** Authorizes the card of a reserved order (a new attempt, a new key), then settles it. */
export async function chargeReservation(
  context: CardContext,
  order: OrderRow,
  card: { token: string; name: string },
): Promise<OrderRow> {
  const attempt = await authorizeAttempt(context, {
    mov: order.mov,
    orderId: order.id,
    amountCentavos: order.total,
    installments: order.installments,
    token: card.token,
    holderName: card.name,
  });
  return settleReservation(context, order, attempt);
}

/**
 * A reservation found by a repeated submission, the worker or a notification: its attempt read back
 * when still open, then settled. A reservation past its wait is released (a late approval is then
 * given back by the worker). Undefined while another submission's call is still in flight.
 */
export async function resumeReservation(
  context: CardContext,
  order: OrderRow,
): Promise<OrderRow | undefined> {
  let attempt = await latestAttempt(context.db, order.mov);
  const age = Date.now() - (attempt?.createdAt ?? order.createdAt).getTime();
  // A first call may still be in flight in the process that made it: wait, then read it back.
  if ((!attempt || isStarted(attempt)) && age < CARD_RESERVATION_MS) return undefined;
  if (attempt && isOpen(attempt)) attempt = await readBack(context, attempt);
  if (!attempt || (isOpen(attempt) && age > WAIT_MS[attempt.status])) {
    await releaseReservation(context.db, order.id, CARD_UNAVAILABLE_MESSAGE);
    throw refuse('payment-declined', CARD_UNAVAILABLE_MESSAGE);
  }
  return settleReservation(context, order, attempt);
}

/**
 * CARTAO_DESAFIO: the shopper finished the challenge the provider's script ran in the checkout.
 * Only the checkout's own customer may answer it. Its latest attempt, still a challenge, is
 * completed at the provider and read back, then its reservation settled as a repeated submission
 * would: the paid order, or refused (declined, another challenge step, still waiting: also when the
 * provider's answer was lost). Sent again, it finds the attempt settled and answers the same,
 * changing nothing.
 */
export async function completeCardChallenge(
  context: CardContext,
  customerId: number,
  mov: string,
  answer: ChallengeAnswer,
): Promise<OrderRow> {
  const { db } = context;
  const [key] = await db.select().from(checkoutKeys).where(eq(checkoutKeys.mov, mov)).limit(1);
  if (!key || key.customerId !== customerId) throw refuse('forbidden', FOREIGN_CUSTOMER_MESSAGE);
  const attempt = await latestAttempt(db, mov);
  // Its answer lost: not the challenge again (the shopper has answered it), but still processing.
  if (attempt && (await completeChallenge(context, attempt, answer)).unanswered)
    throw refuse('conflict', STILL_CHARGING_MESSAGE);
  const order = await orderByMov(db, mov);
  if (!order) throw refuse('payment-declined', key.declinedReason ?? CARD_UNAVAILABLE_MESSAGE);
  if (!isProcessingCard(order)) return order;
  const settled = await resumeReservation(context, order);
  if (!settled) throw refuse('conflict', STILL_CHARGING_MESSAGE);
  return settled;
}
