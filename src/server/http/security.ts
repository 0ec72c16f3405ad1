import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

// Security headers for every answer, set in one place (an onRequest hook of @fastify/helmet and one
// onSend hook), so HTML from any source (the built index.html, server-rendered catalogue pages),
// assets, images and operations all carry them. The CSP needs no per-request nonce, because
// rendered pages are cached and shared: each inline script is allowed by its SHA-256 instead.

/** A `<script>` with no `src` whose type makes the browser run it (JSON data blocks are never run). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

/** The CSP source (`'sha256-…'`) of one inline script's text. */
export function scriptHashSource(scriptText: string): string {
  return `'sha256-${createHash('sha256').update(scriptText, 'utf8').digest('base64')}'`;
}

/** The hash sources of every inline executable script of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.push(scriptHashSource(text));
  }
  return [...new Set(hashes)];
}

/** The origin of an absolute http(s) URL; nothing for a path of this server or a bad value. */
function originOf(value: string | undefined): string[] {
  if (!value || !/^https?:\/\//i.test(value)) return [];
  try {
    return [new URL(value).origin];
  } catch {
    return [];
  }
}

/**
 * What the card provider's parts of the checkout need, by directive: origins, or the scheme
 * `https:` where no list can name the hosts (the issuers' own 3-D Secure pages).
 */
export interface CardProviderSources {
  frame: string[];
  script?: string[];
  style?: string[];
  connect?: string[];
  image?: string[];
  formAction?: string[];
}

/** An origin as a source (a URL's path dropped), or a scheme source (`https:`) as it is. */
const sourceOf = (value: string) => (/^[a-z]+:$/.test(value) ? value : new URL(value).origin);

export interface ContentSecurityPolicy {
  /** Allows one more inline script (by its text) on every page; call before the server listens. */
  allowInlineScript(scriptText: string): void;
  /** Allows the card provider's fields (frames), and its script, styles and calls when it has them. */
  allowCardProvider(sources: CardProviderSources): void;
  /** The header value as it is now. */
  header(): string;
}

/**
 * The policy: our own origin, plus the DataSnap, image and CEP hosts the client was built with
 * (absolute URLs only), the inline scripts of `html` by hash, and no framing.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'COOKIE_SECURE' | 'VITE_DATASNAP_URL' | 'VITE_IMAGE_BASE' | 'VITE_CEP_LOOKUP_URL'>,
  html: string | undefined,
): ContentSecurityPolicy {
  const scripts = new Set(html ? inlineScriptHashes(html) : []);
  const provider: Required<CardProviderSources> = {
    frame: [],
    script: [],
    style: [],
    connect: [],
    image: [],
    formAction: [],
  };
  const images = originOf(config.VITE_IMAGE_BASE);
  const remote = [...originOf(config.VITE_DATASNAP_URL), ...images, ...originOf(config.VITE_CEP_LOOKUP_URL)];
  let cached: string | undefined;
  const build = () => {
    const directives: Array<[string, string[]]> = [
      ['default-src', ["'self'"]],
      // 'wasm-unsafe-eval' compiles WebAssembly only (no eval): the barcode reader's ZXing on tablets
      // whose browser has no BarcodeDetector (store mode).
      ['script-src', ["'self'", "'wasm-unsafe-eval'", ...scripts, ...provider.script]],
      // Mantine writes style attributes and a <style> of CSS variables.
      ['style-src', ["'self'", "'unsafe-inline'", ...provider.style]],
      ['img-src', ["'self'", 'data:', 'blob:', ...images, ...provider.image]],
      ['font-src', ["'self'", 'data:']],
      // The service worker fetches images too (its own fetches follow /sw.js's header).
      ['connect-src', ["'self'", ...new Set(remote), ...provider.connect]],
      ['worker-src', ["'self'"]],
      ['manifest-src', ["'self'"]],
      ['object-src', ["'none'"]],
      ['base-uri', ["'self'"]],
      ['form-action', ["'self'", ...provider.formAction]],
      // The card provider's own fields and 3-D Secure page: the card number is typed there, never here.
      ['frame-src', provider.frame.length ? provider.frame : ["'none'"]],
      ['frame-ancestors', ["'none'"]],
      ...(config.COOKIE_SECURE ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
    ];
    return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ');
  };
  return {
    allowInlineScript(scriptText) {
      scripts.add(scriptHashSource(scriptText));
      cached = undefined;
    },
    allowCardProvider(sources) {
      for (const key of Object.keys(provider) as Array<keyof CardProviderSources>)
        provider[key] = [...new Set([...provider[key], ...(sources[key] ?? []).map(sourceOf)])];
      cached = undefined;
    },
    header: () => (cached ??= build()),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Content-Security-Policy every answer carries; server-rendered pages add inline scripts here. */
    csp: ContentSecurityPolicy;
  }
}

/**
 * Registers the headers on `app` itself (not in a child plugin), so they reach every route,
 * the not-found handler and the error handler. `indexHtml` is the built page whose inline scripts
 * the policy allows.
 */
export async function registerSecurityHeaders(app: FastifyInstance, indexHtml: string | undefined) {
  const config = app.config;
  const csp = contentSecurityPolicy(config, indexHtml);
  app.decorate('csp', csp);
  await app.register(fastifyHelmet, {
    global: true,
    // Set below from `csp`, so scripts added after start-up are allowed too.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Images may come through a CDN on a sibling host of the store.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.COOKIE_SECURE ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', csp.header());
  });
  // Personal, payment and error answers are never stored by a browser or a proxy: every answer that
  // did not choose its own caching (catalogue answers, assets, images and pages do) is no-store, and
  // so is every failure.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}
