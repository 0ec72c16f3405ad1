import { eq, sql } from 'drizzle-orm';
import { STATUS_AWAITING_PAYMENT, STATUS_CANCELLED } from '../../../../domain/order-tracker';
import type { Db } from '../../../db/client';
import { pixCharges } from '../../../db/schema';
import { recordOrderEvent } from '../../order-events';
import { amountToCentavos, type ReceivedPix, type Refund } from './api-pix';
import { queryRows } from '../../../db/rows';
import { formatBRL } from '../../../../domain/money';
import { refuse } from '../../domain-error';
import { isPaid, markChargePaid, markSpent } from './pix-charge';
import type { PixContext } from './charges';
import { isRefunded, isRefused, LEFT_OF_PIX, startRefund, recordProviderStatus } from './pix-refund';

// What the store does with a Pix the provider says it received (read back from the provider, never
// taken from a webhook body). Each Pix is handled once, by its end-to-end id:
// - it pays its order when the order still waits for it and the amount is the charge's;
// - otherwise (order cancelled, already paid, or another amount) it is refunded whole: a refund row
//   here, sent to the provider by refunds.ts, and the shopper told through the order's events;
// - a Pix of a txid we never issued is recorded and reported, never dropped.

export type SettleOutcome = 'pago' | 'devolver' | 'desconhecido' | 'repetido';
export type RefundReason = 'cancelado' | 'duplicado' | 'valor-divergente';

/** Our id of the refund of a received Pix: one per Pix, so a retry finds the same refund. */
export const refundIdOf = (endToEndId: string) => `D${endToEndId}`;
/** Our id of the refund of a removed line's value: one per line (API Pix ids: 1 to 35 letters and digits). */
const lineRefundIdOf = (itemId: number) => `L${itemId}`;

export async function settleReceived(
  { db, log, orders }: Pick<PixContext, 'db' | 'log' | 'orders'>,
  pix: ReceivedPix,
): Promise<SettleOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const amount = amountToCentavos(pix.valor);
    const [charge] = pix.txid
      ? await tx.select().from(pixCharges).where(eq(pixCharges.txid, pix.txid)).limit(1)
      : [];
    // The order first, then the received row: the same lock order as every order change.
    const order = charge ? await orders.locked(tx, charge.orderId) : undefined;
    const recorded = await queryRows(
      tx,
      sql`
        INSERT INTO pix_received (end_to_end_id, txid, amount, received_at, order_id, outcome)
        VALUES (${pix.endToEndId}, ${pix.txid ?? null}, ${amount}, ${pix.horario}, ${order?.id ?? null}, 'desconhecido')
        ON CONFLICT (end_to_end_id) DO NOTHING RETURNING end_to_end_id`,
    );
    if (recorded.length === 0) return 'repetido' as const;
    if (!charge || !order) return 'desconhecido' as const;
    const [locked] = await tx.select().from(pixCharges).where(eq(pixCharges.id, charge.id)).for('update');
    if (order.status === STATUS_AWAITING_PAYMENT && locked.amount === amount && !isPaid(locked)) {
      // The order's other codes are of no use now: removed at the provider next.
      await markChargePaid(tx, { id: locked.id, orderId: order.id });
      await tx.execute(sql`UPDATE pix_received SET outcome = 'pago' WHERE end_to_end_id = ${pix.endToEndId}`);
      await orders.markPaid(tx, order.id);
      return 'pago' as const;
    }
    const reason: RefundReason =
      order.status === STATUS_CANCELLED
        ? 'cancelado'
        : order.status !== STATUS_AWAITING_PAYMENT
          ? 'duplicado'
          : 'valor-divergente';
    // Paid at the provider, so no longer payable: a new code is needed if the order still waits.
    await markSpent(tx, locked);
    await oweRefund(tx, { endToEndId: pix.endToEndId, orderId: order.id, amount, reason });
    return 'devolver' as const;
  });
  if (outcome === 'desconhecido')
    log.warn(
      { endToEndId: pix.endToEndId, txid: pix.txid ?? null, valor: pix.valor },
      'pix received for no order of ours: staff must look (npm run store -- pix:refunds)',
    );
  return outcome;
}

