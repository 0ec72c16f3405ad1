import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorageDb, type StorefrontDb } from '../../../src/storage/db';
import { downloadCatalogue, type DownloadProgress } from '../../../src/storage/catalogue-download';
import { CATALOGUE_STALE_AFTER_MS, storedCatalogueInfo } from '../../../src/storage/catalogue-info';

const products = Array.from({ length: 60 }, (_, i) => ({
  idprd: i + 1,
  descricao: `Produto ${i + 1}`,
  descmarca: 'Marca',
  preco: 10 + i,
  nome_grupo: 'banheiro',
  nome_sub_grupo: 'chuveiros',
  codundvenda: 'UN',
}));

/** The store as the download sees it: the paged listing and one small PNG per product. */
const store = (async (url: string) => {
  const address = new URL(String(url), 'http://loja.test');
  if (address.pathname.startsWith('/imagens/')) return new Response(new Uint8Array(100), { status: 200 });
  const pagina = Number(address.searchParams.get('pagina'));
  const porPagina = Number(address.searchParams.get('por_pagina'));
  const produtos = products.slice((pagina - 1) * porPagina, pagina * porPagina);
  return new Response(JSON.stringify({ produtos, total: products.length, pagina, por_pagina: porPagina }), {
    status: 200,
  });
}) as typeof fetch;

let database: StorefrontDb;
let counter = 0;
beforeEach(() => {
  database = createStorageDb(`download-test-${++counter}`);
});
afterEach(() => database.delete());

describe('catalogue download for offline use', () => {
  it('stores every product with progress, and states the size kept', async () => {
    const progress: DownloadProgress[] = [];
    const info = await downloadCatalogue((step) => progress.push(step), { database, fetchImpl: store });
    expect(info.count).toBe(60);
    expect(info.bytes).toBeGreaterThan(60 * 100);
    expect(progress.filter((step) => step.phase === 'produtos').map((step) => step.done)).toEqual([48, 60]);
    expect(progress.at(-1)).toEqual({ phase: 'imagens', done: 60, total: 60 });
    const stored = await storedCatalogueInfo(database);
    expect(stored).toMatchObject({ count: 60, bytes: info.bytes, stale: false });
  });

  it('is stale after a day', async () => {
    const info = await downloadCatalogue(undefined, { database, fetchImpl: store });
    const later = info.savedAt + CATALOGUE_STALE_AFTER_MS + 1;
    expect((await storedCatalogueInfo(database, later))?.stale).toBe(true);
  });
});
