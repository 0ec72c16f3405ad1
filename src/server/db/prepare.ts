import pg from 'pg';
import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { seedIfEmpty } from './seed';

/** The PostgreSQL advisory lock key under which one server at a time migrates and seeds. */
export const PREPARE_LOCK_KEY = 15_202_611;

/**
 * Runs `work` while holding a session advisory lock on a connection of its own: servers starting
 * together on one PostgreSQL wait for each other, so the first migrates and seeds and the others
 * find it done. (PGlite belongs to one process: nothing to wait for.)
 */
async function underPrepareLock<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PREPARE_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** Opens the configured database, applies migrations and seeds an empty catalogue. */
export async function prepareDatabase(
  config: Config,
  log: (message: string) => void = () => {},
): Promise<Database> {
  const database = await openDatabase(config);
  try {
    await underPrepareLock(config.DATABASE_URL, async () => {
      const ran = await migrate(database);
      if (ran.length) log(`migrations applied: ${ran.join(', ')}`);
      const seeded = await seedIfEmpty(database, { syntheticProducts: config.SEED_PRODUCTS });
      if (seeded) log(`catalogue seeded: ${seeded} products`);
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
