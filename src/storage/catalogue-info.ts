import { FULL_CATALOGUE_KEY } from '../config/browser-storage';
import type { ProductSummary } from '../api/products';
import { db, type StorefrontDb } from './db';

// What the downloaded catalogue holds, read without the download's own code and the contracts it
// calls (catalogue-download.ts): the app reads it when it opens, on every page.

/** After a day the copy is refreshed by itself the next time the store opens with a network. */
export const CATALOGUE_STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface StoredCatalogue {
  produtos: ProductSummary[];
  /** Bytes on the device: the product data plus the first images. */
  bytes: number;
}

export interface StoredCatalogueInfo {
  count: number;
  bytes: number;
  savedAt: number;
  stale: boolean;
}

export async function storedCatalogueInfo(
  database: StorefrontDb = db,
  now = Date.now(),
): Promise<StoredCatalogueInfo | undefined> {
  const row = await database.catalogueSnapshots.get(FULL_CATALOGUE_KEY);
  if (!row) return undefined;
  const stored = row.answer as StoredCatalogue;
  return {
    count: stored.produtos.length,
    bytes: stored.bytes,
    savedAt: row.savedAt,
    stale: now - row.savedAt > CATALOGUE_STALE_AFTER_MS,
  };
}
