import type { StorefrontDb } from './db';
import { withDb } from './stored-rows';

/**
 * The one write path of the cart and checkout modules: runs `change` on the database, then writes
 * the mirror keys at once, so this tab's header badge changes with the click (other tabs follow
 * through the mirror's live query). A lost connection is opened again (`withDb`).
 */
export async function write<T>(change: (db: StorefrontDb) => Promise<T>): Promise<T> {
  // Each step on its own: a mirror write lost with the connection must not run the change twice.
  const result = await withDb(change);
  const mirror = await import('./mirror');
  await withDb(async (db) => {
    mirror.startMirror(db);
    await mirror.syncMirror(db);
  });
  return result;
}
