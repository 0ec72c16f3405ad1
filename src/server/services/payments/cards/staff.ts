import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cardPayments, cardRefunds } from '../../../db/schema';

// What staff read of card refunds (`npm run store -- payments:refunds`, with Pix's beside them).

export async function cardRefundLines(db: Db, limit = 100, orderId?: number) {
  const rows = await db
    .select({ refund: cardRefunds, payment: cardPayments })
    .from(cardRefunds)
    .innerJoin(cardPayments, eq(cardPayments.id, cardRefunds.cardPaymentId))
    .where(orderId === undefined ? undefined : eq(cardRefunds.orderId, orderId))
    .orderBy(desc(cardRefunds.createdAt))
    .limit(limit);
  return rows.map(({ refund, payment }) => ({
    id: `cartao-${refund.id}`,
    meio: 'cartão' as const,
    pedido: refund.orderId,
    valorCentavos: refund.amount,
    como: refund.kind === 'cancel' ? 'autorização cancelada' : `estorno de ${payment.installments}x`,
    cartao: `${payment.brand ?? 'Cartão'} final ${payment.last4 ?? '----'}`,
    kind: refund.kind,
    parcelas: payment.installments,
    motivo: refund.reason,
    status: refund.status,
    detalhe: refund.lastError,
    solicitadaEm: refund.createdAt.toISOString(),
    devolvidaEm: refund.doneAt?.toISOString() ?? null,
  }));
}
