import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The migrations applied, each once (src/server/db/migrate.ts creates and writes it). */
export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
