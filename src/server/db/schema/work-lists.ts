import { bigint, foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';

// Mirrors migrations/0103_work_lists.sql: the signed-in customers' 'Listas da obra'
// (src/server/services/work-lists.ts).

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A customer's named list; its key is the one the device that created it made. */
export const workLists = pgTable(
  'work_lists',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.listKey] })],
);

/** A product and lote (0: none chosen) on a list, with the catalogue's price when first added. */
export const workListLines = pgTable(
  'work_list_lines',
  {
    customerId: integer('customer_id').notNull(),
    listKey: text('list_key').notNull(),
    idprd: integer('idprd').notNull(),
    loteId: integer('lote_id').notNull().default(0),
    quantity: integer('quantity').notNull(),
    addedPriceCentavos: bigint('added_price_centavos', { mode: 'number' }),
    addedAt: at('added_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.listKey, table.idprd, table.loteId] }),
    foreignKey({
      columns: [table.customerId, table.listKey],
      foreignColumns: [workLists.customerId, workLists.listKey],
    }).onDelete('cascade'),
  ],
);

/** The sign-in merges already applied (their Idempotency-Key), so a replay does not sum twice. */
export const workListMerges = pgTable(
  'work_list_merges',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    mergeKey: text('merge_key').notNull(),
    mergedAt: at('merged_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.mergeKey] })],
);
