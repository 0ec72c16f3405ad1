import type { Database } from './client';

// Placeholder until the seed catalogue lands (issue 3 replaces this file).
export async function seedIfEmpty(
  _database: Database,
  _options: { syntheticProducts: number },
): Promise<number> {
  return 0;
}
