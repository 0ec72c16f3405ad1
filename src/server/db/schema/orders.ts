import {
  bigint,
  bigserial,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { lotes, products } from './catalogue';
import { customers } from './customers';

/** Why an order was cancelled (migration 0091's CHECK); the shopper reads CANCEL_REASONS (src/api/orders.ts). */
export const ORDER_CANCEL_REASONS = ['expired', 'staff', 'superseded', 'withdrawn'] as const;
export type CancelReason = (typeof ORDER_CANCEL_REASONS)[number];

// Mirrors migrations/0011_orders.sql and 0016_order_payment_states.sql. Money columns are bigint centavos read as numbers.

const at = (name: string) => timestamp(name, { withTimezone: true });
const centavos = (name: string) => bigint(name, { mode: 'number' });

export const checkoutKeys = pgTable('checkout_keys', {
  mov: text('mov').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull().defaultNow(),
  declinedReason: text('declined_reason'),
});

export const orders = pgTable('orders', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  mov: text('mov')
    .notNull()
    .unique()
    .references(() => checkoutKeys.mov),
  movimento: text('movimento'),
  status: text('status').notNull(),
  stepIndex: smallint('step_index').notNull().default(-1),
  paymentMethod: text('payment_method', { enum: ['pix', 'card'] }).notNull(),
  installments: smallint('installments').notNull().default(1),
  installmentValue: centavos('installment_value').notNull(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardAuthorization: text('card_authorization'),
  subtotal: centavos('subtotal').notNull(),
  freight: centavos('freight').notNull(),
  total: centavos('total').notNull(),
  amountDue: centavos('amount_due').notNull(),
  shippingId: integer('shipping_id').notNull(),
  shippingName: text('shipping_name').notNull(),
  deliveryDays: integer('delivery_days').notNull(),
  deliveryDate: date('delivery_date', { mode: 'string' }),
  pickupStore: integer('pickup_store'),
  addressCep: text('address_cep').notNull(),
  addressStreet: text('address_street').notNull(),
  addressNumber: text('address_number').notNull(),
  addressComplement: text('address_complement'),
  addressBairro: text('address_bairro'),
  addressCidade: text('address_cidade'),
  addressUf: text('address_uf'),
  rastreio: text('rastreio'),
  cancelReason: text('cancel_reason', { enum: ORDER_CANCEL_REASONS }),
  /** Store mode (migration 0030): the store and tablet that sold it, or the store that handed it. */
  saleStoreId: smallint('sale_store_id'),
  saleTabletId: integer('sale_tablet_id'),
  saleChannel: text('sale_channel', { enum: ['tablet', 'repasse'] }),
  createdAt: at('created_at').notNull().defaultNow(),
  paidAt: at('paid_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const orderItems = pgTable('order_items', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  idprd: integer('idprd')
    .notNull()
    .references(() => products.idprd),
  loteId: integer('lote_id').references(() => lotes.id),
  loteLabel: text('lote_label'),
  name: text('name').notNull(),
  quantity: integer('quantity').notNull(),
  codundvenda: text('codundvenda'),
  boxM2: numeric('box_m2', { precision: 8, scale: 3 }),
  unitPrice: centavos('unit_price').notNull(),
  totalItem: centavos('total_item').notNull(),
});

export const pixCharges = pgTable('pix_charges', {
  id: text('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  txid: text('txid').notNull().unique(),
  amount: centavos('amount').notNull(),
  /** The provider's pixCopiaECola; null while the charge is being opened. */
  payload: text('payload'),
  location: text('location'),
  /** Migration 0040_pix_api.sql describes each. */
  status: text('status', {
    enum: ['criando', 'pendente', 'pago', 'expirado', 'removendo', 'removida'],
  }).notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  paidAt: at('paid_at'),
  shownAt: at('shown_at'),
  checkedAt: at('checked_at'),
});

export const orderEvents = pgTable('order_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  detail: jsonb('detail').notNull().$type<Record<string, unknown>>(),
  staffId: integer('staff_id'),
  createdAt: at('created_at').notNull().defaultNow(),
  dispatchedAt: at('dispatched_at'),
});

/** Migrations 0091, 0095: the goods of a withdrawn order coming back (services/orders/withdraw.ts). */
export const orderReturns = pgTable('order_returns', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['coleta', 'loja'] }).notNull(),
  store: smallint('store'),
  reason: text('reason'),
  status: text('status', { enum: ['aberta', 'recebida'] })
    .notNull()
    .default('aberta'),
  /** Centavos owed back: everything paid, or the withdrawn lines' share (domain/withdrawal.ts). */
  amount: centavos('amount').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  receivedAt: at('received_at'),
  receivedBy: integer('received_by'),
});
