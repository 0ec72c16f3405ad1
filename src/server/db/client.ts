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
  /**
   * Calls `onChange` for every NOTIFY on `channel`, from this process or any other on the same
   * database, and once more whenever notifications may have been missed (a PostgreSQL listening
   * connection lost and opened again). Resolves once listening; the function it gives stops.
   */
  listen(
    channel: string,
    onChange: () => void,
    onError?: (error: unknown) => void,
  ): Promise<() => Promise<void>>;
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
    // One process owns a PGlite folder, so these come from this process's own writes.
    listen: async (channel, onChange) => {
      const stop = await client.listen(channel, () => onChange());
      return async () => {
        if (!client.closed) await stop();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (a PostgreSQL restart, an administrator's terminate, a
  // database dropped WITH (FORCE)) is reported here; the pool has already dropped it and the next
  // query opens a new one. Without a listener the 'error' event would crash the process.
  pool.on('error', (error) =>
    console.warn(`PostgreSQL: idle connection ended by the server (${error.message})`),
  );
  // Money columns are bigint centavos; they stay well inside 2^53, so read them as numbers.
  pg.types.setTypeParser(20, (value) => Number(value));
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: () => pool.end(),
    listen: (channel, onChange, onError) => listenPostgres(url, channel, onChange, onError),
  };
}

const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When it is lost,
 * notifications sent meanwhile are lost too: `onChange` is called when it is lost and again once a
 * new connection listens, retried every second until then.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onChange: () => void,
  onError: (error: unknown) => void = () => {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.end().catch(() => {});
      if (stopped) return;
      if (error) onError(error);
      onChange();
      retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
    };
    client.on('notification', (message) => {
      if (message.channel === channel) onChange();
    });
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      lost = true;
      await client.end();
      return;
    }
    current = client;
  };

  const reconnect = () => {
    retry = undefined;
    connect()
      .then(() => onChange())
      .catch((error: unknown) => {
        if (stopped) return;
        onError(error);
        retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
      });
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = undefined;
    if (client) await client.end();
  };
}

export function openDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite({ dataDir: config.DATA_DIR });
}
