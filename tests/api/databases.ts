import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';

export const PGLITE_TEMPLATE_FILE = '.test-data/pglite-template.tar';
/**
 * The migrated template on the PostgreSQL server, named after TEST_DATABASE_URL's database: runs
 * pointed at different databases of one server (several checkouts) keep their own template.
 */
export const POSTGRES_TEMPLATE = `${process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL).pathname.slice(1) : 'storefront'}_template`;

/** The database kinds every API test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh database cloned from the migrated, seeded template: no test sees another's writes.
 * On PostgreSQL, `url` lets a test open a second connection pool on it (a second server process).
 */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    const tarball = readFileSync(inject('pgliteTemplate'));
    return openPglite({ loadDataDir: new Blob([tarball]) });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const databaseUrl = withDatabaseName(url, name);
  const database = await openPostgres(databaseUrl, 20);
  const close = database.close;
  return {
    ...database,
    url: databaseUrl,
    close: async () => {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
