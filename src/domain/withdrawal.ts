// The right of withdrawal (CDC art. 49): a purchase made outside a store can be withdrawn within
// 7 days of receipt. Before dispatch it is a plain cancellation; from dispatch until 7 days after
// delivery (or pickup) it is a return, with everything paid given back at once.

export const WITHDRAWAL_DAYS = 7;
const DAY_MS = 86_400_000;

export type WithdrawalWindow =
  { open: true; how: 'cancel' | 'return'; until: string | null } | { open: false; why: string };

/** The last day (inclusive, ISO 8601 instant) to withdraw a purchase received at `receivedAt`. */
export const withdrawalDeadline = (receivedAt: Date): Date =>
  new Date(receivedAt.getTime() + WITHDRAWAL_DAYS * DAY_MS);

const dayMonth = (at: Date) =>
  at.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit' });

/** Words for the page past the deadline: why the button is gone. */
export const withdrawalClosedText = (receivedAt: Date) =>
  `O prazo de ${WITHDRAWAL_DAYS} dias para desistir da compra terminou em ${dayMonth(
    withdrawalDeadline(receivedAt),
  )} (${WITHDRAWAL_DAYS} dias após o recebimento, CDC art. 49).`;

/**
 * What a shopper may do now. `dispatched` says the goods left the store; `receivedAt` is when they
 * were delivered or picked up (null while in transit).
 */
export function withdrawalWindow(
  order: { paid: boolean; dispatched: boolean; receivedAt: Date | null },
  now: Date,
): WithdrawalWindow {
  if (!order.paid) return { open: false, why: 'Este pedido ainda não foi pago.' };
  if (!order.dispatched) return { open: true, how: 'cancel', until: null };
  if (!order.receivedAt) return { open: true, how: 'return', until: null };
  const deadline = withdrawalDeadline(order.receivedAt);
  if (now.getTime() > deadline.getTime()) return { open: false, why: withdrawalClosedText(order.receivedAt) };
  return { open: true, how: 'return', until: deadline.toISOString() };
}
