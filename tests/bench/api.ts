import autocannon from 'autocannon';
import { percentile } from './stats';
import { startProcess, type RunningServer } from './server';

// API load on loopback: each route for `seconds` after a short warm-up, 10 connections, with the
// Accept-Encoding a browser sends (so compression is part of the cost), beside a bare Fastify
// hello-world measured the same way in the same run.

const DATASNAP = '/datasnap/rest/TFireFlay';
const CONNECTIONS = 10;
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

export interface LoadResult {
  route: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Our req/s divided by hello-world req/s of the same run. */
  ratio?: number;
}

export interface ApiResult {
  database: 'PGlite' | 'PostgreSQL';
  products: number;
  startSeconds: number;
  routes: LoadResult[];
}

type Request = {
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Rewrites the request each time it is sent (a new address every time: nothing cached). */
  setupRequest?: (request: Request) => Request;
};

interface BenchRoute {
  route: string;
  requests: Request[];
  /** Fewer connections measure the time of one request rather than queueing (default 10). */
  connections?: number;
}

async function load(
  base: string,
  requests: Request[],
  seconds: number,
  connections = CONNECTIONS,
): Promise<Omit<LoadResult, 'route'>> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: BROWSER_HEADERS,
    requests: requests.map((r) => ({
      ...r,
      headers: {
        ...BROWSER_HEADERS,
        ...(r.body ? { 'content-type': 'application/json' } : {}),
        ...r.headers,
      },
    })),
  });
  // Every response time is kept, so p95 is exact (autocannon's histogram stops at p90 and p97.5).
  instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) =>
    latencies.push(time),
  );
  const result = await instance;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The bench routes, with ids and filters read from the running store. */
async function routesOf(base: string): Promise<BenchRoute[]> {
  const best = await json<{ produtos: Array<{ idprd: number }> }>(`${base}${DATASNAP}/APP_0041`);
  const ids = best.produtos.slice(0, 12).map((p) => p.idprd);
  const listing = await json<{
    agrupamento: Array<{ tipo: string; id: number }>;
    precos: Array<{ codigo: string }>;
  }>(`${base}${DATASNAP}/APP_0027?grupo=banheiro&pagina=1&por_pagina=6`);
  // Product pages never asked for before: the answer cache cannot help, every one is rendered.
  const all = await json<{ total: number; produtos: Array<{ idprd: number }> }>(
    `${base}${DATASNAP}/APP_0027?pagina=1&por_pagina=48&ordem=nome`,
  );
  const firstId = Math.min(...all.produtos.map((p) => p.idprd));
  // Past the best sellers and their neighbours, which the other routes have visited (ids are dense).
  const unseen = { from: firstId + 1_000, to: firstId + all.total - 1 };
  let nextUnseen = unseen.from;
  const unseenProductPage = (request: Request): Request => {
    nextUnseen = nextUnseen >= unseen.to ? unseen.from : nextUnseen + 1;
    return { ...request, path: `/produto/${nextUnseen}` };
  };
  const brands = listing.agrupamento.filter((f) => f.tipo === 'marca').slice(0, 4);
  const range = listing.precos[0]?.codigo;
  const filters = [
    'grupo=banheiro',
    ...brands.map((b) => `grupo=banheiro&marca=${b.id}`),
    ...(range ? [`grupo=banheiro&precos=${range}`] : []),
    'produto=torneira&grupo=banheiro',
  ];
  return [
    { route: 'best sellers APP_0041', requests: [{ path: `${DATASNAP}/APP_0041` }] },
    {
      route: 'product detail APP_0027?codigo=',
      requests: ids.map((id) => ({ path: `${DATASNAP}/APP_0027?codigo=${id}` })),
    },
    {
      route: `listing with filters APP_0027 (${filters.length} filters)`,
      requests: filters.map((f) => ({ path: `${DATASNAP}/APP_0027?${f}&pagina=1&por_pagina=6` })),
    },
    { route: 'suggestions APP_0028?produto=torn', requests: [{ path: `${DATASNAP}/APP_0028?produto=torn` }] },
    {
      route: 'HTML: cached product page /produto/{id}',
      requests: ids.map((id) => ({ path: `/produto/${id}` })),
    },
    {
      route: 'HTML: cached home page /',
      requests: [{ path: '/' }],
    },
    {
      route: 'HTML: uncached product page render (1 connection)',
      requests: [{ path: '/produto/0', setupRequest: unseenProductPage }],
      connections: 1,
    },
    {
      route: 'freight POST APP_0031',
      requests: [
        {
          method: 'POST',
          path: `${DATASNAP}/APP_0031`,
          body: JSON.stringify({ cep: '13015-100', ids: ids.slice(0, 3).map((id) => ({ id, quantity: 2 })) }),
        },
      ],
    },
  ];
}

/** Loads every route of a running store, and the hello-world beside it. */
export async function loadStore(
  store: RunningServer,
  seconds: number,
  log: (line: string) => void,
): Promise<LoadResult[]> {
  const hello = await startProcess('tests/bench/hello-server.ts', {});
  try {
    const warmUp = Math.max(1, Math.round(seconds / 5));
    const results: LoadResult[] = [];
    await load(hello.url, [{ path: '/' }], warmUp);
    const baseline = {
      route: 'hello-world (bare Fastify)',
      ...(await load(hello.url, [{ path: '/' }], seconds)),
    };
    log(`    ${baseline.route}: ${Math.round(baseline.requestsPerSecond)} req/s`);
    for (const { route, requests, connections } of await routesOf(store.url)) {
      await load(store.url, requests, warmUp, connections);
      const measured = await load(store.url, requests, seconds, connections);
      const result = { route, ...measured, ratio: measured.requestsPerSecond / baseline.requestsPerSecond };
      log(
        `    ${route}: ${Math.round(result.requestsPerSecond)} req/s, p95 ${result.p95.toFixed(1)} ms${result.non2xx ? `, ${result.non2xx} non-2xx` : ''}`,
      );
      results.push(result);
    }
    return [baseline, ...results];
  } finally {
    await hello.stop();
  }
}
