import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies the committed SQL migrations in file-name order, each once, each in its own transaction.
 * Plain SQL rather than generated files: the search indexes need extensions and an IMMUTABLE
 * unaccent wrapper that a schema generator does not express.
 */
export async function migrate(database: Database): Promise<string[]> {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = (await database.db.execute(sql`SELECT name FROM schema_migrations`)) as unknown as {
    rows: { name: string }[];
  };
  const applied = new Set(done.rows.map((row) => row.name));
  const files = readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const ran: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const body = readFileSync(migrationsDir + file, 'utf8');
    const quoted = file.replace(/'/g, "''");
    await database.exec(
      `BEGIN;\n${body}\nINSERT INTO schema_migrations (name) VALUES ('${quoted}');\nCOMMIT;`,
    );
    ran.push(file);
  }
  return ran;
}

/** Committed migrations this database has not applied (another instance may be applying them). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const done = (await database.db.execute(sql`SELECT name FROM schema_migrations`)) as unknown as {
    rows: { name: string }[];
  };
  const applied = new Set(done.rows.map((row) => row.name));
  return readdirSync(migrationsDir).filter((file) => file.endsWith('.sql') && !applied.has(file));
}
