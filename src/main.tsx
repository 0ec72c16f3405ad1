import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createRoutes, type ScreenHandle } from './app/router';
import { loadParts } from './components/screen-part';
import { FIELD_MEASUREMENT } from './config/env';
import { KEEP_READS_MESSAGE, readServerState, type ServerState } from './config/page-data';
import { startFieldMeasurement } from './features/field-measurement/start-measurement';
import { forgetPersonalAnswers } from './queries/personal-answers';
import { followSignOutInOtherTabs } from './storage/customer-session';
import { startStorageMirror } from './storage/start-mirror';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const context = { queryClient, server: false };
const routes = createRoutes(context);
const state = readServerState(document);

// 'Sair da Conta' in another tab: this one forgets the customer too, and the answers it holds in
// memory that are theirs, as useSignOut drops them.
followSignOutInOtherTabs(() => forgetPersonalAnswers(queryClient));

/**
 * The screens of this address and the parts of them this page shows (its data is in the query
 * cache), loaded before hydrating so the first render matches the server's. A part that fails to
 * arrive is rendered when it does.
 */
async function loadMatchedScreens(list: RouteObject[]) {
  const lazyMatches = (matchRoutes(list, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route, params }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
      const screen = (route.handle as ScreenHandle | undefined)?.module;
      await loadParts(screen?.parts?.(params, context) ?? []).catch(() => undefined);
    }),
  );
}

/**
 * A page the server rendered carries its catalogue answers in the HTML, which the worker never
 * sees: it is handed their addresses to keep, so the page opens offline by a tap as well as by a
 * reload. Only once the hydration is under way and the browser idle: the worker's reads must not
 * compete with the screen's code it is serving for the hydration.
 */
function keepReadsForOffline({ reads }: ServerState): void {
  if (!reads?.length || !('serviceWorker' in navigator)) return;
  const hand = () =>
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: KEEP_READS_MESSAGE, urls: reads }),
    );
  if ('requestIdleCallback' in window) window.requestIdleCallback(hand, { timeout: 3000 });
  else setTimeout(hand, 1000);
}

/**
 * Field measurement of this page view, under the pattern of the route it opened on ('/produto/:id',
 * never the address itself). Once the app has started, so the library never delays it.
 */
function measureThisPageView(): void {
  if (!FIELD_MEASUREMENT) return;
  const path = matchRoutes(routes, window.location)?.at(-1)?.route.path ?? '*';
  startFieldMeasurement(path.startsWith('/') ? path : `/${path}`);
}

if (state) {
  // A server-rendered page: its data is in the HTML, so nothing is asked for again. Hydrating in a
  // transition lets the browser answer input between pieces of the work (no long task).
  hydrate(queryClient, state.queries);
  void loadMatchedScreens(routes)
    // A task of its own: the screen's code has just been evaluated, in this same task.
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => {
      const router = createBrowserRouter(routes, { hydrationData: state.router });
      startTransition(() => {
        hydrateRoot(
          container,
          <StrictMode>
            <App router={router} queryClient={queryClient} />
          </StrictMode>,
        );
      });
      keepReadsForOffline(state);
      measureThisPageView();
    });
} else {
  // The plain shell (offline from the service worker, or a page the server does not render).
  const router = createBrowserRouter(routes);
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  measureThisPageView();
}

startStorageMirror();
