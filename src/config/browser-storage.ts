// What the page (src/storage) and the service worker (sw/) both open by name in the browser: the
// worker answers offline searches from the catalogue the page downloaded into IndexedDB.

/** The one IndexedDB database of the store (src/storage/db.ts declares its tables). */
export const DATABASE_NAME = 'casa-obra-storefront';
/** Its table of cart lines, keyed by the product's id as text (the page's early script reads it). */
export const CART_LINES_TABLE = 'cartLines';
/** Its table of catalogue answers kept for offline use. */
export const CATALOGUE_SNAPSHOTS_TABLE = 'catalogueSnapshots';
/** The row of that table holding the whole downloaded catalogue. */
export const FULL_CATALOGUE_KEY = 'catalogo-completo';

/**
 * The store's database as it is, without Dexie and without ever creating or upgrading it (for the
 * service worker, and the page before the app has taken over): undefined when there is none yet
 * (a first visit: the open is aborted, so no empty database is left behind), it cannot open, or
 * a newer version is being opened elsewhere. The caller closes what it gets.
 */
export function openStoreDatabase(): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DATABASE_NAME);
    } catch {
      resolve(undefined);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
    request.onsuccess = () => {
      const database = request.result;
      database.onversionchange = () => database.close();
      resolve(database);
    };
  });
}
