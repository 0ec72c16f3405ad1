import { eq, sql } from 'drizzle-orm';
import { ORDER_NOT_FOUND_MESSAGE } from '../../../api/orders';
import type { WithdrawalRequest, WithdrawalState } from '../../../api/withdrawal';
import { centavosToReais, formatBRL } from '../../../domain/money';
import { physicalStore } from '../../../domain/store';
import { ORDER_LOOKUP_NOT_FOUND_MESSAGE } from '../../../api/store-pickup';
import {
  partialWithdrawalText,
  withdrawalWindow,
  withdrawnShare,
  type WithdrawnLine,
} from '../../../domain/withdrawal';
import type { Db } from '../../db/client';
import { orderReturns } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { refuse } from '../domain-error';
import { recordOrderEvent } from '../order-events';
import { cancelLocked, oweMoneyBack } from './cancel';
import { lockedOrder, type OrderRow } from './order-rows';
import { DELIVERED_STEP, DISPATCHED_STEP, isCancelled, isProcessingCard } from './order-status';
import type { StaffContext } from '../staff-sessions';

// The shopper's right of withdrawal (CDC art. 49; src/domain/withdrawal.ts has the rule). Before
// dispatch the order is cancelled (cancel.ts); after it a return is opened. Either way everything
// paid, freight included, is owed back in the same transaction, through the provider that took it,
// and the request is an order event, so its receipt goes out by e-mail and push at once. A seller
// at a paired tablet's counter can make the same request for a customer who is there (the order's
// number and the customer's full CPF/CNPJ, as the counter's look-up): the goods are then left at
// that store, and the event records the seller.

interface Facts {
  receivedAt: Date | null;
  pickedUp: boolean;
  lines: (WithdrawnLine & { name: string })[];
  requestedAt: Date | null;
  request: typeof orderReturns.$inferSelect | null;
}

/**
 * When the goods reached the shopper (the tracker's last stage, or the pickup) and when a withdrawal
 * was asked for (one query), the lines and which are made to order, and the return opened.
 */
async function factsOf(db: Db, row: OrderRow): Promise<Facts> {
  const [times] = await queryRows<{
    at: Date | string | null;
    picked: Date | string | null;
    requested: Date | string | null;
  }>(
    db,
    sql`SELECT (SELECT max(e.created_at) FROM order_events e WHERE e.order_id = o.id
                  AND (e.kind = 'picked_up' OR (e.kind = 'stage' AND (e.detail->>'stepIndex')::int = ${DELIVERED_STEP}))) AS at,
               o.picked_up_at AS picked,
               (SELECT min(e.created_at) FROM order_events e
                 WHERE e.order_id = o.id AND e.kind = 'withdrawal_requested') AS requested
        FROM orders o WHERE o.id = ${row.id}`,
  );
  const lines = await queryRows<{ name: string; total_item: number | string; custom_made: boolean }>(
    db,
    sql`SELECT i.name, i.total_item, p.custom_made FROM order_items i JOIN products p ON p.idprd = i.idprd
        WHERE i.order_id = ${row.id} ORDER BY i.id`,
  );
  const [request] = await db.select().from(orderReturns).where(eq(orderReturns.orderId, row.id));
  const at = times?.at ?? times?.picked ?? null;
  return {
    receivedAt: at === null ? null : new Date(at),
    pickedUp: times?.picked != null,
    lines: lines.map((line) => ({
      name: line.name,
      totalCentavos: Number(line.total_item),
      customMade: line.custom_made,
    })),
    requestedAt: times?.requested == null ? null : new Date(times.requested),
    request: request ?? null,
  };
}

const excludedOf = (facts: Facts) => facts.lines.filter((line) => line.customMade).map((line) => line.name);

function stateOf(row: OrderRow, facts: Facts, now: Date): WithdrawalState {
  const excluded = excludedOf(facts);
  if (facts.requestedAt) {
    const store = physicalStore(facts.request?.store);
    return {
      disponivel: false,
      tipo: null,
      prazo: null,
      motivo: null,
      excluidos: excluded,
      valor: centavosToReais(facts.request?.amount ?? row.amountDue),
      pedido: {
        em: facts.requestedAt.toISOString(),
        tipo: facts.request ? 'devolucao' : 'cancelamento',
        devolucao: facts.request
          ? {
              modo: facts.request.mode,
              loja: store ? { id: store.id, nome: store.name } : null,
              recebidaEm: facts.request.receivedAt?.toISOString() ?? null,
            }
          : null,
      },
    };
  }
  const closed = (motivo: string | null) => ({
    disponivel: false,
    tipo: null,
    prazo: null,
    motivo,
    excluidos: excluded,
    valor: null,
    pedido: null,
  });
  if (isCancelled(row)) return closed(null);
  const window = withdrawalWindow(
    {
      paid: row.paidAt !== null,
      dispatched: row.stepIndex >= DISPATCHED_STEP || facts.pickedUp,
      receivedAt: facts.receivedAt,
    },
    now,
  );
  if (!window.open) return closed(row.paidAt === null ? null : window.why);
  // After dispatch the made-to-order items stay sold: the others can still be given back.
  if (window.how === 'return' && excluded.length === facts.lines.length)
    return closed(
      `Produtos feitos sob encomenda não podem ser devolvidos por desistência: ${excluded.join(', ')}.`,
    );
  return {
    disponivel: true,
    tipo: window.how === 'cancel' ? 'cancelamento' : 'devolucao',
    prazo: window.until,
    motivo: null,
    excluidos: excluded,
    valor: centavosToReais(
      window.how === 'cancel' ? row.amountDue : withdrawnShare(row.amountDue, facts.lines),
    ),
    pedido: null,
  };
}

