import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The one place that opens the database: PGlite in a folder (embedded) or a PostgreSQL server. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL (several statements allowed, no parameters): migrations and maintenance. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (tests clone a migrated template from it). */
  dumpDataDir?(): Promise<Blob>;
}

export const pgliteExtensions = { pg_trgm, unaccent };

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // Money columns are bigint centavos; they stay well inside 2^53, so read them as numbers.
  pg.types.setTypeParser(20, (value) => Number(value));
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite({ dataDir: config.DATA_DIR });
}
