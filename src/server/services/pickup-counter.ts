import { sql } from 'drizzle-orm';
import {
  ORDER_LOOKUP_NOT_FOUND_MESSAGE,
  PICKUP_DOCUMENT_DIGITS,
  PICKUP_NOT_FOUND_MESSAGE,
  PICKUP_NOT_READY_MESSAGE,
  PICKUP_WRONG_DOCUMENT_MESSAGE,
  type PickupOrder,
  type PickupStep,
} from '../../api/store-pickup';
import { trackerState } from '../../domain/order-tracker';
import { storeClockTime } from '../../domain/store-calendar';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { refuse } from './domain-error';
import { ownedOrder } from './orders/list';
import { handsOver, makeStep, STEP_TEXT, stepMade } from './pickup-step';
import { isCancelled, statusIsNot } from './orders/order-status';
import { withdrawalStateOf } from './orders/withdraw';
import type { StaffContext } from './staff-sessions';
import { storeById } from './tablets';

// The pickup counter: a store's paid pickup orders and their three steps (moved by
// pickup-step.ts, each once); the loser of a race is told who made it and when.

/** The counter's three steps as a row holds them: when, and who made each. */
interface PickupStepColumns {
  pickup_separating_at: Date | string | null;
  separating_name: string | null;
  pickup_ready_at: Date | string | null;
  ready_name: string | null;
  picked_up_at: Date | string | null;
  picked_name: string | null;
}

