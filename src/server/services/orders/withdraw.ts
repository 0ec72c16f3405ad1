import { eq, sql } from 'drizzle-orm';
import { ORDER_NOT_FOUND_MESSAGE } from '../../../api/orders';
import type { WithdrawalRequest, WithdrawalState } from '../../../api/withdrawal';
import { formatBRL } from '../../../domain/money';
import { STATUS_CANCELLED, STATUS_PROCESSING_CARD, TRACKER_STAGES } from '../../../domain/order-tracker';
import { physicalStore } from '../../../domain/store';
import { withdrawalWindow } from '../../../domain/withdrawal';
import type { Db } from '../../db/client';
import { orderReturns } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { refuse } from '../domain-error';
import { recordOrderEvent } from '../order-events';
import { cancelLocked, oweMoneyBack } from './cancel';
import { lockedOrder, type OrderRow } from './order-rows';

// The shopper's right of withdrawal (CDC art. 49; src/domain/withdrawal.ts has the rule). Before
// dispatch the order is cancelled (cancel.ts); after it a return is opened. Either way everything
// paid, freight included, is owed back in the same transaction, through the provider that took it,
// and the request is an order event, so its receipt goes out by e-mail and push at once.

const DISPATCHED = TRACKER_STAGES.indexOf('Pedido Despachado');
const DELIVERED = TRACKER_STAGES.length - 1;

interface Facts {
  receivedAt: Date | null;
  pickedUp: boolean;
  excluded: string[];
  requestedAt: Date | null;
  request: typeof orderReturns.$inferSelect | null;
}

/**
 * When the goods reached the shopper (the tracker's last stage, or the pickup) and when a withdrawal
 * was asked for (one query), what is excluded, and the return opened.
 */
async function factsOf(db: Db, row: OrderRow): Promise<Facts> {
  const [times] = await queryRows<{
    at: Date | string | null;
    picked: Date | string | null;
    requested: Date | string | null;
  }>(
    db,
    sql`SELECT (SELECT max(e.created_at) FROM order_events e WHERE e.order_id = o.id
                  AND (e.kind = 'picked_up' OR (e.kind = 'stage' AND (e.detail->>'stepIndex')::int = ${DELIVERED}))) AS at,
               o.picked_up_at AS picked,
               (SELECT min(e.created_at) FROM order_events e
                 WHERE e.order_id = o.id AND e.kind = 'withdrawal_requested') AS requested
        FROM orders o WHERE o.id = ${row.id}`,
  );
  const excluded = await queryRows<{ name: string }>(
    db,
    sql`SELECT i.name FROM order_items i JOIN products p ON p.idprd = i.idprd
        WHERE i.order_id = ${row.id} AND p.custom_made ORDER BY i.id`,
  );
  const [request] = await db.select().from(orderReturns).where(eq(orderReturns.orderId, row.id));
  const at = times?.at ?? times?.picked ?? null;
  return {
    receivedAt: at === null ? null : new Date(at),
    pickedUp: times?.picked != null,
    excluded: excluded.map((item) => item.name),
    requestedAt: times?.requested == null ? null : new Date(times.requested),
    request: request ?? null,
  };
}

function stateOf(row: OrderRow, facts: Facts, now: Date): WithdrawalState {
  const excluded = facts.excluded;
  if (facts.requestedAt) {
    const store = physicalStore(facts.request?.store);
    return {
      disponivel: false,
      tipo: null,
      prazo: null,
      motivo: null,
      excluidos: excluded,
      pedido: {
        em: facts.requestedAt.toISOString(),
        tipo: facts.request ? 'devolucao' : 'cancelamento',
        devolucao: facts.request
          ? { modo: facts.request.mode, loja: store ? { id: store.id, nome: store.name } : null }
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
    pedido: null,
  });
  if (row.status === STATUS_CANCELLED) return closed(null);
  const window = withdrawalWindow(
    {
      paid: row.paidAt !== null,
      dispatched: row.stepIndex >= DISPATCHED || facts.pickedUp,
      receivedAt: facts.receivedAt,
    },
    now,
  );
  if (!window.open) return closed(row.paidAt === null ? null : window.why);
  if (window.how === 'return' && excluded.length)
    return closed(
      `Produtos feitos sob encomenda não podem ser devolvidos por desistência: ${excluded.join(', ')}. ` +
        'Fale com a loja para devolver os demais.',
    );
  return {
    disponivel: true,
    tipo: window.how === 'cancel' ? 'cancelamento' : 'devolucao',
    prazo: window.until,
    motivo: null,
    excluidos: excluded,
    pedido: null,
  };
}

/** APP_0053's `desistencia` for an order of the customer. */
export async function withdrawalStateOf(db: Db, row: OrderRow, now = new Date()): Promise<WithdrawalState> {
  return stateOf(row, await factsOf(db, row), now);
}

/** The shopper withdraws: cancellation or return, money owed back, receipt recorded. Once. */
export async function withdrawOrder(db: Db, customerId: number, input: WithdrawalRequest) {
  return db.transaction(async (tx) => {
    const row = await lockedOrder(tx, input.pedido);
    // Someone else's order, or a card still being charged, is "not found" (list.ts ownedOrder).
    if (!row || row.customerId !== customerId || row.status === STATUS_PROCESSING_CARD)
      throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
    const facts = await factsOf(tx, row);
    const state = stateOf(row, facts, new Date());
    if (state.pedido)
      return { resposta: 'Sua desistência deste pedido já foi registrada.', desistencia: state };
    if (!state.disponivel)
      throw refuse('conflict', state.motivo ?? `Pedido ${row.id} não pode mais ser cancelado.`);
    const reason = input.motivo?.trim() || undefined;
    const amount = formatBRL(row.amountDue);
    let resposta: string;
    if (state.tipo === 'cancelamento') {
      await cancelLocked(tx, row, 'withdrawn');
      resposta = `Pedido ${row.id} cancelado. Devolvemos ${amount}, frete incluído, pela mesma forma de pagamento.`;
    } else {
      const mode = input.devolucao?.modo ?? (row.pickupStore === null ? 'coleta' : 'loja');
      const store = mode === 'loja' ? physicalStore(input.devolucao?.loja ?? row.pickupStore) : undefined;
      if (mode === 'loja' && !store) throw refuse('invalid', 'Escolha uma das nossas lojas.');
      await tx
        .insert(orderReturns)
        .values({ orderId: row.id, mode, store: store?.id ?? null, reason: reason ?? null });
      await oweMoneyBack(tx, row, 'withdrawn');
      const how = store
        ? `Deixe os produtos na ${store.name} (${store.street}).`
        : 'Vamos buscar os produtos no endereço de entrega; avisaremos a data da coleta.';
      resposta = `Desistência registrada. Devolvemos ${amount}, frete incluído, pela mesma forma de pagamento. ${how}`;
    }
    await recordOrderEvent(tx, row.id, {
      kind: 'withdrawal_requested',
      how: state.tipo === 'cancelamento' ? 'cancel' : 'return',
      amountCentavos: row.amountDue,
      ...(reason ? { reason } : {}),
    });
    return { resposta, desistencia: await withdrawalStateOf(tx, row) };
  });
}
