import { describe, expect, it } from 'vitest';
import { stockAlertCancelOperation, stockAlertOperation } from '../../../src/api/stock-alerts';
import {
  WORKER_CATALOGUE_CACHE,
  IMAGE_CACHE,
  NAVIGATION_DENYLIST,
  forbidsStorage,
  isSharedPage,
  isCatalogueRequest,
  isOutdatedRuntimeCache,
  isProductImageRequest,
  operationOf,
} from '../../../sw/routes';

const origin = 'https://loja.example.com.br';
const datasnap = (operation: string, query = '') =>
  new URL(`${origin}/datasnap/rest/TFireFlay/${operation}${query}`);
const get = (url: URL, headers?: Record<string, string>) => ({
  url,
  method: 'GET',
  headers: new Headers(headers),
});
const post = (url: URL) => ({ url, method: 'POST', headers: new Headers() });

// Every customer, order and payment operation of the contract, plus freight and stock (live answers).
const neverCached = [
  'APP_0030',
  'APP_0031',
  'APP_0034',
  'APP_0035',
  'APP_0036',
  'APP_0040',
  'APP_0045',
  'APP_0047',
  'APP_0048',
  'APP_0049',
  'APP_0050',
  'APP_0051',
  'APP_0053',
  'APP_0055',
  'APP_0063',
  'APP_0070',
  'APP_0079',
  'APP_0080',
  'APP_0088',
  // Ours: 'Avise-me quando chegar' (an e-mail, a session's customer) and its cancel link.
  stockAlertOperation.name,
  stockAlertCancelOperation.name,
];

const denied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));

describe('service worker runtime routes', () => {
  it('caches the catalogue reads: best sellers, listing and detail, suggestions', () => {
    expect(isCatalogueRequest(get(datasnap('APP_0041')))).toBe(true);
    expect(isCatalogueRequest(get(datasnap('APP_0027', '?codigo=10')))).toBe(true);
    expect(isCatalogueRequest(get(datasnap('APP_0027', '?ultimas=12')))).toBe(true);
    expect(isCatalogueRequest(get(datasnap('APP_0028', '?produto=tinta')))).toBe(true);
  });

  it('passes a catalogue read asking for no stored answer (the back-online cart check) to the network', () => {
    expect(isCatalogueRequest({ ...get(datasnap('APP_0027', '?codigo=10')), cache: 'no-store' })).toBe(false);
    expect(isCatalogueRequest({ ...get(datasnap('APP_0027', '?codigo=10')), cache: 'default' })).toBe(true);
  });

  it.each(neverCached)('never caches %s, whatever the method', (operation) => {
    const url = datasnap(operation, '?id=7');
    expect(isCatalogueRequest(get(url))).toBe(false);
    expect(isCatalogueRequest(post(url))).toBe(false);
    expect(isProductImageRequest(get(url))).toBe(false);
  });

  it('never caches a POST nor a request carrying an Authorization header', () => {
    expect(isCatalogueRequest(post(datasnap('APP_0041')))).toBe(false);
    expect(isCatalogueRequest(get(datasnap('APP_0041'), { authorization: 'Bearer x' }))).toBe(false);
    expect(isProductImageRequest(get(new URL(`${origin}/imagens/1/1.png`), { authorization: 'x' }))).toBe(
      false,
    );
  });

  it('does not mistake look-alike paths for catalogue operations', () => {
    expect(operationOf(datasnap('APP_00411'))).toBeUndefined();
    expect(operationOf(datasnap('APP_0041/extra'))).toBeUndefined();
    expect(isCatalogueRequest(get(new URL(`${origin}/APP_0041`)))).toBe(false);
    expect(operationOf(datasnap('APP_0053'))).toBe('APP_0053');
  });

  it('caches product images, and only those, cache-first', () => {
    expect(isProductImageRequest(get(new URL(`${origin}/imagens/123/1.png`)))).toBe(true);
    expect(isProductImageRequest(get(new URL(`${origin}/banners/pisos.svg`)))).toBe(false);
    expect(isProductImageRequest(post(new URL(`${origin}/imagens/123/1.png`)))).toBe(false);
  });

  it('keeps the API and images out of the navigation fallback', () => {
    expect(denied('/datasnap/rest/TFireFlay/APP_0053')).toBe(true);
    expect(denied('/imagens/1/1.png')).toBe(true);
    expect(denied('/produto/10')).toBe(false);
    expect(denied('/checkout')).toBe(false);
  });

  it('keeps only pages the server marks as the same for everyone', () => {
    expect(isSharedPage('public, max-age=60, stale-while-revalidate=300')).toBe(true);
    expect(isSharedPage('no-cache')).toBe(false);
    expect(isSharedPage('public, no-store')).toBe(false);
    expect(isSharedPage('private, max-age=60')).toBe(false);
    expect(isSharedPage(null)).toBe(false);
    expect(denied('/sitemap.xml')).toBe(true);
  });

  it('respects Cache-Control: no-store', () => {
    expect(forbidsStorage('no-store')).toBe(true);
    expect(forbidsStorage('private, No-Store, max-age=0')).toBe(true);
    expect(forbidsStorage('public, max-age=60')).toBe(false);
    expect(forbidsStorage(null)).toBe(false);
  });

  it('deletes only our runtime caches of older versions on activation', () => {
    expect(isOutdatedRuntimeCache('casa-obra-catalogo-v0')).toBe(true);
    expect(isOutdatedRuntimeCache(WORKER_CATALOGUE_CACHE)).toBe(false);
    expect(isOutdatedRuntimeCache(IMAGE_CACHE)).toBe(false);
    expect(isOutdatedRuntimeCache('workbox-precache-v2-https://loja/')).toBe(false);
  });
});
