import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { createRoutes } from './app/router';
import { readServerState } from './config/page-data';
import { startStorageMirror } from './storage/start-mirror';

const container = document.getElementById('root')!;
const queryClient = createQueryClient();
const routes = createRoutes({ queryClient, server: false });
const state = readServerState(document);

/** The screens of this address, loaded before hydrating so the first render matches the server's. */
async function loadMatchedScreens(list: RouteObject[]) {
  const lazyMatches = (matchRoutes(list, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

if (state) {
  // A server-rendered page: its data is in the HTML, so nothing is asked for again. Hydrating in a
  // transition lets the browser answer input between pieces of the work (no long task).
  hydrate(queryClient, state.queries);
  void loadMatchedScreens(routes).then(() => {
    const router = createBrowserRouter(routes, { hydrationData: state.router });
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App router={router} queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
} else {
  // The plain shell (offline from the service worker, or a page the server does not render).
  const router = createBrowserRouter(routes);
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

startStorageMirror();
