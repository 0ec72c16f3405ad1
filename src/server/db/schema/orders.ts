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
import { ORDER_STATUSES, STATUS_PROCESSING_CARD } from '../../../domain/order-tracker';
import { lotes, products } from './catalogue';
import { customers } from './customers';
import { storeStaff, tablets } from './store-mode';

/** Why an order was cancelled (migration 0091's CHECK); the shopper reads CANCEL_REASONS (src/api/orders.ts). */
export const ORDER_CANCEL_REASONS = ['expired', 'staff', 'superseded', 'withdrawn'] as const;
export type CancelReason = (typeof ORDER_CANCEL_REASONS)[number];

/** Every status an order row may hold (migration 0016's CHECK): the tracker's, and the card reservation's. */
export const ORDER_ROW_STATUSES = [STATUS_PROCESSING_CARD, ...ORDER_STATUSES] as const;

/** What happened to an order (migration 0091's CHECK; 0035 describes each). */
export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'stage',
  'ready_for_pickup',
  'picked_up',
  'cancelled',
  'refund_started',
  'refunded',
  'refund_failed',
  'withdrawal_requested',
  'line_removed',
] as const;

/** A Pix charge's states (migration 0040_pix_api.sql describes each). */
export const PIX_CHARGE_STATUSES = [
  'criando',
  'pendente',
  'pago',
  'expirado',
  'removendo',
  'removida',
] as const;
export type PixChargeStatus = (typeof PIX_CHARGE_STATUSES)[number];

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
  status: text('status', { enum: ORDER_ROW_STATUSES }).notNull(),
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
  /** Migration 0097: the order of the same checkout that replaced this one ('superseded'). */
  supersededBy: integer('superseded_by'),
  /** Store mode (migration 0030): the store and tablet that sold it, or the store that handed it. */
  saleStoreId: smallint('sale_store_id'),
  saleTabletId: integer('sale_tablet_id').references(() => tablets.id, { onDelete: 'set null' }),
  saleChannel: text('sale_channel', { enum: ['tablet', 'repasse', 'orcamento'] }),
  /** Migration 0060: the seller credited with the sale, and the pickup counter's steps (when, by whom). */
  saleStaffId: integer('sale_staff_id').references(() => storeStaff.id, { onDelete: 'set null' }),
  pickupSeparatingAt: at('pickup_separating_at'),
  pickupSeparatingBy: integer('pickup_separating_by').references(() => storeStaff.id, {
    onDelete: 'set null',
  }),
  pickupReadyAt: at('pickup_ready_at'),
  pickupReadyBy: integer('pickup_ready_by').references(() => storeStaff.id, { onDelete: 'set null' }),
  pickedUpAt: at('picked_up_at'),
  pickedUpBy: integer('picked_up_by').references(() => storeStaff.id, { onDelete: 'set null' }),
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
  /** Migration 0094: staff removed the line after payment (services/orders/remove-line.ts). */
  removedAt: at('removed_at'),
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
  /** Migration 0040_pix_api.sql describes each; services/payments/pix/pix-charge.ts moves them. */
  status: text('status', { enum: PIX_CHARGE_STATUSES }).notNull(),
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
  kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
  detail: jsonb('detail').notNull().default({}).$type<Record<string, unknown>>(),
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
