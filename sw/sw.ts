/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core';
import {
  WORKER_CATALOGUE_CACHE,
  CATALOGUE_LIMITS,
  IMAGE_CACHE,
  IMAGE_LIMITS,
  NAVIGATION_DENYLIST,
  NAVIGATION_TIMEOUT_SECONDS,
  PAGE_CACHE,
  PAGE_LIMITS,
  isSharedPage,
  forbidsStorage,
  isCatalogueRequest,
  isOutdatedRuntimeCache,
  isProductImageRequest,
} from './routes';
import { KEEP_READS_MESSAGE } from '../src/config/page-data';
import { offlineCatalogueAnswer } from './offline-catalogue';
import { SharedImageDownload } from './image-download';
import './push';

declare const self: ServiceWorkerGlobalScope;

// App shell: every built chunk is precached. `/` is not the precached index.html (Workbox's
// default `directoryIndex`): it is a navigation like the others, the server's fresh page while online.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

// Navigations take the server's rendered page (its HTML holds the screen and its data). Catalogue
// pages, the same for everyone (`Cache-Control: public`), are kept for offline visits; offline, on an
// error, or when the network has not answered in time on a slow link, the kept page answers, or the
// precached shell, from which the app renders the screen with the cached catalogue answers.
const onlySharedPages: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && isSharedPage(response.headers.get('cache-control')) ? response : null,
};
const shellWhenNetworkFails: WorkboxPlugin = {
  handlerDidError: async () => (await matchPrecache('index.html')) ?? Response.error(),
};
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGE_CACHE,
      networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
      plugins: [
        onlySharedPages,
        new ExpirationPlugin({ ...PAGE_LIMITS, purgeOnQuotaError: true }),
        shellWhenNetworkFails,
      ],
    }),
    { denylist: NAVIGATION_DENYLIST },
  ),
);

/** An answer that says `Cache-Control: no-store` is passed through but never written to a cache. */
const respectNoStore: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    forbidsStorage(response.headers.get('cache-control')) ? null : response,
};
const onlyOk = new CacheableResponsePlugin({ statuses: [200] });
/** Neither network nor cache: answer from the downloaded catalogue, if the person downloaded it. */
const fromDownloadedCatalogue: WorkboxPlugin = {
  handlerDidError: async ({ request }) => offlineCatalogueAnswer(new URL(request.url)),
};

const catalogueReads = new StaleWhileRevalidate({
  cacheName: WORKER_CATALOGUE_CACHE,
  plugins: [
    onlyOk,
    respectNoStore,
    new ExpirationPlugin({ ...CATALOGUE_LIMITS, purgeOnQuotaError: true }),
    fromDownloadedCatalogue,
  ],
});
registerRoute(
  ({ url, request }) =>
    isCatalogueRequest({ url, method: request.method, headers: request.headers, cache: request.cache }),
  catalogueReads,
);

/**
 * A page the server rendered read its catalogue answers before the worker could see them (they are
 * in its HTML): the page hands over their addresses, and those not kept yet are read through the
 * catalogue's own route, so a tap offline finds them. Anything but a catalogue read is ignored.
 */
async function keepReads(urls: unknown[], event: ExtendableEvent): Promise<void> {
  const cache = await caches.open(WORKER_CATALOGUE_CACHE);
  for (const address of urls.slice(0, 20)) {
    if (typeof address !== 'string') continue;
    const url = new URL(address, self.location.origin);
    if (!isCatalogueRequest({ url, method: 'GET' }) || (await cache.match(url.href))) continue;
    const request = new Request(url.href, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    await catalogueReads.handle({ event, request }).catch(() => undefined);
  }
}

registerRoute(
  ({ url, request }) => isProductImageRequest({ url, method: request.method, headers: request.headers }),
  new SharedImageDownload({
    cacheName: IMAGE_CACHE,
    plugins: [onlyOk, respectNoStore, new ExpirationPlugin({ ...IMAGE_LIMITS, purgeOnQuotaError: true })],
  }),
);

// Runtime caches of older worker versions are dropped once this version takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter(isOutdatedRuntimeCache).map((name) => caches.delete(name)))),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data?.type === KEEP_READS_MESSAGE && Array.isArray(event.data.urls))
    event.waitUntil(keepReads(event.data.urls as unknown[], event));
});
