import { sql, type SQL } from 'drizzle-orm';
import type { PickupOrder, PickupStep } from '../../api/store-pickup';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { recordOrderEvent } from './order-events';

// The pickup step aggregate: a paid pickup order moves 'separar' -> 'pronto' -> 'retirado' at its
// store's counter (the steps are the contract's PICKUP_STEPS, src/api/store-pickup.ts), held in
// three pairs of columns (when, by whom). Nothing else writes them. Each move is one conditional
// UPDATE (set only while still unset), so two tablets, or a queued step replayed, make it once.

interface Move {
  /** The columns the step sets. */
  set: (staffId: number) => SQL;
  /** While the step may still be made. */
  open: SQL;
  /** The order event a made step records, if any. */
  event?: 'ready_for_pickup' | 'picked_up';
}

const MOVES: Record<PickupStep, Move> = {
  separar: {
    set: (staffId) => sql`pickup_separating_at = now(), pickup_separating_by = ${staffId}`,
    open: sql`o.pickup_separating_at IS NULL AND o.picked_up_at IS NULL`,
  },
  // 'Pronto' marks the separation too when the seller skipped it.
  pronto: {
    set: (staffId) => sql`pickup_ready_at = now(), pickup_ready_by = ${staffId},
      pickup_separating_at = COALESCE(o.pickup_separating_at, now()),
      pickup_separating_by = COALESCE(o.pickup_separating_by, ${staffId})`,
    open: sql`o.pickup_ready_at IS NULL`,
    event: 'ready_for_pickup',
  },
  // Handed over only once ready.
  retirado: {
    set: (staffId) => sql`picked_up_at = now(), picked_up_by = ${staffId}`,
    open: sql`o.picked_up_at IS NULL AND o.pickup_ready_at IS NOT NULL`,
    event: 'picked_up',
  },
};

/**
 * Makes `step` of the order (`which`: a WHERE on `orders o` naming it and its store) in one
 * transaction with its event; answers whether it was made now (false: already made, or not yet
 * possible).
 */
export async function makeStep(
  db: Db,
  which: SQL,
  step: PickupStep,
  by: { orderId: number; storeId: number; staffId: number },
): Promise<boolean> {
  const move = MOVES[step];
  return db.transaction(async (tx) => {
    const changed = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE orders o SET ${move.set(by.staffId)}, updated_at = now()
          ${which} AND ${move.open} RETURNING o.id`,
    );
    if (changed.length === 0) return false;
    if (move.event)
      await recordOrderEvent(tx, by.orderId, { kind: move.event, store: by.storeId }, by.staffId);
    return true;
  });
}

/** Handing the order over: it asks the customer's document first, and 'pronto' before it. */
export const handsOver = (step: PickupStep) => step === 'retirado';

/** When a step was made, and by whom, as the counter reads it back ('separar' made by 'retirado' too). */
export function stepMade(order: PickupOrder, step: PickupStep) {
  if (step === 'separar') return order.separacao ?? order.retirado;
  return step === 'pronto' ? order.pronto : order.retirado;
}

/** The shopper-facing words of each step, in a sentence ("Pedido 1001 pronto para retirada."). */
export const STEP_TEXT: Record<PickupStep, string> = {
  separar: 'em separação',
  pronto: 'pronto para retirada',
  retirado: 'retirado',
};
