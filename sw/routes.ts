// Which requests the service worker may keep in Cache Storage. Pure (no worker globals) so the
// rules are unit-tested: only the catalogue, which is the same for every shopper, is cached; every
// customer, order and payment operation goes to the network untouched.

/** Runtime cache names carry a version: activation deletes ours that no longer match. */
export const RUNTIME_CACHE_PREFIX = 'casa-obra-';
export const RUNTIME_CACHE_VERSION = 'v1';
export const WORKER_CATALOGUE_CACHE = `${RUNTIME_CACHE_PREFIX}catalogo-${RUNTIME_CACHE_VERSION}`;
export const IMAGE_CACHE = `${RUNTIME_CACHE_PREFIX}imagens-${RUNTIME_CACHE_VERSION}`;
export const PAGE_CACHE = `${RUNTIME_CACHE_PREFIX}paginas-${RUNTIME_CACHE_VERSION}`;
export const RUNTIME_CACHES: readonly string[] = [WORKER_CATALOGUE_CACHE, IMAGE_CACHE, PAGE_CACHE];

/** Limits: enough for a day of browsing in a store, small enough for an entry-level phone. */
export const CATALOGUE_LIMITS = { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 } as const;
export const IMAGE_LIMITS = { maxEntries: 600, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;
export const PAGE_LIMITS = { maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 } as const;

const DATASNAP_SEGMENT = '/datasnap/rest/TFireFlay/';
const IMAGE_SEGMENT = '/imagens/';

/**
 * The catalogue reads of the contract: best sellers (APP_0041), listing/detail (APP_0027) and search
 * suggestions (APP_0028). Their answers are the same for everyone, so caching them leaks nothing.
 * Everything else under DataSnap (sign-in, profile, orders, freight, stock, payments) is personal
 * or must be live, so it is deliberately absent from this list.
 */
export const CACHEABLE_OPERATIONS: readonly string[] = ['APP_0041', 'APP_0027', 'APP_0028'];

export interface RequestFacts {
  url: URL;
  method: string;
  /** Request headers, to refuse anything carrying an explicit credential. */
  headers?: { has(name: string): boolean };
  /** The request's cache mode: 'no-store' asks for the server's answer, never a stored one. */
  cache?: string;
}

/** The DataSnap operation a URL calls (`APP_0041`), or undefined when it is not one. */
export function operationOf(url: URL): string | undefined {
  const at = url.pathname.indexOf(DATASNAP_SEGMENT);
  if (at < 0) return undefined;
  const name = url.pathname.slice(at + DATASNAP_SEGMENT.length);
  return /^APP_\d{4}$/.test(name) ? name : undefined;
}

const carriesAuthorization = (request: RequestFacts) => request.headers?.has('authorization') ?? false;

/** A catalogue GET whose answer may be served stale while it is revalidated. */
export function isCatalogueRequest(request: RequestFacts): boolean {
  if (request.method !== 'GET' || carriesAuthorization(request)) return false;
  // The back-online cart check must see today's price, not the one cached while offline.
  if (request.cache === 'no-store') return false;
  const operation = operationOf(request.url);
  return operation !== undefined && CACHEABLE_OPERATIONS.includes(operation);
}

/** A product image (`/imagens/{idprd}/{n}.png`), immutable per address, so cache-first. */
export function isProductImageRequest(request: RequestFacts): boolean {
  if (request.method !== 'GET' || carriesAuthorization(request)) return false;
  const { pathname } = request.url;
  return pathname.startsWith(IMAGE_SEGMENT) && pathname.length > IMAGE_SEGMENT.length;
}

/** Navigations handled by the worker: every route of the PWA, never the API, images or the sitemap. */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/datasnap\//,
  /^\/imagens\//,
  /^\/sitemap\.xml$/,
  /^\/robots\.txt$/,
];

/**
 * How long a navigation waits for the server's page before the precached shell answers: a rendered
 * page normally arrives in well under a second; past this the link is too slow to be worth waiting on.
 */
export const NAVIGATION_TIMEOUT_SECONDS = 3;

/**
 * A rendered page the server marks as the same for everyone (`Cache-Control: public`): a catalogue
 * page. Personal screens come as the shell with `no-cache` and are never kept.
 */
export function isSharedPage(cacheControl: string | null): boolean {
  const directives = (cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim());
  return directives.includes('public') && !directives.includes('no-store') && !directives.includes('private');
}

/** True when the answer forbids storing it (`Cache-Control: no-store`). */
export function forbidsStorage(cacheControl: string | null): boolean {
  if (!cacheControl) return false;
  return cacheControl
    .toLowerCase()
    .split(',')
    .some((directive) => directive.trim() === 'no-store');
}

/** Our runtime caches from older worker versions, which activation deletes. */
export function isOutdatedRuntimeCache(name: string): boolean {
  return name.startsWith(RUNTIME_CACHE_PREFIX) && !RUNTIME_CACHES.includes(name);
}