/** APP_0053's `desistencia` for an order of the customer. */
export async function withdrawalStateOf(db: Db, row: OrderRow, now = new Date()): Promise<WithdrawalState> {
  return stateOf(row, await factsOf(db, row), now);
}

/** Who asks: the shopper (how the goods come back is theirs to choose), or a seller at the counter. */
type Requester = { devolucao?: WithdrawalRequest['devolucao'] } | { counter: StaffContext };

/** A locked order withdrawn: cancellation or return, money owed back, receipt recorded. Once. */
async function withdrawLocked(
  tx: Db,
  row: OrderRow,
  reason: string | undefined,
  by: Requester,
): Promise<{ resposta: string; desistencia: WithdrawalState }> {
  const facts = await factsOf(tx, row);
  const state = stateOf(row, facts, new Date());
  if (state.pedido)
    return { resposta: 'Sua desistência deste pedido já foi registrada.', desistencia: state };
  if (!state.disponivel)
    throw refuse('conflict', state.motivo ?? `Pedido ${row.id} não pode mais ser cancelado.`);
  const counter = 'counter' in by ? by.counter : null;
  let amount = row.amountDue;
  let kept: string[] = [];
  let resposta: string;
  if (state.tipo === 'cancelamento') {
    await cancelLocked(tx, row, 'withdrawn');
    resposta = `Pedido ${row.id} cancelado. Devolvemos ${formatBRL(amount)}, frete incluído, pela mesma forma de pagamento.`;
  } else {
    const chosen = 'devolucao' in by ? by.devolucao : undefined;
    // At the counter the goods are left at the tablet's own store, whatever the request says.
    const mode = counter ? 'loja' : (chosen?.modo ?? (row.pickupStore === null ? 'coleta' : 'loja'));
    const store =
      mode === 'loja'
        ? physicalStore(counter?.tablet.store.id ?? chosen?.loja ?? row.pickupStore)
        : undefined;
    if (mode === 'loja' && !store) throw refuse('invalid', 'Escolha uma das nossas lojas.');
    kept = excludedOf(facts);
    amount = withdrawnShare(row.amountDue, facts.lines);
    await tx
      .insert(orderReturns)
      .values({ orderId: row.id, mode, store: store?.id ?? null, reason: reason ?? null, amount });
    await oweMoneyBack(tx, row, 'withdrawn', amount);
    const how = counter
      ? `Devolução aberta na ${store!.name}: marque 'Recebido' quando os produtos estiverem no balcão.`
      : store
        ? `Deixe os produtos na ${store.name} (${store.street}).`
        : 'Vamos buscar os produtos no endereço de entrega; avisaremos a data da coleta.';
    const money = kept.length
      ? partialWithdrawalText(formatBRL(amount), kept)
      : `Devolvemos ${formatBRL(amount)}, frete incluído, pela mesma forma de pagamento.`;
    resposta = `Desistência registrada. ${money} ${how}`;
  }
  await recordOrderEvent(
    tx,
    row.id,
    {
      kind: 'withdrawal_requested',
      how: state.tipo === 'cancelamento' ? 'cancel' : 'return',
      amountCentavos: amount,
      ...(reason ? { reason } : {}),
      ...(kept.length ? { kept } : {}),
    },
    counter?.staff.id,
  );
  return { resposta, desistencia: await withdrawalStateOf(tx, row) };
}

/** The shopper withdraws: cancellation or return, money owed back, receipt recorded. Once. */
export async function withdrawOrder(db: Db, customerId: number, input: WithdrawalRequest) {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, input.pedido);
    // Someone else's order, or a card still being charged, is "not found" (list.ts ownedOrder).
    if (!row || row.customerId !== customerId || isProcessingCard(row))
      throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
    return withdrawLocked(tx, row, input.motivo?.trim() || undefined, { devolucao: input.devolucao });
  });
}

/**
 * A seller withdraws a purchase for the customer at the counter: the order's number and the
 * customer's full CPF/CNPJ (the same 'not found' whichever is wrong, as the counter's look-up); the
 * store and the seller come from the tablet and its staff session, never from the request.
 */
export async function withdrawAtCounter(
  db: Db,
  counter: StaffContext,
  input: { pedido: number; documento: string; motivo?: string },
) {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, input.pedido);
    const [owner] = row
      ? await queryRows<{ doc: string }>(tx, sql`SELECT doc FROM customers WHERE id = ${row.customerId}`)
      : [];
    if (!row || owner?.doc !== input.documento || isProcessingCard(row))
      throw refuse('not-found', ORDER_LOOKUP_NOT_FOUND_MESSAGE);
    return withdrawLocked(tx, row, input.motivo?.trim() || undefined, { counter });
  });
}
