import { bigint, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { AdyenPaymentRecord } from '../../services/payments/cards/adyen-records';
import { checkoutKeys, orders } from './orders';

// Mirrors migrations/0090_card_payments.sql, 0093_card_captures.sql and 0099_card_challenge_action.sql. Money columns are bigint centavos read as numbers.

const at = (name: string) => timestamp(name, { withTimezone: true });
const centavos = (name: string) => bigint(name, { mode: 'number' });

export const CARD_PAYMENT_STATUSES = [
  'created',
  'unknown',
  'challenge',
  'review',
  'authorized',
  'captured',
  'refused',
  'cancelled',
  'refunded',
] as const;
export type CardPaymentStatus = (typeof CARD_PAYMENT_STATUSES)[number];

export const CARD_REFUND_REASONS = ['cancelled', 'withdrawn', 'line_removed', 'late_approval'] as const;
export type CardRefundReason = (typeof CARD_REFUND_REASONS)[number];

export const cardPayments = pgTable('card_payments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  mov: text('mov')
    .notNull()
    .references(() => checkoutKeys.mov),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  provider: text('provider').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  providerId: text('provider_id').unique(),
  status: text('status', { enum: CARD_PAYMENT_STATUSES }).notNull(),
  amount: centavos('amount').notNull(),
  charged: centavos('charged'),
  captured: centavos('captured').notNull().default(0),
  refunded: centavos('refunded').notNull().default(0),
  installments: smallint('installments').notNull(),
  brand: text('brand'),
  last4: text('last4'),
  refusal: text('refusal'),
  challengeUrl: text('challenge_url'),
  /** Migration 0099: the provider's challenge for its own script in the checkout (Adyen's threeDS2 action). */
  challengeAction: jsonb('challenge_action').$type<Record<string, unknown>>(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  checkedAt: at('checked_at'),
});

export const cardRefunds = pgTable('card_refunds', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  cardPaymentId: bigint('card_payment_id', { mode: 'number' })
    .notNull()
    .references(() => cardPayments.id),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  kind: text('kind', { enum: ['cancel', 'refund'] }).notNull(),
  amount: centavos('amount').notNull(),
  reason: text('reason', { enum: CARD_REFUND_REASONS }).notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull(),
  providerId: text('provider_id'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: at('created_at').notNull().defaultNow(),
  doneAt: at('done_at'),
});

/** Mirrors migrations/0092_adyen_payments.sql: what Adyen said of a payment (its adapter's records). */
export const adyenPayments = pgTable('adyen_payments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  pspReference: text('psp_reference').unique(),
  attemptKey: text('attempt_key').unique(),
  record: jsonb('record').notNull().$type<AdyenPaymentRecord>(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const CARD_CAPTURE_STATUSES = ['pending', 'done', 'failed', 'dropped'] as const;
export type CardCaptureStatus = (typeof CARD_CAPTURE_STATUSES)[number];

export const cardCaptures = pgTable('card_captures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  cardPaymentId: bigint('card_payment_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => cardPayments.id),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  amount: centavos('amount').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status', { enum: CARD_CAPTURE_STATUSES }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: at('created_at').notNull().defaultNow(),
  doneAt: at('done_at'),
});
