import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import ts from 'typescript';
import { CATALOGUE_COPY_ORDER } from '../../src/domain/search-rules';
import { launchChromium } from '../chromium';
import { median, percentile } from './stats';

// Repeat and offline visits, and the offline catalogue search, in Debian's Chromium driven by
// playwright-core (tests/chromium.ts, as the browser tests), phone-sized.

const DATASNAP = '/datasnap/rest/TFireFlay';

export const launchBrowser = launchChromium;

const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, locale: 'pt-BR' };

async function throttle(page: Page, rate: number) {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Loads the page until its service worker controls it and has finished precaching. */
async function warmServiceWorker(context: BrowserContext, baseUrl: string, warmPaths: string[]) {
  const page = await context.newPage();
  await page.goto(baseUrl + '/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Once active, the worker controls new navigations: visit the pages so their data and images
  // land in its runtime caches, as a shopper's first visit would.
  for (const path of warmPaths) {
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
      await page.reload({ waitUntil: 'networkidle' });
  }
  await page.close();
}

/** LCP (ms from navigation start) as the page's own PerformanceObserver reports it, once settled. */
async function lcpOf(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolveLcp) => {
        let last = Number.NaN;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolveLcp(last), 1000);
      }),
  );
}

export interface VisitResult {
  repeatLcp: { median: number; min: number; max: number; runs: number[] };
  repeatLcp4x: { median: number; min: number; max: number; runs: number[] };
  offlineProduct: { median: number; min: number; max: number; runs: number[] };
  productPath: string;
}

const summary = (runs: number[]) => ({
  median: median(runs),
  min: Math.min(...runs),
  max: Math.max(...runs),
  runs,
});

/**
 * Repeat visits to / (no throttling, then 4x CPU) and offline visits to a product page, on each
 * server in `baseUrls` (the store, and the baseline revision when there is one): each in its own
 * browser context with its own warm service worker, run by run in turn so machine load hits all alike.
 */
export async function measureVisits(
  baseUrls: string[],
  productPath: string,
  productName: string,
  runs: number,
): Promise<VisitResult[]> {
  const browser = await launchBrowser();
  try {
    const contexts: BrowserContext[] = [];
    for (const baseUrl of baseUrls) {
      const context = await browser.newContext(phone);
      await warmServiceWorker(context, baseUrl, ['/', '/produtos/banheiro', productPath]);
      contexts.push(context);
    }
    const repeatVisit = async (context: BrowserContext, baseUrl: string, rate: number) => {
      const page = await context.newPage();
      if (rate > 1) await throttle(page, rate);
      await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
      const lcp = await lcpOf(page);
      await page.close();
      return lcp;
    };
    const offlineVisit = async (context: BrowserContext, baseUrl: string) => {
      const page = await context.newPage();
      await page.goto(baseUrl + productPath, { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1, name: productName }).waitFor({ timeout: 30_000 });
      // Time from the navigation's start (the page's time origin) to the product's name on screen.
      const shown = await page.evaluate(() => performance.now());
      await page.close();
      return shown;
    };
    const measured = baseUrls.map(() => ({
      repeat: [] as number[],
      repeat4x: [] as number[],
      offline: [] as number[],
    }));
    for (const rate of [1, 4])
      for (let i = 0; i < runs; i++)
        for (const [j, baseUrl] of baseUrls.entries())
          measured[j][rate > 1 ? 'repeat4x' : 'repeat'].push(await repeatVisit(contexts[j], baseUrl, rate));

    for (const context of contexts) await context.setOffline(true);
    for (let i = 0; i < runs; i++)
      for (const [j, baseUrl] of baseUrls.entries())
        measured[j].offline.push(await offlineVisit(contexts[j], baseUrl));
    for (const context of contexts) await context.close();
    return measured.map((m) => ({
      repeatLcp: summary(m.repeat),
      repeatLcp4x: summary(m.repeat4x),
      offlineProduct: summary(m.offline),
      productPath,
    }));
  } finally {
    await browser.close();
  }
}

export interface SearchTimes {
  p50: number;
  p95: number;
  max: number;
  count: number;
}

export interface OfflineSearchResult {
  products: number;
  queries: number;
  /** Suggestions (APP_0028) answered by the service worker from the downloaded copy, offline. */
  worker: { unthrottled: SearchTimes; cpu4x: SearchTimes };
  /** The same search (src/domain/search-index.ts, what suggestions run) alone on the page's main thread. */
  searchFunction: {
    unthrottled: SearchTimes;
    cpu4x: SearchTimes;
    buildIndexMs: number;
    buildIndexMs4x: number;
  };
}

const times = (values: number[]): SearchTimes => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
  count: values.length,
});

