import { and, asc, desc, eq } from 'drizzle-orm';
import {
  ORDER_NOT_FOUND_MESSAGE,
  PAYMENT_METHOD_CARD,
  PAYMENT_METHOD_PIX,
  type OrderDetail,
  type OrderListItem,
  type OrderStatus,
} from '../../../api/orders';
import { centavosToReais } from '../../../domain/money';
import { PHYSICAL_STORES } from '../../../domain/store';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { refuse } from '../domain-error';
import type { OrderRow } from './order-rows';

// What a customer sees of their orders: the list (APP_0055) and one order (APP_0053).

export function paymentLabel(row: OrderRow): string {
  return row.paymentMethod === 'pix' ? PAYMENT_METHOD_PIX : PAYMENT_METHOD_CARD;
}

export async function listOrders(db: Db, customerId: number): Promise<OrderListItem[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({
    id: row.id,
    date: row.createdAt.toISOString(),
    paymentMethod: paymentLabel(row),
    deliveryDate: row.deliveryDate,
    rastreio: row.rastreio,
    currentStepIndex: row.stepIndex,
    status: row.status as OrderStatus,
    total: centavosToReais(row.total),
  }));
}

/** One order of the customer; someone else's order is "not found", exactly like a missing one. */
export async function ownedOrder(db: Db, customerId: number, orderId: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  if (!row) throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
  return row;
}

function deliveryAddress(row: OrderRow) {
  const store = row.pickupStore === null ? undefined : PHYSICAL_STORES.find((s) => s.id === row.pickupStore);
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

export async function orderDetail(db: Db, customerId: number, orderId: number): Promise<OrderDetail> {
  const row = await ownedOrder(db, customerId, orderId);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.id));
  const { store, address } = deliveryAddress(row);
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
      estimate: row.deliveryDate,
      price: centavosToReais(row.freight),
      address,
      loja: store ? { id: store.id, nome: store.name } : null,
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
  };
}
