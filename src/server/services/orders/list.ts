import { cardRefundLines } from '../payments/cards/staff';
import { SHOPPER_STATE } from '../payments/pix/pix-refund';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  CANCEL_REASONS,
  ORDER_NOT_FOUND_MESSAGE,
  PAYMENT_METHOD_CARD,
  PAYMENT_METHOD_PIX,
  type OrderDetail,
  type OrderListItem,
  type OrderStatus,
} from '../../../api/orders';
import { centavosToReais } from '../../../domain/money';
import { physicalStore } from '../../../domain/store';
import type { Db } from '../../db/client';
import { orderItems, orders, pixRefunds } from '../../db/schema';
import { refuse } from '../domain-error';
import type { OrderRow } from './order-rows';
import { isCancelled, isProcessingCard, statusIsNot } from './order-status';
import { queryRows } from '../../db/rows';
import { withdrawalStateOf } from './withdraw';

// What a customer sees of their orders: the list (APP_0055) and one order (APP_0053).

export function paymentLabel(row: OrderRow): string {
  return row.paymentMethod === 'pix' ? PAYMENT_METHOD_PIX : PAYMENT_METHOD_CARD;
}

const motivoOf = (row: OrderRow) =>
  isCancelled(row) && row.cancelReason ? CANCEL_REASONS[row.cancelReason] : null;

/** The forecast counts from the payment: none before it, nor for a cancelled order. */
const forecastOf = (row: OrderRow) => (row.paidAt && !isCancelled(row) ? row.deliveryDate : null);

/**
 * What 'Meus Pedidos' lists: not a card reservation still being charged, not an order replaced by
 * a later one of the same checkout (unless a late payment of it was refunded), and not a Pix order whose code the shopper never saw (its
 * APP_0063 or APP_0079 failed), unless it was paid.
 */
const listed = sql`${statusIsNot(orders.status, 'processing-card')}
  AND (${orders.cancelReason} IS DISTINCT FROM 'superseded'
       OR EXISTS (SELECT 1 FROM pix_refunds r WHERE r.order_id = ${orders.id}))
  AND (${orders.paymentMethod} = 'card' OR ${orders.paidAt} IS NOT NULL
       OR EXISTS (SELECT 1 FROM pix_charges c WHERE c.order_id = ${orders.id} AND c.shown_at IS NOT NULL))`;

export async function listOrders(db: Db, customerId: number): Promise<OrderListItem[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), listed))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const pickups = await pickupStepsOf(
    db,
    rows.filter((row) => row.pickupStore !== null).map((row) => row.id),
  );
  // A cancelled order tells what was given back (a late Pix of a replaced order, a withdrawal).
  const refunds = new Map<number, NonNullable<OrderListItem['devolucoes']>>();
  for (const row of rows)
    if (isCancelled(row))
      refunds.set(row.id, await refundsOfOrder(db, row.id, row.cancelReason === 'withdrawn'));
  return rows.map((row) => ({
    id: row.id,
    date: row.createdAt.toISOString(),
    paymentMethod: paymentLabel(row),
    deliveryDate: forecastOf(row),
    rastreio: row.rastreio,
    currentStepIndex: row.stepIndex,
    status: row.status as OrderStatus,
    total: centavosToReais(row.total),
    motivo: motivoOf(row),
    substituidoPor: row.cancelReason === 'superseded' ? row.supersededBy : null,
    devolucoes: refunds.get(row.id) ?? [],
    ...(row.pickupStore === null
      ? {}
      : { loja: storeRef(row.pickupStore), retirada: pickups.get(row.id) ?? null }),
  }));
}

const storeRef = (id: number) => {
  const store = physicalStore(id);
  return store ? { id: store.id, nome: store.name } : null;
};

/** One order of the customer; someone else's order is "not found", exactly like a missing one. */
export async function ownedOrder(db: Db, customerId: number, orderId: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  // A card still being charged is not an order yet.
  if (!row || isProcessingCard(row)) throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
  return row;
}

/** An order's lines, but those staff removed after payment, in the order they were bought. */
export function liveOrderItems(db: Db, orderId: number) {
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.removedAt)))
    .orderBy(asc(orderItems.id));
}

function deliveryAddress(row: OrderRow) {
  const store = physicalStore(row.pickupStore);
  const address = store
    ? {
        cep: store.cep.replace(/\D/g, ''),
        street: store.street,
        number: '',
        complement: store.name,
        bairro: store.bairro,
        cidade: store.cidade,
        uf: store.uf,
      }
    : {
        cep: row.addressCep,
        street: row.addressStreet,
        number: row.addressNumber,
        complement: row.addressComplement,
        bairro: row.addressBairro,
        cidade: row.addressCidade,
        uf: row.addressUf,
      };
  return { store, address };
}