interface PickupRow extends PickupStepColumns {
  id: number;
  nome: string;
  paid_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const done = (at: Date | string | null, by: string | null) => (at ? { em: iso(at), por: by } : null);

const PICKUP_SELECT = sql`SELECT o.id, c.nome, o.paid_at, o.pickup_separating_at, s1.name AS separating_name,
    o.pickup_ready_at, s2.name AS ready_name, o.picked_up_at, s3.name AS picked_name
  FROM orders o JOIN customers c ON c.id = o.customer_id
  LEFT JOIN store_staff s1 ON s1.id = o.pickup_separating_by
  LEFT JOIN store_staff s2 ON s2.id = o.pickup_ready_by
  LEFT JOIN store_staff s3 ON s3.id = o.picked_up_by`;

/** A paid, not cancelled pickup order of the store. */
const pickupOf = (storeId: number) =>
  sql`o.pickup_store = ${storeId} AND o.paid_at IS NOT NULL AND ${statusIsNot(sql`o.status`, 'cancelled')}`;

async function withLines(db: Db, rows: PickupRow[]): Promise<PickupOrder[]> {
  if (rows.length === 0) return [];
  const ids = sql.join(
    rows.map((row) => sql`${Number(row.id)}::int`),
    sql`, `,
  );
  const items = await queryRows<{
    order_id: number;
    name: string;
    lote_label: string | null;
    quantity: number;
    codundvenda: string | null;
  }>(
    db,
    sql`SELECT order_id, name, lote_label, quantity, codundvenda FROM order_items WHERE order_id IN (${ids}) AND removed_at IS NULL ORDER BY id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    cliente: row.nome,
    pagoEm: iso(row.paid_at),
    itens: items
      .filter((item) => Number(item.order_id) === Number(row.id))
      .map((item) => ({
        nome: item.lote_label ? `${item.name} (${item.lote_label})` : item.name,
        quantidade: Number(item.quantity),
        unidade: item.codundvenda,
      })),
    separacao: done(row.pickup_separating_at, row.separating_name),
    pronto: done(row.pickup_ready_at, row.ready_name),
    retirado: done(row.picked_up_at, row.picked_name),
  }));
}

export async function pickupQueue(db: Db, storeId: number): Promise<PickupOrder[]> {
  const rows = await queryRows<PickupRow>(
    db,
    sql`${PICKUP_SELECT} WHERE ${pickupOf(storeId)} AND o.picked_up_at IS NULL ORDER BY o.paid_at, o.id`,
  );
  return withLines(db, rows);
}

async function pickupById(db: Db, storeId: number, orderId: number): Promise<PickupOrder> {
  const rows = await queryRows<PickupRow>(
    db,
    sql`${PICKUP_SELECT} WHERE o.id = ${orderId} AND ${pickupOf(storeId)}`,
  );
  if (rows.length === 0) throw refuse('not-found', PICKUP_NOT_FOUND_MESSAGE);
  return (await withLines(db, rows))[0];
}

export async function makePickupStep(
  db: Db,
  { tablet, staff }: StaffContext,
  input: { pedido: number; passo: PickupStep; documento?: string },
): Promise<{ resposta: string; jaFeito: boolean; pedido: PickupOrder }> {
  const storeId = tablet.store.id;
  const before = await pickupById(db, storeId, input.pedido);
  if (handsOver(input.passo) && !before.retirado) {
    const [customer] = await queryRows<{ doc: string }>(
      db,
      sql`SELECT c.doc FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ${input.pedido}`,
    );
    const typed = input.documento ?? '';
    if (typed.length < PICKUP_DOCUMENT_DIGITS || !customer.doc.endsWith(typed))
      throw refuse('invalid', PICKUP_WRONG_DOCUMENT_MESSAGE);
  }
  const made = await makeStep(db, sql`WHERE o.id = ${input.pedido} AND ${pickupOf(storeId)}`, input.passo, {
    orderId: input.pedido,
    storeId,
    staffId: staff.id,
  });
  const after = await pickupById(db, storeId, input.pedido);
  if (made)
    return { resposta: `Pedido ${after.id} ${STEP_TEXT[input.passo]}.`, jaFeito: false, pedido: after };
  if (handsOver(input.passo) && !after.pronto) throw refuse('conflict', PICKUP_NOT_READY_MESSAGE);
  const step = stepMade(after, input.passo);
  const who = step ? `${step.por ? ` por ${step.por}` : ''} às ${storeClockTime(new Date(step.em))}` : '';
  return {
    resposta: `O pedido ${after.id} já estava ${STEP_TEXT[input.passo]}${who}: nada foi feito de novo.`,
    jaFeito: true,
    pedido: after,
  };
}

/** The counter's look-up: status, tracker and pickup steps, only when number and document match. */
export async function lookUpOrder(db: Db, orderId: number, document: string) {
  const [row] = await queryRows<
    {
      id: number;
      status: string;
      step_index: number;
      created_at: Date | string;
      pickup_store: number | null;
      customer_id: number;
    } & PickupStepColumns
  >(
    db,
    sql`SELECT o.id, o.status, o.step_index, o.created_at, o.pickup_store, o.customer_id, o.pickup_separating_at,
          s1.name AS separating_name, o.pickup_ready_at, s2.name AS ready_name, o.picked_up_at, s3.name AS picked_name
        FROM orders o JOIN customers c ON c.id = o.customer_id
        LEFT JOIN store_staff s1 ON s1.id = o.pickup_separating_by
        LEFT JOIN store_staff s2 ON s2.id = o.pickup_ready_by
        LEFT JOIN store_staff s3 ON s3.id = o.picked_up_by
        WHERE o.id = ${orderId} AND c.doc = ${document} AND ${statusIsNot(sql`o.status`, 'processing-card')}`,
  );
  if (!row) throw refuse('not-found', ORDER_LOOKUP_NOT_FOUND_MESSAGE);
  return {
    id: Number(row.id),
    status: row.status,
    criadoEm: iso(row.created_at),
    retiradaEm: row.pickup_store === null ? null : storeById(Number(row.pickup_store)).name,
    etapas: isCancelled(row) ? [] : trackerState(Number(row.step_index)),
    separacao: done(row.pickup_separating_at, row.separating_name),
    pronto: done(row.pickup_ready_at, row.ready_name),
    retirado: done(row.picked_up_at, row.picked_name),
    desistencia: await withdrawalStateOf(db, await ownedOrder(db, Number(row.customer_id), Number(row.id))),
  };
}
