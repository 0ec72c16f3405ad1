import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';

// Mirrors migrations/0050_notifications.sql: the devices that receive Web Push and the pushes owed
// to them (src/server/services/notifications).

const at = (name: string) => timestamp(name, { withTimezone: true });

/** pending until sent; failed after the last attempt; gone when the push service forgot the device. */
export const PUSH_STATUSES = ['pending', 'sent', 'failed', 'gone'] as const;

export const pushSubscriptions = pgTable('push_subscriptions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  vapidPublicKey: text('vapid_public_key').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const pushOutbox = pgTable('push_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subscriptionId: integer('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
  /** An order's event, or (migration 0102) an answered quote. */
  orderId: integer('order_id'),
  eventId: bigint('event_id', { mode: 'number' }),
  quoteId: integer('quote_id'),
  payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
  status: text('status', { enum: PUSH_STATUSES }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
  lastStatus: integer('last_status'),
  lastError: text('last_error'),
  createdAt: at('created_at').notNull().defaultNow(),
  sentAt: at('sent_at'),
});
