import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors migrations/0010_customers.sql (the SQL is the source of truth: checks and the
// case-insensitive e-mail index live there).

const at = (name: string) => timestamp(name, { withTimezone: true });

export const customers = pgTable('customers', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  doc: text('doc').notNull().unique(),
  pessoa: text('pessoa', { enum: ['fisica', 'juridica'] }).notNull(),
  nome: text('nome').notNull(),
  email: text('email').notNull(),
  fixo: text('fixo').notNull().default(''),
  celular: text('celular').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

export const loginFailures = pgTable(
  'login_failures',
  {
    scope: text('scope', { enum: ['account', 'address'] }).notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: at('window_started_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

/**
 * Migration 0015: the fixed-window counters of every rate limit (src/server/services/rate-limit-store.ts);
 * `key` names the operation, the scope and a hash of the address or account.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: at('reset_at').notNull(),
});

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  // migrations/0050_notifications.sql: the HTML part of order e-mails.
  html: text('html'),
  kind: text('kind').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  sentAt: at('sent_at'),
  // migrations/0013_mail_delivery.sql: SMTP delivery state (NULL: stored and logged only).
  delivery: text('delivery', { enum: ['pending', 'sent', 'failed'] }),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at'),
  lastError: text('last_error'),
  // migrations/0015_hardening.sql: the body's link is masked; the real one is held in memory.
  secretHeld: boolean('secret_held').notNull().default(false),
});

export const contactMessages = pgTable('contact_messages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nome: text('nome').notNull(),
  telefone: text('telefone').notNull(),
  email: text('email').notNull(),
  assunto: text('assunto').notNull(),
  message: text('message').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Migration 0101: the signed-in customer's cart, one per customer across devices. */
export const customerCarts = pgTable('customer_carts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  mergeKeys: jsonb('merge_keys').$type<string[]>().notNull().default([]),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A line of a customer's cart (lote 0: none chosen); a removal is a marker (quantity 0, removed_at). */
export const customerCartLines = pgTable(
  'customer_cart_lines',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customerCarts.customerId, { onDelete: 'cascade' }),
    idprd: integer('idprd').notNull(),
    loteId: integer('lote_id').notNull().default(0),
    quantity: integer('quantity').notNull(),
    removedAt: at('removed_at'),
    changedAt: at('changed_at').notNull(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.idprd, table.loteId] })],
);
