import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors migrations/0041_pix_emulator.sql and 0042_pix_emulator_revisions.sql: the bundled API Pix
// emulator's own records (src/server/pix-emulator), what a provider holds, apart from the store's.
// Each body is the record as the emulator's API answers it.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const pixEmulatorCobs = pgTable('pix_emulator_cobs', {
  txid: text('txid').primaryKey(),
  location: text('location').notNull().unique(),
  status: text('status').notNull(),
  body: jsonb('body').notNull().$type<Record<string, unknown>>(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

export const pixEmulatorCobRevisions = pgTable(
  'pix_emulator_cob_revisions',
  {
    txid: text('txid')
      .notNull()
      .references(() => pixEmulatorCobs.txid),
    revisao: integer('revisao').notNull(),
    body: jsonb('body').notNull().$type<Record<string, unknown>>(),
  },
  (table) => [primaryKey({ columns: [table.txid, table.revisao] })],
);

export const pixEmulatorPix = pgTable('pix_emulator_pix', {
  endToEndId: text('end_to_end_id').primaryKey(),
  txid: text('txid'),
  body: jsonb('body').notNull().$type<Record<string, unknown>>(),
  receivedAt: at('received_at').notNull().defaultNow(),
});

export const pixEmulatorRefunds = pgTable(
  'pix_emulator_refunds',
  {
    endToEndId: text('end_to_end_id')
      .notNull()
      .references(() => pixEmulatorPix.endToEndId),
    id: text('id').notNull(),
    body: jsonb('body').notNull().$type<Record<string, unknown>>(),
    settlesAt: at('settles_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.endToEndId, table.id] })],
);

export const pixEmulatorWebhooks = pgTable('pix_emulator_webhooks', {
  chave: text('chave').primaryKey(),
  webhookUrl: text('webhook_url').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
