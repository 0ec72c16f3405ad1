import { integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { lotes, products } from './catalogue';

// Mirrors migrations/0030_store_mode.sql: stock per store, paired tablets, cart hand-offs.

const at = (name: string) => timestamp(name, { withTimezone: true });

export const storeStock = pgTable(
  'store_stock',
  {
    storeId: smallint('store_id').notNull(),
    idprd: integer('idprd')
      .notNull()
      .references(() => products.idprd, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.idprd] })],
);

export const storeLoteStock = pgTable(
  'store_lote_stock',
  {
    storeId: smallint('store_id').notNull(),
    loteId: integer('lote_id')
      .notNull()
      .references(() => lotes.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.loteId] })],
);

export const tablets = pgTable('tablets', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  storeId: smallint('store_id').notNull(),
  credentialHash: text('credential_hash').notNull().unique(),
  pairedAt: at('paired_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  revokedAt: at('revoked_at'),
});

export const tabletPairingCodes = pgTable('tablet_pairing_codes', {
  codeHash: text('code_hash').primaryKey(),
  storeId: smallint('store_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  tabletId: integer('tablet_id').references(() => tablets.id, { onDelete: 'set null' }),
});

/** One hand-off line: what the tablet's cart held, nothing personal. */
export interface HandoffLine {
  idprd: number;
  quantity: number;
  loteId: number | null;
}

export const cartHandoffs = pgTable('cart_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  storeId: smallint('store_id').notNull(),
  tabletId: integer('tablet_id')
    .notNull()
    .references(() => tablets.id, { onDelete: 'cascade' }),
  lines: jsonb('lines').$type<HandoffLine[]>().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});
