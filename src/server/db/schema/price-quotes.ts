import { date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { DELIVERY_KINDS, STORED_QUOTE_STATUSES } from '../../../api/price-quotes';
import { STAFF_ROLES } from '../../../api/store-staff';
import { customers } from './customers';
import { orders } from './orders';
import { storeStaff } from './store-mode';

// Mirrors migrations/0102_price_quotes.sql (quotes, their lines, the discount caps per store and role).

const at = (name: string) => timestamp(name, { withTimezone: true });

export const priceQuotes = pgTable('price_quotes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  storeId: smallint('store_id').notNull(),
  delivery: text('delivery', { enum: DELIVERY_KINDS }).notNull(),
  cep: text('cep'),
  note: text('note').notNull().default(''),
  status: text('status', { enum: STORED_QUOTE_STATUSES }).notNull().default('solicitado'),
  askedAgainFrom: integer('asked_again_from'),
  requestedAt: at('requested_at').notNull().defaultNow(),
  answeredAt: at('answered_at'),
  answeredBy: integer('answered_by').references(() => storeStaff.id, { onDelete: 'set null' }),
  answeredByName: text('answered_by_name'),
  validUntil: date('valid_until'),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  convertedAt: at('converted_at'),
});

export const priceQuoteLines = pgTable(
  'price_quote_lines',
  {
    quoteId: integer('quote_id')
      .notNull()
      .references(() => priceQuotes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    idprd: integer('idprd').notNull(),
    name: text('name').notNull(),
    requestedQuantity: integer('requested_quantity').notNull(),
    quantity: integer('quantity').notNull(),
    listPriceCentavos: integer('list_price_centavos').notNull(),
    unitPriceCentavos: integer('unit_price_centavos'),
  },
  (table) => [primaryKey({ columns: [table.quoteId, table.position] })],
);

export const storeDiscountCaps = pgTable(
  'store_discount_caps',
  {
    storeId: smallint('store_id').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    percent: smallint('percent').notNull(),
    updatedBy: integer('updated_by').references(() => storeStaff.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.role] })],
);
