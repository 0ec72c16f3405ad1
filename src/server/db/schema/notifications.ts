import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { customers } from './customers';

// Mirrors migrations/0050_notifications.sql: the devices that receive Web Push and the pushes owed
// to them (src/server/services/notifications); and migrations/0104_stock_alerts.sql: the
// 'Avise-me quando chegar' alerts (src/server/services/stock-alerts.ts), whose pushes share the outbox.

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

/** waiting until the product is back; sent once (never again); cancelled by its link. */
export const STOCK_ALERT_STATUSES = ['waiting', 'sent', 'cancelled'] as const;

export const stockAlerts = pgTable('stock_alerts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  idprd: integer('idprd')
    .notNull()
    .references(() => products.idprd),
  /** null: online (the warehouse); else the physical store asked about. */
  storeId: integer('store_id'),
  /** A push alert: the signed-in customer's devices. */
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  /** An e-mail alert: the address typed. */
  email: text('email'),
  cancelToken: text('cancel_token').notNull().unique(),
  status: text('status', { enum: STOCK_ALERT_STATUSES }).notNull().default('waiting'),
  createdAt: at('created_at').notNull().defaultNow(),
  sentAt: at('sent_at'),
  cancelledAt: at('cancelled_at'),
});

export const pushOutbox = pgTable('push_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subscriptionId: integer('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
  /** An order's event, (stockAlertId) a back-in-stock alert, or (quoteId, migration 0102) an answered quote. */
  orderId: integer('order_id'),
  eventId: bigint('event_id', { mode: 'number' }),
  stockAlertId: integer('stock_alert_id').references(() => stockAlerts.id, { onDelete: 'cascade' }),
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
