import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/rows';
import { pixRefunds, type PixRefundStatus } from '../../../db/schema';
import type { Refund } from './api-pix';

// The Pix refund aggregate: its states (the schema's enum; after the first, the provider's own
// words) and every move between them. Nothing else writes pix_refunds.status.
//   a_solicitar ─the provider accepts─▶ EM_PROCESSAMENTO ─▶ DEVOLVIDO
//        │                                     └──────────▶ NAO_REALIZADO
//        └─ the provider answers at once ─▶ DEVOLVIDO or NAO_REALIZADO

export type PixRefundRow = typeof pixRefunds.$inferSelect;
type Status = Pick<PixRefundRow, 'status'>;

const TO_REQUEST: PixRefundStatus = 'a_solicitar';
const REFUNDED: PixRefundStatus = 'DEVOLVIDO';
const REFUSED: PixRefundStatus = 'NAO_REALIZADO';
/** Not yet settled: to be requested, or followed at the provider. */
const OPEN: readonly PixRefundStatus[] = [TO_REQUEST, 'EM_PROCESSAMENTO'];

/** Not yet asked of the provider (or its answer was lost). */
export const isToRequest = (refund: Status) => refund.status === TO_REQUEST;
/** The money is back with the payer. */
export const isRefunded = (refund: Status) => refund.status === REFUNDED;
/** The provider refused to give it back. */
export const isRefused = (refund: Status) => refund.status === REFUSED;

/** What the shopper's order page says of a refund in each state (APP_0053 `devolucoes`). */
export const SHOPPER_STATE: Record<PixRefundStatus, 'em-andamento' | 'devolvido' | 'nao-realizado'> = {
  a_solicitar: 'em-andamento',
  EM_PROCESSAMENTO: 'em-andamento',
  DEVOLVIDO: 'devolvido',
  NAO_REALIZADO: 'nao-realizado',
};

/** SQL: what is left to give back of the received Pix `p` (its value less its refunds not refused). */
export const LEFT_OF_PIX = sql`p.amount - COALESCE((SELECT sum(r.amount) FROM pix_refunds r
  WHERE r.end_to_end_id = p.end_to_end_id AND r.status <> ${REFUSED}), 0)`;

type NewRefund = Pick<PixRefundRow, 'id' | 'endToEndId' | 'orderId' | 'amount' | 'reason'>;

/**
 * Records a refund owed, to be requested next (owed.ts). `once`: a refund of this id already
 * recorded (a retry of the same Pix) is left as it is instead of refused.
 */
export async function startRefund(tx: Db, refund: NewRefund, { once = false } = {}): Promise<void> {
  const insert = tx.insert(pixRefunds).values({ ...refund, status: TO_REQUEST });
  await (once ? insert.onConflictDoNothing({ target: pixRefunds.id }) : insert);
}

/** The refunds still open, oldest first: to request, or to follow. */
export function openRefunds(db: Db, limit: number): Promise<PixRefundRow[]> {
  return db
    .select()
    .from(pixRefunds)
    .where(inArray(pixRefunds.status, OPEN))
    .orderBy(asc(pixRefunds.requestedAt))
    .limit(limit);
}

/**
 * The provider's word on a refund, recorded (its settlement time once refunded). Answers the
 * refund as it now is, or nothing when the word was already recorded.
 */
export async function recordProviderStatus(
  tx: Db,
  refund: Refund,
): Promise<Pick<PixRefundRow, 'orderId' | 'amount' | 'status'> | undefined> {
  const settledAt = isRefunded(refund) ? (refund.horario.liquidacao ?? new Date().toISOString()) : null;
  const [row] = await queryRows<{ order_id: number | null; amount: number }>(
    tx,
    sql`
      UPDATE pix_refunds SET status = ${refund.status}, detail = ${refund.motivo ?? null}, updated_at = now(),
             settled_at = ${settledAt}
      WHERE id = ${refund.id} AND status <> ${refund.status}
      RETURNING order_id, amount`,
  );
  return row && { orderId: row.order_id, amount: Number(row.amount), status: refund.status };
}
