import type { StorefrontDb } from './db';
import { openDb } from './stored-rows';

/**
 * The one write path of the cart and checkout modules: runs `change` on the database, then writes
 * the mirror keys at once, so this tab's header badge changes with the click (other tabs follow
 * through the mirror's live query).
 */
export async function write<T>(change: (db: StorefrontDb) => Promise<T>): Promise<T> {
  const db = await openDb();
  const result = await change(db);
  const mirror = await import('./mirror');
  mirror.startMirror(db);
  await mirror.syncMirror(db);
  return result;
}
