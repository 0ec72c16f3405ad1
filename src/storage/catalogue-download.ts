import { callOperation } from '../api/client';
import { productListingOperation } from '../api/catalogue';
import { type ProductSummary } from '../api/products';
import { LISTING_PAGE_SIZE_MAX } from '../domain/catalogue-limits';
import { CATALOGUE_COPY_ORDER } from '../domain/search-rules';
import { FULL_CATALOGUE_KEY } from '../config/browser-storage';
import { productImageUrl } from '../config/env';
import { storeCatalogueStockOperation } from '../api/store-mode';
import type { StoredCatalogue, StoredCatalogueInfo } from './catalogue-info';
import { db, type StorefrontDb } from './db';
import { readTabletMarker } from './tablet-marker';

// 'Baixar catálogo para uso offline' (store tablets): every product (name, price, brand, category),
// in relevance order (its positions rank the offline search: src/domain/search-rules.ts),
// goes to the one IndexedDB database, and each first image is fetched once so the service worker
// keeps it in its image cache. Offline, the worker answers listing, search and suggestions from
// this copy (sw/offline-catalogue.ts reads the same row).

/** The catalogueSnapshots row holding a paired tablet's stock per store, from the same download. */
export const STORE_STOCK_KEY = 'estoque-lojas';

/** A paired tablet's stock per store, as LOJA_ESTOQUE_CATALOGO answered, and when it was read. */
export interface StoredStoreStock {
  estoque: Record<string, number[]>;
  lojas: { id: number; nome: string }[];
  savedAt: number;
}

export async function readStoredStoreStock(
  database: StorefrontDb = db,
): Promise<StoredStoreStock | undefined> {
  const row = await database.catalogueSnapshots.get(STORE_STOCK_KEY);
  if (!row) return undefined;
  const answer = row.answer as Omit<StoredStoreStock, 'savedAt'>;
  return { ...answer, savedAt: row.savedAt };
}

const IMAGE_CONCURRENCY = 4;

export interface DownloadProgress {
  /** 'produtos' while the list is read, 'imagens' while the first images are fetched. */
  phase: 'produtos' | 'imagens';
  done: number;
  total: number;
}

async function fetchImage(idprd: number, fetchImpl: typeof fetch): Promise<number> {
  try {
    const response = await fetchImpl(productImageUrl(idprd, 1));
    if (!response.ok) return 0;
    return (await response.blob()).size;
  } catch {
    return 0; // a missing image does not stop the download; the card shows its placeholder
  }
}

/** Downloads the whole catalogue with its first images, reporting progress; replaces the old copy. */
export async function downloadCatalogue(
  onProgress: (progress: DownloadProgress) => void = () => undefined,
  { database = db, fetchImpl = fetch }: { database?: StorefrontDb; fetchImpl?: typeof fetch } = {},
): Promise<StoredCatalogueInfo> {
  const produtos: ProductSummary[] = [];
  let total = 0;
  for (let pagina = 1; pagina === 1 || produtos.length < total; pagina++) {
    const answer = await callOperation(
      productListingOperation,
      { query: { pagina, por_pagina: LISTING_PAGE_SIZE_MAX, ordem: CATALOGUE_COPY_ORDER } },
      fetchImpl,
    );
    total = answer.total;
    produtos.push(...answer.produtos);
    onProgress({ phase: 'produtos', done: produtos.length, total });
    if (answer.produtos.length === 0) break;
  }

  let imageBytes = 0;
  let done = 0;
  const queue = [...produtos];
  const worker = async () => {
    for (let product = queue.shift(); product; product = queue.shift()) {
      imageBytes += await fetchImage(product.idprd, fetchImpl);
      onProgress({ phase: 'imagens', done: ++done, total: produtos.length });
    }
  };
  await Promise.all(Array.from({ length: IMAGE_CONCURRENCY }, worker));

  const dataBytes = new Blob([JSON.stringify(produtos)]).size;
  const savedAt = Date.now();
  // A paired tablet also keeps each store's stock, to answer 'how many in the other stores' offline.
  if (readTabletMarker()) {
    try {
      const answer = await callOperation(storeCatalogueStockOperation, {}, fetchImpl);
      await database.catalogueSnapshots.put({ key: STORE_STOCK_KEY, answer, savedAt });
    } catch (error) {
      console.warn('Estoque das lojas não baixado', error);
    }
  }
  const stored: StoredCatalogue = { produtos, bytes: dataBytes + imageBytes };
  await database.catalogueSnapshots.put({ key: FULL_CATALOGUE_KEY, answer: stored, savedAt });
  return { count: produtos.length, bytes: stored.bytes, savedAt, stale: false };
}

/** Removes the downloaded copy. */
export async function deleteDownloadedCatalogue(database: StorefrontDb = db): Promise<void> {
  await database.catalogueSnapshots.bulkDelete([FULL_CATALOGUE_KEY, STORE_STOCK_KEY]);
}
