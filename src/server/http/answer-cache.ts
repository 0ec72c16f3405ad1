import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Catalogue answers are the same for every shopper, so each one is serialized and compressed once
// and its bytes are sent to everyone until the catalogue changes. Correctness rests on three rules:
// - every write that changes what an answer shows calls `invalidate()` after it commits (locally,
//   so the very next request sees it; other processes hear it through PostgreSQL NOTIFY);
// - an answer computed while an invalidation happened is sent but not kept (the generation check),
//   so a read that raced a write cannot outlive it;
// - entries expire after `ttlMs` whatever happens, the bound if a notification is ever lost.

export type Encoding = 'br' | 'gzip' | 'identity';

/** Below this size compression saves less than its headers cost (the compress plugin's default). */
export const COMPRESS_THRESHOLD = 1024;

const JSON_TYPE = 'application/json; charset=utf-8';
/** Map bookkeeping, key and headers: counted so that many tiny answers still respect `maxBytes`. */
const ENTRY_OVERHEAD = 256;

/** What `fill` computes: a JSON answer, or ready text (a rendered page) with its type and status. */
export interface ComputedAnswer {
  answer?: unknown;
  text?: string;
  contentType?: string;
  status?: number;
  cacheControl: string | undefined;
}

export interface CachedAnswer {
  readonly key: string;
  readonly status: number;
  readonly contentType: string;
  /** Weak: one validator for the answer whatever its Content-Encoding. */
  readonly etag: string;
  readonly cacheControl: string | undefined;
  readonly identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  bytes: number;
  readonly expiresAt: number;
}

export interface AnswerCacheOptions {
  /** How long an entry may be served; 0 keeps nothing (every request computes its answer). */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
  private readonly listeners: Array<() => void> = [];
  private generation = 0;
  private bytes = 0;

  constructor(private readonly options: AnswerCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  /** The catalogue changed: forget every answer (and tell the caches built on the same data). */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
    this.bytes = 0;
    for (const listener of this.listeners) listener();
  }

  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** A live entry, marked most recently used. */
  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (Date.now() >= entry.expiresAt) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The entry for `key`, computing the answer when there is none. Concurrent misses of one key
   * share one computation (and its failure: errors are never kept).
   */
  fill(key: string, compute: () => Promise<ComputedAnswer>) {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const flight = compute().then(({ answer, text, contentType, status, cacheControl }) => {
      const identity = Buffer.from(text ?? JSON.stringify(answer));
      const entry: CachedAnswer = {
        key,
        status: status ?? 200,
        contentType: contentType ?? JSON_TYPE,
        etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
        cacheControl,
        identity,
        bytes: identity.length + key.length * 2 + ENTRY_OVERHEAD,
        expiresAt: Date.now() + this.options.ttlMs,
      };
      if (generation === this.generation) this.store(entry);
      return entry;
    });
    this.inFlight.set(key, flight);
    const settle = () => {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    };
    flight.then(settle, settle);
    return flight;
  }

  /** The entry's bytes in `encoding`, compressed the first time that encoding is asked for. */
  body(entry: CachedAnswer, encoding: Exclude<Encoding, 'identity'>): Buffer {
    const known = entry[encoding];
    if (known) return known;
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(entry.identity, {
            params: {
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              // Compressed once, sent many times: a higher quality than per-request compression
              // (the plugin's 4) costs well under a millisecond on a catalogue page.
              [zlibConstants.BROTLI_PARAM_QUALITY]: 8,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.identity.length,
            },
          })
        : gzipSync(entry.identity, { level: 9 });
    entry[encoding] = compressed;
    entry.bytes += compressed.length;
    if (this.entries.get(entry.key) === entry) {
      this.bytes += compressed.length;
      this.evict();
    }
    return compressed;
  }

  private store(entry: CachedAnswer): void {
    if (this.options.ttlMs <= 0 || entry.bytes > this.options.maxBytes) return;
    const previous = this.entries.get(entry.key);
    if (previous) {
      this.entries.delete(entry.key);
      this.bytes -= previous.bytes;
    }
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  /** Least recently used first (a Map iterates in insertion order; `get` re-inserts). */
  private evict(): void {
    while (this.entries.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const [key, oldest] = this.entries.entries().next().value!;
      this.entries.delete(key);
      this.bytes -= oldest.bytes;
    }
  }
}

/** A query as a cache key: the validated values (defaults applied, unknown names dropped), sorted. */
export function cacheKey(route: string, query: unknown): string {
  if (query === undefined || query === null) return route;
  const values = query as Record<string, unknown>;
  const names = Object.keys(values)
    .filter((name) => values[name] !== undefined)
    .sort();
  return `${route}?${JSON.stringify(names.map((name) => [name, values[name]]))}`;
}

/** br, then gzip, by the client's q-values (a tie goes to br); identity when neither is accepted. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...parameters] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    let q = 1;
    for (const parameter of parameters) {
      const [field, value] = parameter.split('=');
      if (field?.trim().toLowerCase() === 'q') q = Number(value) || 0;
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzipQ = gzip ?? any ?? 0;
  if (brQ > 0 && brQ >= gzipQ) return 'br';
  if (gzipQ > 0) return 'gzip';
  return 'identity';
}

/** If-None-Match with the weak comparison RFC 9110 asks of it. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** Sends a stored answer: 304 when the client holds it, else its bytes in the best encoding. */
export function sendCached(
  cache: AnswerCache,
  entry: CachedAnswer,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.header('vary', 'Accept-Encoding').header('etag', entry.etag);
  if (entry.cacheControl) reply.header('cache-control', entry.cacheControl);
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.code(entry.status).header('content-type', entry.contentType);
  const encoding =
    entry.identity.length < COMPRESS_THRESHOLD
      ? 'identity'
      : preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(entry.identity);
  reply.header('content-encoding', encoding);
  return reply.send(cache.body(entry, encoding));
}
