// What the page (src/storage) and the service worker (sw/) both open by name in the browser: the
// worker answers offline searches from the catalogue the page downloaded into IndexedDB.

/** The one IndexedDB database of the store (src/storage/db.ts declares its tables). */
export const DATABASE_NAME = 'casa-obra-storefront';
/** Its table of catalogue answers kept for offline use. */
export const CATALOGUE_SNAPSHOTS_TABLE = 'catalogueSnapshots';
/** The row of that table holding the whole downloaded catalogue. */
export const FULL_CATALOGUE_KEY = 'catalogo-completo';
