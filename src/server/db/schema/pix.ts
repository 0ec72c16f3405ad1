import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';

// Mirrors migrations/0040_pix_api.sql: the Pix the provider reports as received, their refunds and
// the lease of the reconciliation. The charges themselves (pix_charges) sit with the orders.

const at = (name: string) => timestamp(name, { withTimezone: true });
const centavos = (name: string) => bigint(name, { mode: 'number' });

/** What was done with a received Pix (0040's comment describes each). */
export const PIX_RECEIVED_OUTCOMES = ['pago', 'devolver', 'desconhecido'] as const;
/** Why a received Pix is given back whole. */
export const PIX_RECEIVED_REFUND_REASONS = ['cancelado', 'duplicado', 'valor-divergente'] as const;
/** Why a refund is owed: the whole Pix for one of those, or a removed line's value (migration 0094). */
export const PIX_REFUND_REASONS = [...PIX_RECEIVED_REFUND_REASONS, 'item-removido'] as const;
/** 'a_solicitar' until the provider accepted the refund; then the provider's status. */
export const PIX_REFUND_STATUSES = ['a_solicitar', 'EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] as const;
export type PixRefundStatus = (typeof PIX_REFUND_STATUSES)[number];

export const pixReceived = pgTable('pix_received', {
  endToEndId: text('end_to_end_id').primaryKey(),
  txid: text('txid'),
  amount: centavos('amount').notNull(),
  receivedAt: at('received_at').notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  outcome: text('outcome', { enum: PIX_RECEIVED_OUTCOMES }).notNull(),
  reason: text('reason', { enum: PIX_RECEIVED_REFUND_REASONS }),
  recordedAt: at('recorded_at').notNull().defaultNow(),
});

export const pixRefunds = pgTable('pix_refunds', {
  id: text('id').primaryKey(),
  /** Several refunds of one Pix since migration 0094 (a removed line's, then what is left). */
  endToEndId: text('end_to_end_id')
    .notNull()
    .references(() => pixReceived.endToEndId),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  amount: centavos('amount').notNull(),
  reason: text('reason', { enum: PIX_REFUND_REASONS }).notNull(),
  /** services/payments/pix/pix-refund.ts moves them. */
  status: text('status', { enum: PIX_REFUND_STATUSES }).notNull(),
  detail: text('detail'),
  requestedAt: at('requested_at').notNull().defaultNow(),
  settledAt: at('settled_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Background jobs one instance at a time runs (the reconciliation): a lease per name. */
export const pixJobs = pgTable('pix_jobs', {
  name: text('name').primaryKey(),
  claimedUntil: at('claimed_until').notNull(),
});