type PickupSteps = { pronto: string | null; retirado: string | null };

/** The pickup counter's steps the shopper sees (src/server/services/pickup-counter.ts makes them). */
async function pickupStepsOf(db: Db, orderIds: number[]): Promise<Map<number, PickupSteps>> {
  if (orderIds.length === 0) return new Map();
  const rows = await queryRows<{
    id: number;
    pickup_ready_at: Date | string | null;
    picked_up_at: Date | string | null;
  }>(
    db,
    sql`SELECT id, pickup_ready_at, picked_up_at FROM orders WHERE id IN (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { pronto: iso(row.pickup_ready_at), retirado: iso(row.picked_up_at) },
    ]),
  );
}

async function pickupSteps(db: Db, orderId: number): Promise<PickupSteps> {
  return (await pickupStepsOf(db, [orderId])).get(orderId) ?? { pronto: null, retirado: null };
}

export async function orderDetail(db: Db, customerId: number, orderId: number): Promise<OrderDetail> {
  const row = await ownedOrder(db, customerId, orderId);
  const items = await liveOrderItems(db, row.id);
  const { store, address } = deliveryAddress(row);
  const retirada = store ? await pickupSteps(db, row.id) : null;
  const desistencia = await withdrawalStateOf(db, row);
  return {
    id: row.id,
    status: row.status as OrderStatus,
    items: items.map((item) => ({
      id: item.id,
      idprd: item.idprd,
      name: item.name,
      quantity: item.quantity,
      codundvenda: item.codundvenda,
      price: centavosToReais(item.unitPrice),
      total_item: centavosToReais(item.totalItem),
      multiploprdvenda: item.boxM2 === null ? null : Number(item.boxM2),
      lote: item.loteLabel,
    })),
    shipping: {
      id: row.shippingId,
      method: store ? `${row.shippingName} - ${store.name}` : row.shippingName,
      estimate: forecastOf(row),
      price: centavosToReais(row.freight),
      address,
      loja: store ? { id: store.id, nome: store.name } : null,
      retirada,
    },
    payment: {
      method: paymentLabel(row),
      installments: row.installments,
      brand: row.cardBrand,
      last4: row.cardLast4,
      installmentValue: centavosToReais(row.installmentValue),
      amount: centavosToReais(row.amountDue),
    },
    total: centavosToReais(row.total),
    subtotal: centavosToReais(row.subtotal),
    date: row.createdAt.toISOString(),
    rastreio: row.rastreio,
    currentStepIndex: row.stepIndex,
    motivo: motivoOf(row),
    devolucoes: await refundsOfOrder(db, row.id, desistencia.pedido !== null),
    desistencia,
  };
}

/**
 * The Pix payments of the order that the store gives back (services/payments/pix/settle.ts), and its
 * card refunds. `withdrawn`: the shopper withdrew the purchase.
 */
async function refundsOfOrder(
  db: Db,
  orderId: number,
  withdrawn: boolean,
): Promise<NonNullable<OrderDetail['devolucoes']>> {
  const rows = await db
    .select({
      amount: pixRefunds.amount,
      reason: pixRefunds.reason,
      status: pixRefunds.status,
      settledAt: pixRefunds.settledAt,
    })
    .from(pixRefunds)
    .where(eq(pixRefunds.orderId, orderId))
    .orderBy(pixRefunds.requestedAt);
  // A Pix owed back because the shopper withdrew is told as theirs, not as a late payment.
  const pix = rows.map((row) => ({
    valor: centavosToReais(row.amount),
    motivo: withdrawn && row.reason === 'cancelado' ? ('desistencia' as const) : row.reason,
    status: SHOPPER_STATE[row.status],
    devolvidaEm: row.settledAt?.toISOString() ?? null,
  }));
  const cards = (await cardRefundLines(db, 100, orderId)).map((line) => ({
    valor: centavosToReais(line.valorCentavos),
    motivo: line.motivo === 'line_removed' ? ('item-removido' as const) : ('cancelado' as const),
    status:
      line.status === 'done'
        ? ('devolvido' as const)
        : line.status === 'failed'
          ? ('nao-realizado' as const)
          : ('em-andamento' as const),
    devolvidaEm: line.devolvidaEm,
    cartao: {
      descricao: line.cartao,
      como: line.kind === 'cancel' ? ('cancelamento' as const) : ('estorno' as const),
      parcelas: line.parcelas,
    },
  }));
  return [...pix, ...cards];
}
