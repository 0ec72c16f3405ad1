import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from './operation';

// A page on another site can make the shopper's browser send a POST with the session cookie
// (SameSite=Lax stops it only across sites, not from a sibling host, and not for a top-level form).
// Browsers say where such a request comes from (Origin, Sec-Fetch-Site), so every state-changing
// request that carries either must come from one of the store's own origins. A request that carries
// neither is not from a browser's page (curl, a server, the payment provider's signed webhook, the
// loopback staff CLI) and has no ambient cookie to abuse, so it goes on to its own checks.

export const CROSS_ORIGIN_MESSAGE =
  'Requisição recusada: ela não partiu da loja. Recarregue a página da loja e tente novamente.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The store's own origins: PUBLIC_URL's and the one the request itself was addressed to. */
export function ownOrigins(request: FastifyRequest, publicUrl: string): Set<string> {
  const origins = new Set<string>([new URL(publicUrl).origin]);
  const host = request.host;
  if (host) {
    try {
      origins.add(new URL(`${request.protocol}://${host}`).origin);
    } catch {
      // A Host header that is no host: only PUBLIC_URL counts.
    }
  }
  return origins;
}

/** Why a request may not change anything, or null when it may. */
export function crossOriginProblem(request: FastifyRequest, publicUrl: string): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = single(request.headers.origin);
  const site = single(request.headers['sec-fetch-site'])?.toLowerCase();
  if (origin !== undefined) {
    // 'null' is an opaque origin (a sandboxed frame, a file: page): never the store.
    if (!ownOrigins(request, publicUrl).has(origin)) return `origin ${origin}`;
    return null;
  }
  // Without Origin, a browser's Sec-Fetch-Site still tells; 'none' is the person's own action.
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `sec-fetch-site ${site}`;
  return null;
}

/** Refuses cross-origin writes with 403 and a pt-BR `resposta`, before the body is even read. */
export function registerOriginCheck(app: FastifyInstance): void {
  const publicUrl = app.config.PUBLIC_URL;
  app.addHook('onRequest', async (request) => {
    const problem = crossOriginProblem(request, publicUrl);
    if (problem) {
      request.log.warn({ problem, path: request.url.split('?')[0] }, 'cross-origin write refused');
      throw fail(403, CROSS_ORIGIN_MESSAGE);
    }
  });
}
