import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { PageCaching } from './router';

// The one reading of the route table's caching declarations (router.tsx, PageCaching): the server
// renders and caches a page for everyone only when every matched route that names a screen says
// `publicPage`; anything else, a route that forgot to say, included, is personal.

export interface PagePolicy {
  publicPage: boolean;
  /** Search parameters the matched screens read, sorted; empty for a personal page. */
  cacheParams: string[];
}

export function pagePolicy(routes: RouteObject[], pathname: string): PagePolicy {
  const handles = (matchRoutes(routes, pathname) ?? [])
    .map((match) => match.route.handle as (PageCaching & { screen?: string }) | undefined)
    .filter((handle) => handle?.screen !== undefined) as PageCaching[];
  const publicPage = handles.length > 0 && handles.every((handle) => handle.publicPage === true);
  if (!publicPage) return { publicPage: false, cacheParams: [] };
  return {
    publicPage,
    cacheParams: [...new Set(handles.flatMap((handle) => handle.cacheParams ?? []))].sort(),
  };
}

/** The address a public page is rendered and cached under: its path and the parameters it reads, nothing else. */
export function pageCacheUrl(url: URL, policy: PagePolicy): URL {
  const kept = new URLSearchParams();
  for (const name of policy.cacheParams) {
    // Every value of a repeated parameter (the filter form's marca=3&marca=7).
    for (const value of url.searchParams.getAll(name)) if (value !== '') kept.append(name, value);
  }
  const clean = new URL(url.pathname, url.origin);
  clean.search = kept.toString();
  return clean;
}
