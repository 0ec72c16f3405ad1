import { bigint, date, doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';

// Mirrors migrations/0100_field_measurement.sql: one row per figure a shopper's browser sent
// (src/server/services/field-measurement.ts). Nothing in it tells one shopper apart.

export const fieldSamples = pgTable('field_samples', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  day: date('day').notNull(),
  page: text('page').notNull(),
  device: text('device').notNull(),
  browser: text('browser').notNull(),
  connection: text('connection').notNull(),
  metric: text('metric').notNull(),
  value: doublePrecision('value').notNull(),
});
