import { sql } from 'drizzle-orm';
import type { CartMergeMode, CustomerCartAnswer } from '../../api/customer-cart';
import { MAX_QUANTITY } from '../../domain/quantity';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { currentLines, storedLines } from './handoffs';

// One cart per signed-in customer across devices (docs/customer-cart.md). Lines are keyed by
// product and lote (0: no lote). A removal stays as a marker (quantity 0, removed_at) so that an
// older add from a device that was offline does not bring the line back; markers older than
// MARKER_DAYS are swept. Every call that changes something raises the cart's revision; a change
// sent against a base at or above its line's revision saw the line as it is and simply applies,
// otherwise the later change (by the device's time) wins. Prices are never stored: the answer reads
// them from the catalogue, as every cart answer does.

/** How long a removal marker is kept for a device that has not synced yet. */
export const MARKER_DAYS = 30;

/** How many sign-in merges' idempotency keys are remembered (a replayed merge must not sum twice). */
const MERGE_KEYS_KEPT = 20;

export interface CartChange {
  idprd: number;
  loteId: number | null;
  quantity: number;
  /** When the device made the change. */
  at: Date;
}

interface LineRow {
  idprd: number;
  lote_id: number;
  quantity: number;
  changed_at: Date | string;
  revision: number | string;
}

/** The cart as answered: its revision and its live lines with today's prices, latest change first. */
export async function readCustomerCart(db: Db, customerId: number): Promise<CustomerCartAnswer> {
  const [cart] = await queryRows<{ revision: number | string }>(
    db,
    sql`SELECT revision FROM customer_carts WHERE customer_id = ${customerId}`,
  );
  const lines = await queryRows<LineRow>(
    db,
    sql`SELECT idprd, lote_id, quantity, changed_at, revision FROM customer_cart_lines
         WHERE customer_id = ${customerId} AND removed_at IS NULL ORDER BY changed_at DESC, idprd`,
  );
  const produtos = await currentLines(db, storedLines(lines));
  return { revisao: Number(cart?.revision ?? 0), produtos };
}

/**
 * Applies a device's changes in one transaction (the cart row locked, so two devices' calls are
 * merged one after the other) and answers the cart as it now is.
 */
export async function changeCustomerCart(
  db: Db,
  customerId: number,
  change: { base: number; mode: CartMergeMode; changes: CartChange[]; idempotencyKey?: string },
): Promise<CustomerCartAnswer> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO customer_carts (customer_id) VALUES (${customerId}) ON CONFLICT (customer_id) DO NOTHING`,
    );
    const [cart] = await queryRows<{ revision: number | string; merge_keys: string[] }>(
      tx,
      sql`SELECT revision, merge_keys FROM customer_carts WHERE customer_id = ${customerId} FOR UPDATE`,
    );
    const key = change.idempotencyKey;
    const mergeKeys = cart!.merge_keys ?? [];
    if (change.mode === 'juntar' && key && mergeKeys.includes(key)) return;
    const revision = Number(cart!.revision) + 1;
    const now = new Date();
    const lines = await queryRows<LineRow & { removed_at: Date | string | null }>(
      tx,
      sql`SELECT idprd, lote_id, quantity, removed_at, changed_at, revision FROM customer_cart_lines
           WHERE customer_id = ${customerId}`,
    );
    const lineOf = (idprd: number, loteId: number) =>
      lines.find((line) => Number(line.idprd) === idprd && Number(line.lote_id) === loteId);
    let changed = false;
    const put = async (idprd: number, loteId: number, quantity: number, at: Date) => {
      changed = true;
      await tx.execute(
        sql`INSERT INTO customer_cart_lines (customer_id, idprd, lote_id, quantity, removed_at, changed_at, revision)
            VALUES (${customerId}, ${idprd}, ${loteId}, ${quantity}, ${quantity === 0 ? at : null}, ${at}, ${revision})
            ON CONFLICT (customer_id, idprd, lote_id) DO UPDATE SET quantity = excluded.quantity,
              removed_at = excluded.removed_at, changed_at = excluded.changed_at, revision = excluded.revision`,
      );
    };
    const sent = new Set<string>();
    for (const { idprd, loteId: lote, quantity, at } of change.changes) {
      const loteId = lote ?? 0;
      sent.add(`${idprd}:${loteId}`);
      const line = lineOf(idprd, loteId);
      const live = line && line.removed_at === null ? Number(line.quantity) : 0;
      if (change.mode === 'juntar') {
        // The device's signed-out cart joins the account's: the same product and lote add up.
        if (quantity > 0) await put(idprd, loteId, Math.min(live + quantity, MAX_QUANTITY), now);
        continue;
      }
      // A device's clock ahead of ours must not make its change win for ever.
      const when = at.getTime() > now.getTime() ? now : at;
      const conflict = line !== undefined && Number(line.revision) > change.base;
      if (conflict && new Date(line.changed_at).getTime() > when.getTime()) continue;
      if (line === undefined && quantity === 0) continue;
      await put(idprd, loteId, quantity, when);
    }
    if (change.mode === 'substituir') {
      for (const line of lines) {
        if (line.removed_at !== null || sent.has(`${Number(line.idprd)}:${Number(line.lote_id)}`)) continue;
        await put(Number(line.idprd), Number(line.lote_id), 0, now);
      }
    }
    if (!changed) return;
    await tx.execute(
      sql`DELETE FROM customer_cart_lines WHERE customer_id = ${customerId}
            AND removed_at < now() - make_interval(days => ${MARKER_DAYS})`,
    );
    const keys = change.mode === 'juntar' && key ? [...mergeKeys, key].slice(-MERGE_KEYS_KEPT) : mergeKeys;
    await tx.execute(
      sql`UPDATE customer_carts SET revision = ${revision}, merge_keys = ${JSON.stringify(keys)}::jsonb,
            updated_at = now() WHERE customer_id = ${customerId}`,
    );
  });
  return readCustomerCart(db, customerId);
}
