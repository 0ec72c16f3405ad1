import { and, asc, eq, isNull } from 'drizzle-orm';
import { ORDER_NOT_FOUND_MESSAGE } from '../../../api/orders';
import { pixTotal } from '../../../domain/payment-options';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { refuse } from '../domain-error';
import { recordOrderEvent } from '../order-events';
import { isAuthorizedOnly, paidAttemptOf } from '../payments/cards/card-payment';
import { oweCardMoneyBack } from '../payments/cards/refunds';
import { refundPartOfPayment } from '../payments/pix/settle';
import { lockedOrder, type OrderRow } from './order-rows';
import { DISPATCHED_STEP, isCancelled } from './order-status';
import { releaseOrderStock } from './stock-reservation';

// A line staff remove from a paid order before dispatch (out of stock): its value goes back through
// the provider that took the money, in the same transaction as the removal (a card refund row, or a
// Pix devolucao row), its units go back to stock, and the shopper is told. When the money cannot go
// back the removal is refused and nothing changes.

export const NOT_CAPTURED_MESSAGE =
  'O pagamento no cartão deste pedido ainda não foi capturado: fature o pedido (order:invoice) antes de retirar um item.';

export interface RemovedLineView {
  id: number;
  status: string;
  removido: { codigo: number; nome: string; quantidade: number };
  /** What goes back to the shopper, centavos. */
  devolvidoCentavos: number;
  /** 'PIX', or the card ('Visa final 1111'). */
  meio: string;
}

/**
 * What the order would cost without a line of `lineCentavos`: by Pix, the Pix price of the products
 * left plus the freight; by card, the line's share of what was charged (its price and its part of
 * an interest-bearing plan's interest). The difference is exactly what the line cost the shopper.
 */
function amountDueWithout(row: OrderRow, lineCentavos: number): number {
  if (row.paymentMethod === 'pix') return pixTotal(row.subtotal - lineCentavos, row.freight);
  return Math.round(((row.total - lineCentavos) * row.amountDue) / row.total);
}

/** Staff: removes the order's line of product `idprd` and owes its value back. */
export async function removeOrderLine(db: Db, orderId: number, idprd: number): Promise<RemovedLineView> {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, orderId);
    if (!row) throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
    if (isCancelled(row)) throw refuse('conflict', `Pedido ${orderId} está cancelado.`);
    if (row.stepIndex < 0 || !row.paidAt)
      throw refuse('conflict', `Pedido ${orderId} ainda não foi pago: não há valor a devolver.`);
    if (row.stepIndex >= DISPATCHED_STEP)
      throw refuse('conflict', `Pedido ${orderId} já foi despachado: os itens não podem ser retirados.`);
    const lines = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.removedAt)))
      .orderBy(asc(orderItems.id));
    const line = lines.find((item) => item.idprd === idprd);
    if (!line) throw refuse('not-found', `O pedido ${orderId} não tem o produto ${idprd}.`);
    if (lines.length === 1)
      throw refuse(
        'conflict',
        `O produto ${idprd} é o único item do pedido ${orderId}: cancele o pedido (order:cancel).`,
      );
    const amount = row.amountDue - amountDueWithout(row, line.totalItem);
    let meio = 'PIX';
    let card: { brand: string; last4: string; how: 'refund'; installments: number } | undefined;
    if (row.paymentMethod === 'card') {
      const attempt = await paidAttemptOf(tx, orderId);
      if (!attempt) throw refuse('conflict', `Pedido ${orderId}: pagamento no cartão não encontrado.`);
      if (isAuthorizedOnly(attempt)) throw refuse('conflict', NOT_CAPTURED_MESSAGE);
      // Refuses what the capture no longer covers (already refunded, cancelled).
      const owed = await oweCardMoneyBack(tx, attempt.id, 'line_removed', amount);
      if (!owed)
        throw refuse('conflict', `Pedido ${orderId}: o pagamento no cartão já foi devolvido ou cancelado.`);
      card = {
        brand: attempt.brand ?? 'Cartão',
        last4: attempt.last4 ?? '',
        how: 'refund',
        installments: attempt.installments,
      };
      meio = `${card.brand} final ${card.last4}`;
    } else {
      await refundPartOfPayment(tx, { orderId, itemId: line.id, amountCentavos: amount });
    }
    await releaseOrderStock(tx, orderId, row.pickupStore, line.id);
    await tx.update(orderItems).set({ removedAt: new Date() }).where(eq(orderItems.id, line.id));
    const [updated] = await tx
      .update(orders)
      .set({
        subtotal: row.subtotal - line.totalItem,
        total: row.total - line.totalItem,
        amountDue: row.amountDue - amount,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId))
      .returning();
    await recordOrderEvent(tx, orderId, {
      kind: 'line_removed',
      name: line.name,
      quantity: line.quantity,
      amountCentavos: amount,
      ...(card ? { card } : {}),
    });
    return {
      id: orderId,
      status: updated.status,
      removido: { codigo: line.idprd, nome: line.name, quantidade: line.quantity },
      devolvidoCentavos: amount,
      meio,
    };
  });
}
