import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { seedIfEmpty } from './seed';

/** Opens the configured database, applies migrations and seeds an empty catalogue. */
export async function prepareDatabase(
  config: Config,
  log: (message: string) => void = () => {},
): Promise<Database> {
  const database = await openDatabase(config);
  const ran = await migrate(database);
  if (ran.length) log(`migrations applied: ${ran.join(', ')}`);
  const seeded = await seedIfEmpty(database, { syntheticProducts: config.SEED_PRODUCTS });
  if (seeded) log(`catalogue seeded: ${seeded} products`);
  return database;
}
