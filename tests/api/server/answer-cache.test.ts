import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerCache, cacheKey, etagMatches, preferredEncoding } from '../../../src/server/http/answer-cache';

const options = { ttlMs: 60_000, maxEntries: 100, maxBytes: 1_000_000 };
const answer = (value: unknown) => async () => ({ answer: value, cacheControl: 'public, max-age=60' });

describe('AnswerCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends but does not keep an answer computed across an invalidation', async () => {
    const cache = new AnswerCache(options);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const flight = cache.fill('k', async () => {
      await gate; // the SQL ran before a write committed...
      return { answer: { preco: 10 }, cacheControl: undefined };
    });
    cache.invalidate(); // ...and the write's invalidation came before the answer was ready
    release();
    expect(JSON.parse((await flight).identity.toString())).toEqual({ preco: 10 });
    expect(cache.get('k')).toBeUndefined();
  });

  it('computes an answer once for concurrent misses, and again after an invalidation', async () => {
    const cache = new AnswerCache(options);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return { answer: { n: computed }, cacheControl: undefined };
    };
    const [a, b] = await Promise.all([cache.fill('k', compute), cache.fill('k', compute)]);
    expect(a).toBe(b);
    expect(cache.get('k')).toBe(a);
    expect(computed).toBe(1);
    cache.invalidate();
    expect(cache.get('k')).toBeUndefined();
    await cache.fill('k', compute);
    expect(computed).toBe(2);
  });

  it('keeps no failure', async () => {
    const cache = new AnswerCache(options);
    await expect(
      cache.fill('k', async () => {
        throw new Error('404');
      }),
    ).rejects.toThrow('404');
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry beyond its entry and byte bounds', async () => {
    const cache = new AnswerCache({ ...options, maxEntries: 2 });
    await cache.fill('a', answer(1));
    await cache.fill('b', answer(2));
    cache.get('a');
    await cache.fill('c', answer(3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();

    const small = new AnswerCache({ ...options, maxBytes: 8_000 });
    for (const key of ['x', 'y', 'z']) await small.fill(key, answer('a'.repeat(3_000)));
    expect(small.storedBytes).toBeLessThanOrEqual(8_000);
    expect(small.get('x')).toBeUndefined();
    expect(small.get('z')).toBeDefined();
    // Compressed forms count too.
    small.body(small.get('z')!, 'br');
    small.body(small.get('z')!, 'gzip');
    expect(small.storedBytes).toBeLessThanOrEqual(8_000);
  });

  it('serves an entry for its time to live only', async () => {
    vi.useFakeTimers();
    const cache = new AnswerCache({ ...options, ttlMs: 5_000 });
    await cache.fill('k', answer(1));
    vi.advanceTimersByTime(4_999);
    expect(cache.get('k')).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.storedBytes).toBe(0);

    const off = new AnswerCache({ ...options, ttlMs: 0 });
    await off.fill('k', answer(1));
    expect(off.get('k')).toBeUndefined();
  });
});

describe('cache keys, encodings and validators', () => {
  it('keys a query by its validated values whatever their order', () => {
    expect(cacheKey('APP_0027', { grupo: 'banheiro', marca: [3, 7], pagina: 1 })).toBe(
      cacheKey('APP_0027', { pagina: 1, marca: [3, 7], grupo: 'banheiro', produto: undefined }),
    );
    expect(cacheKey('APP_0027', { codigo: 1 })).not.toBe(cacheKey('APP_0027', { codigo: 10 }));
    expect(cacheKey('APP_0027', { codigo: 1 })).not.toBe(cacheKey('APP_0028', { codigo: 1 }));
  });

  it('picks br, then gzip, then identity, honouring q-values', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip;q=0.1')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });

  it('matches If-None-Match weakly, in lists and with *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});