/** Reads the whole catalogue as the download does (48 per page, in relevance order), several pages at a time. */
async function readCatalogue(baseUrl: string): Promise<unknown[]> {
  const first = (await (
    await fetch(`${baseUrl}${DATASNAP}/APP_0027?pagina=1&por_pagina=48&ordem=${CATALOGUE_COPY_ORDER}`)
  ).json()) as {
    produtos: unknown[];
    total: number;
  };
  const pages = Math.ceil(first.total / 48);
  const all: unknown[][] = [first.produtos];
  let next = 2;
  const worker = async () => {
    for (let pagina = next++; pagina <= pages; pagina = next++) {
      const response = await fetch(
        `${baseUrl}${DATASNAP}/APP_0027?pagina=${pagina}&por_pagina=48&ordem=${CATALOGUE_COPY_ORDER}`,
      );
      all[pagina - 1] = ((await response.json()) as { produtos: unknown[] }).produtos;
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return all.flat();
}

/** Typed the way shoppers type: prefixes, whole words, two words, typos, a miss. */
function queriesFrom(products: Array<{ descricao: string }>, count: number): string[] {
  const words = [
    ...new Set(
      products
        .slice(0, 2000)
        .flatMap((p) => p.descricao.toLowerCase().split(/\s+/))
        .filter((w) => /^[a-zà-ú]{4,}$/.test(w)),
    ),
  ];
  const queries: string[] = [];
  for (let i = 0; queries.length < count; i++) {
    const word = words[(i * 7) % words.length];
    const other = words[(i * 13 + 5) % words.length];
    const kind = i % 5;
    if (kind === 0) queries.push(word.slice(0, 2));
    else if (kind === 1) queries.push(word.slice(0, 4));
    else if (kind === 2) queries.push(word);
    else if (kind === 3) queries.push(`${word} ${other.slice(0, 3)}`);
    else queries.push(word.length > 5 ? word.slice(0, 3) + word.slice(4) : `${word}x`); // one typo
  }
  return queries;
}

/** search-index.ts is pure TypeScript without imports: transpiled, it runs in the page as is. */
function offlineSearchScript(): string {
  const source = readFileSync(resolve('src/domain/search-index.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  return `(() => { const exports = {}; ${outputText}; window.__offlineSearch = exports; })();`;
}

export async function measureOfflineSearch(baseUrl: string, queryCount = 50): Promise<OfflineSearchResult> {
  const products = (await readCatalogue(baseUrl)) as Array<{ descricao: string }>;
  const queries = queriesFrom(products, queryCount);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext(phone);
    await warmServiceWorker(context, baseUrl, ['/']);
    const page = await context.newPage();
    await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
    // The app opens its IndexedDB database when idle; then the copy is stored where the download
    // ('Baixar catálogo para uso offline') stores it, without fetching 50,000 images.
    await page.waitForFunction(
      async () => (await indexedDB.databases()).some((d) => d.name === 'casa-obra-storefront'),
      undefined,
      { timeout: 30_000, polling: 250 },
    );
    await page.evaluate(async (produtos) => {
      const database = await new Promise<IDBDatabase>((done, fail) => {
        const request = indexedDB.open('casa-obra-storefront');
        request.onsuccess = () => done(request.result);
        request.onerror = () => fail(request.error);
      });
      await new Promise<void>((done, fail) => {
        const tx = database.transaction('catalogueSnapshots', 'readwrite');
        tx.objectStore('catalogueSnapshots').put({
          key: 'catalogo-completo',
          answer: { produtos, bytes: JSON.stringify(produtos).length },
          savedAt: Date.now(),
        });
        tx.oncomplete = () => done();
        tx.onerror = () => fail(tx.error);
      });
      database.close();
    }, products);

    await context.setOffline(true);
    const viaWorker = async () => {
      // The first query builds the worker's index; it is timed apart from the typed queries.
      await page.evaluate((url) => fetch(url).then((r) => r.json()), `${DATASNAP}/APP_0028?produto=torneira`);
      return page.evaluate(
        async ({ list, base }) => {
          const measured: number[] = [];
          for (const q of list) {
            const started = performance.now();
            const response = await fetch(`${base}/APP_0028?produto=${encodeURIComponent(q)}`);
            if (response.headers.get('x-casa-obra-offline') !== 'catalogo-baixado')
              throw new Error(`not answered from the downloaded catalogue: ${q}`);
            await response.json();
            measured.push(performance.now() - started);
          }
          return measured;
        },
        { list: queries, base: DATASNAP },
      );
    };
    const workerUnthrottled = await viaWorker();
    await throttle(page, 4);
    const worker4x = await viaWorker();
    await throttle(page, 1);

    await page.addScriptTag({ content: offlineSearchScript() });
    const direct = () =>
      page.evaluate(
        ({ list, all }) => {
          type Search = {
            buildIndex(p: unknown[]): unknown[];
            searchPositions(i: unknown[], q: string): unknown;
          };
          const search = (window as unknown as { __offlineSearch: Search }).__offlineSearch;
          const built = performance.now();
          const index = search.buildIndex(all);
          const buildIndexMs = performance.now() - built;
          const measured: number[] = [];
          for (const q of list) {
            const started = performance.now();
            search.searchPositions(index, q);
            measured.push(performance.now() - started);
          }
          return { buildIndexMs, measured };
        },
        { list: queries, all: products },
      );
    const plain = await direct();
    await throttle(page, 4);
    const slow = await direct();
    await context.close();
    return {
      products: products.length,
      queries: queries.length,
      worker: { unthrottled: times(workerUnthrottled), cpu4x: times(worker4x) },
      searchFunction: {
        unthrottled: times(plain.measured),
        cpu4x: times(slow.measured),
        buildIndexMs: plain.buildIndexMs,
        buildIndexMs4x: slow.buildIndexMs,
      },
    };
  } finally {
    await browser.close();
  }
}
