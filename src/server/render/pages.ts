import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '../../config/paths';
import { sendCached } from '../http/answer-cache';
import { RenderLimit } from './render-limit';
import { PageTemplate, type PageParts } from './template';

// Pages of the PWA rendered by the server (docs/server-rendering.md). The render code is the
// app itself, built by `vite build --ssr` into dist-ssr/; this module only loads it, answers with
// its HTML, and keeps each rendered page in the catalogue's answer cache (same invalidation).

/** The same for everyone (nothing personal is rendered), so browsers and CDNs may keep it briefly. */
export const PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
const HTML_TYPE = 'text/html; charset=utf-8';

type RenderResult =
  | ({ kind: 'page'; status: number } & PageParts)
  | { kind: 'shell'; screens: string[] }
  | { kind: 'redirect'; status: number; location: string };

/** The shape of dist-ssr/entry-server.js (src/entry-server.tsx). */
interface Renderer {
  render(url: URL): Promise<RenderResult>;
  /** The address a public page is cached under; null for a personal one (src/app/page-policy.ts). */
  publicPageUrl(url: URL): URL | null;
  setTransport(fetch: typeof globalThis.fetch): void;
}

/** The render answers operations through this server's own routes, in process (no socket). */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // Another DataSnap (VITE_DATASNAP_URL is an absolute address): over HTTP as the browser would.
    if (/^https?:\/\//i.test(url)) return fetch(url, init);
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json', 'x-server-render': '1' },
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server render; null without both builds (the shell is sent). */
    pages: PageRendering | null;
  }
}

export interface PageRendering {
  /** Answers a GET for a route of the PWA: the rendered page, or the shell when it cannot render. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** Pages rendered since start (cache misses that were rendered). */
  readonly renders: number;
}

/** Loads the server render when both builds are there; null otherwise (the shell is sent). */
export async function pageRendering(app: FastifyInstance, staticDir: string): Promise<PageRendering | null> {
  const entry = resolve(app.config.SSR_DIR, 'entry-server.js');
  if (!existsSync(entry) || !existsSync(resolve(staticDir, '.vite', 'manifest.json'))) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as Renderer;
  renderer.setTransport(inProcessFetch(app));
  const template = PageTemplate.read(staticDir);
  const cache = app.catalogueCache;
  const origin = app.config.PUBLIC_URL;
  const limit = new RenderLimit(app.config.PAGE_RENDERS_PER_MINUTE);
  let renders = 0;

  const sendShell = (reply: FastifyReply) =>
    reply.code(200).header('cache-control', 'no-store').type(HTML_TYPE).send(template.shell);

  return {
    get renders() {
      return renders;
    },
    async send(request, reply) {
      const url = new URL(request.url, origin);
      // The search form works before the app has loaded: it submits ?produto= to /pesquisar.
      const term = url.searchParams.get('produto')?.trim();
      if (url.pathname === paths.searchForm && term) return reply.redirect(paths.search(term), 303);
      // Personal unless the route says otherwise; a public page is keyed (and rendered) on its path
      // and the parameters its screen reads: ?utm_source=, ?gclid= or made-up ones make no new render.
      const pageUrl = renderer.publicPageUrl(url);
      if (!pageUrl) return sendShell(reply);
      const key = `page:${pageUrl.pathname}${pageUrl.search}`;
      try {
        const cached = cache.get(key);
        if (!cached && !limit.take(request.ip)) return sendShell(reply);
        const entry =
          cached ??
          (await cache.fill(key, async () => {
            renders += 1;
            const result = await renderer.render(pageUrl);
            if (result.kind === 'shell') throw Object.assign(new Error('shell'), { shell: true });
            if (result.kind === 'redirect') throw Object.assign(new Error('redirect'), { redirect: result });
            return {
              text: template.page(result),
              contentType: HTML_TYPE,
              status: result.status,
              cacheControl: PAGE_CACHE_CONTROL,
            };
          }));
        return sendCached(cache, entry, request, reply);
      } catch (error) {
        const reason = error as { shell?: boolean; redirect?: { status: number; location: string } };
        if (reason.redirect) return reply.redirect(reason.redirect.location, reason.redirect.status);
        if (!reason.shell)
          request.log.error({ err: error, url: url.pathname }, 'server render failed; sending the shell');
        return sendShell(reply);
      }
    },
  };
}
