import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { setTransport as setClientTransport } from './api/client';
import { AppProviders } from './app/app';
import { headHtml, scriptJson } from './app/page-meta';
import { pageCacheUrl, pagePolicy, type PagePolicy } from './app/page-policy';
import { createQueryClient } from './app/query-client';
import { createRoutes, type ScreenHandle } from './app/router';
import { SERVER_STATE_ID, type ServerState } from './config/page-data';
import { structuredDataFor } from './app/structured-data';

// The server render (built by `vite build --ssr` into dist-ssr/, loaded by src/server/render/):
// the same routes, loaders and screens as the browser, rendered to HTML once all data is in.

export type RenderResult =
  | {
      kind: 'page';
      status: number;
      /** Title, description, canonical link, Open Graph and JSON-LD of the page. */
      head: string;
      /** The rendered app, for inside `#root`. */
      body: string;
      /** The data element the browser hydrates from, for after `#root`. */
      data: string;
      /** The screen modules in use (`src/app/routes/{screen}.tsx`), for preloads. */
      screens: string[];
      /** The modules of the parts of those screens this page shows (ScreenPart.source), likewise. */
      parts: string[];
    }
  | { kind: 'shell'; screens: string[] }
  | { kind: 'redirect'; status: number; location: string };

// Routes only for reading their declarations: no query client is used.
const declaredRoutes = createRoutes({ queryClient: createQueryClient({ retry: false }), server: true });

/**
 * Whether `url` is a public page, and the address it is rendered and cached under (its path and
 * the search parameters its screen reads); null for a personal page (the server sends the shell).
 */
export function publicPageUrl(url: URL): URL | null {
  const policy: PagePolicy = pagePolicy(declaredRoutes, url.pathname);
  return policy.publicPage ? pageCacheUrl(url, policy) : null;
}

/** The addresses each render read (GET), kept per render even when several run at once. */
const readsOfRender = new AsyncLocalStorage<Set<string>>();

/** How the render reaches DataSnap: in process when it is this server, over HTTP otherwise. */
export function setTransport(next: typeof fetch): void {
  setClientTransport((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET').toUpperCase() === 'GET') readsOfRender.getStore()?.add(url);
    return next(input, init);
  });
}

const screensOf = (handles: unknown[]) =>
  handles.map((handle) => (handle as ScreenHandle | undefined)?.screen).filter((s): s is string => !!s);

async function toText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  stream.pipe(sink);
  for await (const chunk of sink) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders one address. A load that fails (DataSnap down) or a render error throws: the caller then
 * sends the shell, and the browser shows the screen as it would without the server render.
 */
export function render(url: URL): Promise<RenderResult> {
  return readsOfRender.run(new Set(), () => renderPage(url));
}

async function renderPage(url: URL): Promise<RenderResult> {
  const queryClient = createQueryClient({ retry: false });
  const context = { queryClient, server: true };
  const routes = createRoutes(context);
  const matched = matchRoutes(routes, url.pathname) ?? [];
  const matchedScreens = screensOf(matched.map((match) => match.route.handle));
  if (!pagePolicy(routes, url.pathname).publicPage) return { kind: 'shell', screens: matchedScreens };

  const handler = createStaticHandler(routes);
  const routerContext = await handler.query(new Request(url));
  if (routerContext instanceof Response) {
    return {
      kind: 'redirect',
      status: routerContext.status,
      location: routerContext.headers.get('location') ?? '/',
    };
  }
  if (routerContext.errors) {
    throw Object.values(routerContext.errors)[0] ?? new Error('route error');
  }
  const loaderData = Object.values(routerContext.loaderData) as Array<{ status?: number } | null>;
  const status = loaderData.reduce((worst, data) => Math.max(worst, data?.status ?? 200), 200);

  const router = createStaticRouter(handler.dataRoutes, routerContext);
  let renderError: unknown;
  const { prelude } = await prerenderToNodeStream(
    <AppProviders queryClient={queryClient}>
      {/* hydrate={false}: the data goes in our own JSON element, not an inline script (CSP). */}
      <StaticRouterProvider router={router} context={routerContext} hydrate={false} />
    </AppProviders>,
    {
      onError(error) {
        renderError ??= error;
      },
    },
  );
  const html = await toText(prelude);
  if (renderError) throw renderError;

  const leaf = routerContext.matches.at(-1);
  const leafHandle = leaf?.route.handle as ScreenHandle | undefined;
  const place = { params: leaf?.params ?? {}, url };
  const screenMeta = leafHandle?.module?.meta?.(place, context);
  const meta = screenMeta && {
    ...screenMeta,
    structuredData: structuredDataFor(leafHandle?.screen, place, context),
  };
  const parts = routerContext.matches.flatMap(({ route, params }) =>
    ((route.handle as ScreenHandle | undefined)?.module?.parts?.(params, context) ?? []).map(
      (part) => part.source,
    ),
  );
  const state: ServerState = {
    router: { loaderData: routerContext.loaderData, actionData: null, errors: null },
    queries: dehydrate(queryClient),
    // The worker keeps the catalogue's among them for offline reads, as if the app had asked.
    reads: [...(readsOfRender.getStore() ?? [])],
  };
  queryClient.clear();
  return {
    kind: 'page',
    status,
    head: meta ? headHtml(meta, url.origin) : '',
    body: html,
    data: `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(state)}</script>`,
    screens: screensOf(routerContext.matches.map((match) => match.route.handle)),
    parts,
  };
}
