// The right of withdrawal (CDC art. 49): a purchase made outside a store can be withdrawn within
// 7 days of receipt. Before dispatch it is a plain cancellation; from dispatch until 7 days after
// delivery (or pickup) it is a return, with everything paid given back at once.

import { RETURN_WINDOW_DAYS } from './store';

export const WITHDRAWAL_DAYS = RETURN_WINDOW_DAYS;
const DAY_MS = 86_400_000;

/** The right of withdrawal as the checkout, the terms page and the order e-mail state it. */
export const WITHDRAWAL_TERMS =
  `Direito de arrependimento (CDC art. 49): você pode desistir da compra em até ${WITHDRAWAL_DAYS} dias ` +
  'após o recebimento, ou antes do envio, pelo botão "Desistir da compra" na página do pedido. ' +
  'Devolvemos tudo o que foi pago, frete incluído, pela mesma forma de pagamento. Produtos feitos sob ' +
  'encomenda (como tinta preparada na loja ou peças cortadas sob medida) não têm esse direito.';

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

/** A line of the order as the withdrawal weighs it: what it cost and whether it was made to order. */
export interface WithdrawnLine {
  totalCentavos: number;
  customMade: boolean;
}

/**
 * What a withdrawal gives back, in centavos, of `paidCentavos` (everything the order was paid:
 * products, freight, a card plan's interest, less the Pix discount). The whole of it when nothing is
 * made to order; otherwise the withdrawn lines' share, by their value, of every part of it: their
 * prices as paid and the same share of the freight (docs/decisions/038-partial-withdrawal.md). The
 * made-to-order lines stay sold, and so does their part of the delivery.
 */
export function withdrawnShare(paidCentavos: number, lines: readonly WithdrawnLine[]): number {
  const all = lines.reduce((sum, line) => sum + line.totalCentavos, 0);
  const kept = lines.reduce((sum, line) => sum + (line.customMade ? line.totalCentavos : 0), 0);
  if (kept === 0 || all === 0) return paidCentavos;
  return Math.round((paidCentavos * (all - kept)) / all);
}

/** Words for a partial return: what goes back and which items stay with the shopper. */
export const partialWithdrawalText = (amountText: string, kept: readonly string[]) =>
  `Devolvemos ${amountText}: os itens devolvidos e a parte do frete que lhes cabe. ` +
  `Ficam com você, por serem feitos sob encomenda: ${kept.join(', ')}.`;
