import { z } from 'zod';
import { ORDER_STATUSES } from '../domain/order-tracker';
import { customerId } from './customer-fields';
import { defineOperation } from './define';
import { databaseId } from './fields';
import { withdrawalState } from './withdrawal';

// The orders of the contract. Every order and payment operation (here, in place-order.ts and in
// pix.ts) needs the session of APP_0045 (401 without it); an order or charge of another customer
// answers exactly like a missing one (404).
//
// Money in answers is in reais (numbers with two decimals), as the retailer's contract carries it;
// the server computes in integer centavos from the database and never trusts the client's figures.

export const orderId = databaseId('Pedido inválido.');

export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

export const PAYMENT_METHOD_PIX = 'PIX';
export const PAYMENT_METHOD_CARD = 'Cartão de Crédito';

/** Why an order was cancelled, as 'Meus Pedidos' and the order page say it (`motivo`). */
export const CANCEL_REASONS = {
  expired: 'O pagamento PIX não foi feito no prazo de 24 horas.',
  staff: 'Pedido cancelado pela loja.',
  superseded: 'Pedido substituído por outro da mesma compra.',
  withdrawn: 'Você desistiu da compra (CDC art. 49).',
} as const;

/** Shipping id of the pickup option: the order records which of the five stores (`entrega.loja`). */
export const PICKUP_SHIPPING_ID = 103;

// --- APP_0055 order list, APP_0053 order detail ---------------------------------------------------

/** Payments the store gave back (or is giving back) of one order, Pix and card. */
const orderRefunds = z.array(
  z.object({
    valor: z.number(),
    /**
     * 'desistencia': the shopper withdrew the purchase (src/api/withdrawal.ts); 'item-removido':
     * staff removed a line out of stock after payment, and its value is given back.
     */
    motivo: z.enum(['cancelado', 'duplicado', 'valor-divergente', 'desistencia', 'item-removido']),
    status: z.enum(['em-andamento', 'devolvido', 'nao-realizado']),
    devolvidaEm: z.string().nullable(),
    /** A card's: the card, and whether the authorization was cancelled or the capture refunded. */
    cartao: z
      .object({
        descricao: z.string(),
        como: z.enum(['cancelamento', 'estorno']),
        parcelas: z.number().int(),
      })
      .optional(),
  }),
);

export const orderListItem = z.object({
  id: orderId,
  /** Order date-time, ISO 8601. */
  date: z.string(),
  paymentMethod: z.string(),
  /** Delivery forecast, ISO date (YYYY-MM-DD). */
  deliveryDate: z.string().nullable(),
  /** Tracking code, once dispatched. */
  rastreio: z.string().nullable(),
  /**
   * 0 to 5: the last tracker stage reached (0 Pagamento Efetuado ... 5 Pedido Entregue).
   * -1 while the order awaits payment or when it was cancelled (no stage reached; see `status`).
   */
  currentStepIndex: z.number().int().min(-1).max(5),
  status: orderStatus.optional(),
  total: z.number().optional(),
  /** Cancelled orders: why, in pt-BR (see CANCEL_REASONS). */
  motivo: z.string().nullable().optional(),
  /** An order replaced by a later one of the same checkout: that order's id. */
  substituidoPor: z.number().int().nullable().optional(),
  /** Cancelled orders: the payments given back, as the order's page tells them. */
  devolucoes: orderRefunds.optional(),
  /** Pickup orders: the store (id and name from src/domain/store.ts). */
  loja: z.object({ id: z.number(), nome: z.string() }).nullable().optional(),
  /** Pickup orders: when the store's counter made it ready and when it was picked up (ISO 8601). */
  retirada: z
    .object({ pronto: z.string().nullable(), retirado: z.string().nullable() })
    .nullable()
    .optional(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

export const orderListOperation = defineOperation({
  name: 'APP_0055',
  method: 'GET',
  query: z.object({ id: customerId.optional() }),
  answer: z.array(orderListItem),
  doc: [
    'Orders of the session customer, newest first. `id` may be omitted; when given it must be the',
    'session customer (else 403). No session: 401. currentStepIndex is -1 before payment and when',
    "cancelled; `status` says which ('Aguardando pagamento' or 'Cancelado', with `motivo`).",
    'deliveryDate is null until the order is paid. Not listed: a Pix order whose code (APP_0079) was',
    'never shown, and an order replaced by a later one of the same checkout (one order per checkout),',
    'unless a late payment of it was given back: then it is listed with `substituidoPor` and',
    '`devolucoes`, as every cancelled order carries what was given back.',
  ].join(' '),
});

export const orderItem = z.object({
  id: z.number(),
  idprd: z.number(),
  name: z.string(),
  quantity: z.number(),
  codundvenda: z.string().nullable(),
  /** Unit price (per m² for box items), reais. */
  price: z.number(),
  total_item: z.number(),
  multiploprdvenda: z.number().nullable().optional(),
  lote: z.string().nullable().optional(),
});

export const orderAddress = z.object({
  cep: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
});

export const orderDetailAnswer = z.object({
  id: orderId,
  status: orderStatus,
  items: z.array(orderItem),
  shipping: z.object({
    /** The option's name ('Retirada na loja ...' for pickup). */
    method: z.string(),
    /** Delivery forecast, ISO date (YYYY-MM-DD). */
    estimate: z.string().nullable(),
    price: z.number(),
    address: orderAddress,
    id: z.number().optional(),
    /** Pickup: the store chosen (id and name from src/domain/store.ts). */
    loja: z.object({ id: z.number(), nome: z.string() }).nullable().optional(),
    /** Pickup: when the store's counter made it ready and when it was picked up (ISO 8601). */
    retirada: z
      .object({ pronto: z.string().nullable(), retirado: z.string().nullable() })
      .nullable()
      .optional(),
  }),
  payment: z.object({
    method: z.string(),
    installments: z.number(),
    /** Card only: brand and last four digits (nothing else of the card is kept). */
    brand: z.string().nullable().optional(),
    last4: z.string().nullable().optional(),
    installmentValue: z.number().optional(),
    /** Amount charged, reais (Pix: the discounted total). */
    amount: z.number().optional(),
  }),
  total: z.number(),
  subtotal: z.number().optional(),
  date: z.string().optional(),
  rastreio: z.string().nullable().optional(),
  currentStepIndex: z.number().int().min(-1).max(5).optional(),
  /** Cancelled orders: why, in pt-BR (see CANCEL_REASONS). */
  motivo: z.string().nullable().optional(),
  /** Payments the store gave back, Pix and card (src/domain/pix-refund.ts words them). */
  devolucoes: orderRefunds.optional(),
  /** The right of withdrawal (src/api/withdrawal.ts): the button, its deadline, or why it is gone. */
  desistencia: withdrawalState.optional(),
});
export type OrderDetail = z.infer<typeof orderDetailAnswer>;

export const ORDER_NOT_FOUND_MESSAGE = 'Pedido não encontrado.';

export const orderDetailOperation = defineOperation({
  name: 'APP_0053',
  method: 'GET',
  query: z.object({ id: orderId }),
  answer: orderDetailAnswer,
  doc: [
    "Detail of one order of the session customer (`id` is the order id). Another customer's order",
    `answers exactly like a missing one: 404 '${ORDER_NOT_FOUND_MESSAGE}'. No session: 401.`,
  ].join(' '),
});
