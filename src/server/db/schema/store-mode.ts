import { integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../api/store-staff';
import { lotes, products } from './catalogue';

// Mirrors migrations/0030_store_mode.sql (stock per store, paired tablets, cart hand-offs),
// 0060_store_staff.sql (store staff and their tablet sessions) and 0061_shown_carts.sql.

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
  /** The seller who handed the cart over, credited with the sale. */
  staffId: integer('staff_id').references(() => storeStaff.id, { onDelete: 'set null' }),
});

/** A store employee; the PIN is kept as scrypt (src/server/services/passwords.ts), never in clear. */
export const storeStaff = pgTable('store_staff', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  storeId: smallint('store_id').notNull(),
  name: text('name').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  pinHash: text('pin_hash').notNull(),
  failedPins: integer('failed_pins').notNull().default(0),
  lockedUntil: at('locked_until'),
  createdAt: at('created_at').notNull().defaultNow(),
  removedAt: at('removed_at'),
});

/** A staff member signed in on one tablet; the cookie's id is kept as its SHA-256. */
export const staffSessions = pgTable('staff_sessions', {
  idHash: text('id_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => storeStaff.id, { onDelete: 'cascade' }),
  tabletId: integer('tablet_id')
    .notNull()
    .references(() => tablets.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
});

/** 'Mostrar ao vendedor': a phone's cart lines behind a code (kept as its SHA-256), 15 minutes. */
export const shownCarts = pgTable('shown_carts', {
  codeHash: text('code_hash').primaryKey(),
  lines: jsonb('lines').$type<HandoffLine[]>().notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  /** Migration 0098: the short code a seller types ('C-482913'), beside the QR's. */
  shortCode: text('short_code'),
});