/** Records that a received Pix is owed back, and tells the order's shopper. */
async function oweRefund(
  tx: Db,
  refund: { endToEndId: string; orderId: number; amount: number; reason: RefundReason },
): Promise<void> {
  await tx.execute(sql`UPDATE pix_received SET outcome = 'devolver', reason = ${refund.reason}
                       WHERE end_to_end_id = ${refund.endToEndId}`);
  await startRefund(tx, { id: refundIdOf(refund.endToEndId), ...refund }, { once: true });
  await recordOrderEvent(tx, refund.orderId, { kind: 'refund_started', amountCentavos: refund.amount });
}

/**
 * Inside a cancellation's transaction: the Pix that paid the order is owed back. A Pix order
 * cancelled after its payment (by staff, before dispatch) never keeps the money. `amountCentavos`
 * gives back only that much (a partial return), from the first payment on.
 */
export async function refundPaymentsOf(tx: Db, orderId: number, amountCentavos?: number): Promise<number> {
  // What a removed line already gave back is not given twice.
  const paid = await queryRows<{ end_to_end_id: string; left: number }>(
    tx,
    sql`SELECT p.end_to_end_id, ${LEFT_OF_PIX} AS left FROM pix_received p
        WHERE p.order_id = ${orderId} AND p.outcome = 'pago' ORDER BY p.end_to_end_id FOR UPDATE`,
  );
  let wanted = amountCentavos ?? Infinity;
  let owed = 0;
  for (const row of paid) {
    const amount = Math.min(Number(row.left), wanted);
    if (amount <= 0) continue;
    wanted -= amount;
    owed += 1;
    await oweRefund(tx, { endToEndId: row.end_to_end_id, orderId, amount, reason: 'cancelado' });
  }
  return owed;
}

/**
 * Inside a line removal's transaction: the line's value given back from the Pix that paid the order
 * (a devolucao of that amount, sent by owed.ts), the shopper told. Refuses, and so rolls the removal
 * back, when no Pix paid the order or less than that is left of it.
 */
export async function refundPartOfPayment(
  tx: Db,
  refund: { orderId: number; itemId: number; amountCentavos: number },
): Promise<void> {
  const [paid] = await queryRows<{ end_to_end_id: string; left: number }>(
    tx,
    sql`SELECT p.end_to_end_id, ${LEFT_OF_PIX} AS left FROM pix_received p
        WHERE p.order_id = ${refund.orderId} AND p.outcome = 'pago' FOR UPDATE`,
  );
  if (!paid || Number(paid.left) < refund.amountCentavos)
    throw refuse(
      'conflict',
      `Não há pagamento PIX deste pedido de onde devolver ${formatBRL(refund.amountCentavos)}.`,
    );
  await startRefund(tx, {
    id: lineRefundIdOf(refund.itemId),
    endToEndId: paid.end_to_end_id,
    orderId: refund.orderId,
    amount: refund.amountCentavos,
    reason: 'item-removido',
  });
  await recordOrderEvent(tx, refund.orderId, {
    kind: 'refund_started',
    amountCentavos: refund.amountCentavos,
  });
}

/** The provider's word on a refund: recorded, and the shopper told once it is settled or refused. */
export async function applyRefundStatus(db: Db, refund: Refund): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await recordProviderStatus(tx, refund);
    if (!row) return false;
    if (row.orderId !== null && isRefunded(row))
      await recordOrderEvent(tx, row.orderId, { kind: 'refunded', amountCentavos: row.amount });
    if (row.orderId !== null && isRefused(row))
      await recordOrderEvent(tx, row.orderId, { kind: 'refund_failed', amountCentavos: row.amount });
    return true;
  });
}
