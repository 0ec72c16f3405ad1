// Offline answers from the catalogue the person downloaded ('Baixar catálogo para uso offline'):
// when a catalogue read has neither network nor a cached answer, the worker builds the answer the
// server would give (same contract) from the IndexedDB copy. The worker is off the main thread, so
// searching thousands of products never blocks the page.
import { cardInterestPaidBy } from '../src/config/env';
import { facetsOf, filterProducts, orderProducts, suggestWithCode } from '../src/domain/offline-search';
import { LISTING_ORDERS } from '../src/domain/search-rules';
import { buildIndex, type SearchIndex, type SearchableProduct } from '../src/domain/search-index';
import {
  BEST_SELLERS_LIMIT,
  LISTING_PAGE_SIZE_DEFAULT,
  LISTING_PAGE_SIZE_MAX,
} from '../src/domain/catalogue-limits';
import { centavosToReais, reaisToCentavos } from '../src/domain/money';
import { priceOptions, toWireInstallment } from '../src/domain/payment-options';
import {
  CATALOGUE_SNAPSHOTS_TABLE as STORE,
  openStoreDatabase,
  FULL_CATALOGUE_KEY,
} from '../src/config/browser-storage';
import { operationOf } from './routes';

interface StoredRow {
  answer: { produtos: SearchableProduct[] };
  savedAt: number;
}

let loaded: { savedAt: number; index: SearchIndex } | undefined;

/** When the downloaded copy was saved, from the savedAt index's keys alone (no row is read). */
// Callbacks, not promises, so the next request runs while the transaction is surely active.
function savedAtOf(store: IDBObjectStore, then: (savedAt: number | undefined) => void): void {
  if (!store.indexNames.contains('savedAt')) {
    then(undefined);
    return;
  }
  const cursor = store.index('savedAt').openKeyCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (!at) then(undefined);
    else if (at.primaryKey === FULL_CATALOGUE_KEY) then(at.key as number);
    else at.continue();
  };
  cursor.onerror = () => then(undefined);
}

/**
 * The search index of the downloaded catalogue, without creating or upgrading the page's database.
 * The whole copy (50,000 products is about 10 MB) is read and indexed only when it changed: each
 * typed query used to read it again (npm run bench: 165 ms per offline suggestion at 50,000).
 */
async function catalogueIndex(): Promise<SearchIndex | undefined> {
  const database = await openStoreDatabase();
  if (!database) return undefined;
  if (!database.objectStoreNames.contains(STORE)) {
    database.close();
    return undefined;
  }
  return new Promise((resolve) => {
    const store = database.transaction(STORE, 'readonly').objectStore(STORE);
    const done = (index: SearchIndex | undefined) => {
      database.close();
      resolve(index);
    };
    savedAtOf(store, (savedAt) => {
      if (savedAt === undefined) {
        loaded = undefined;
        done(undefined);
        return;
      }
      if (loaded?.savedAt === savedAt) {
        done(loaded.index);
        return;
      }
      const get = store.get(FULL_CATALOGUE_KEY);
      get.onsuccess = () => {
        const row = get.result as StoredRow | undefined;
        loaded = row?.answer?.produtos
          ? { savedAt: row.savedAt, index: buildIndex(row.answer.produtos) }
          : undefined;
        done(loaded?.index);
      };
      get.onerror = () => done(undefined);
    });
  });
}

const ids = (value: string | null) =>
  value
    ? value
        .split('-')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0)
    : undefined;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-casa-obra-offline': 'catalogo-baixado' },
  });

/**
 * The price-options list as the detail call carries it (the server builds the same from
 * the same domain rules), so a downloaded product's page shows Pix and instalments offline.
 */
function wirePriceOptions(price: number) {
  const [pix, boleto, card, normal] = priceOptions(reaisToCentavos(price), cardInterestPaidBy);
  const single = (tipo: string, descricao: string, centavos: number) => ({
    tipo,
    descricao,
    nParcelas: 1,
    valorParcela: centavosToReais(centavos),
  });
  return [
    single('pix', 'Pix', pix.valorParcela),
    single('boleto', 'Boleto', boleto.valorParcela),
    { tipo: 'cartao', descricao: 'Cartão de Crédito', parcelas: card.parcelas.map(toWireInstallment) },
    single('normal', 'Preço normal', normal.valorParcela),
  ];
}

/** A product's detail from the copy: no lotes (stock is checked online) and its first image. */
function detailAnswer(index: SearchIndex, idprd: number): Response | undefined {
  const product = index.products.find((candidate) => candidate.idprd === idprd);
  if (!product) return undefined;
  return json({
    produtos: [{ info_grupo: '', ...product, imagens: 1 }],
    lotes: [],
    imagens: [{ idprd, n: 1 }],
    precos: wirePriceOptions(product.preco),
    agrupamento: [],
  });
}

/** The answer for a catalogue read built from the downloaded copy, or undefined when it cannot be. */
export async function offlineCatalogueAnswer(url: URL): Promise<Response | undefined> {
  const operation = operationOf(url);
  if (!operation) return undefined;
  const index = await catalogueIndex();
  if (!index) return undefined;
  const query = url.searchParams;

  if (operation === 'APP_0041') {
    return json({ produtos: index.products.slice(0, BEST_SELLERS_LIMIT) });
  }
  if (operation === 'APP_0028') return json(suggestWithCode(index, query.get('produto') ?? ''));
  if (operation !== 'APP_0027') return undefined;
  if (query.has('codigo')) return detailAnswer(index, Number(query.get('codigo')));

  const all = filterProducts(index, {
    produto: query.get('produto') ?? undefined,
    grupo: query.get('grupo') ?? undefined,
    subgrupo: query.get('subgrupo') ?? undefined,
    marca: ids(query.get('marca')),
    cat: ids(query.get('cat')),
  });
  const latest = Number(query.get('ultimas'));
  if (latest > 0) {
    const produtos = all.slice(0, latest);
    return json({
      produtos,
      agrupamento: [],
      precos: [],
      total: produtos.length,
      pagina: 1,
      por_pagina: latest,
    });
  }
  const perPage = Math.min(
    Math.max(Number(query.get('por_pagina')) || LISTING_PAGE_SIZE_DEFAULT, 1),
    LISTING_PAGE_SIZE_MAX,
  );
  const page = Math.max(Number(query.get('pagina')) || 1, 1);
  const ordem = LISTING_ORDERS.find((order) => order === query.get('ordem')) ?? 'relevancia';
  const sorted = orderProducts(index, all, ordem);
  return json({
    produtos: sorted.slice((page - 1) * perPage, page * perPage),
    // Facets for the filter sidebar; price ranges need the server's bands, so none offline.
    agrupamento: facetsOf(all),
    precos: [],
    total: all.length,
    pagina: page,
    por_pagina: perPage,
  });
}
