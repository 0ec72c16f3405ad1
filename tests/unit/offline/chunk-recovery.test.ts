import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMissingChunkError, reloadForMissingChunk } from '../../../src/features/offline/chunk-recovery';

describe('a screen whose chunk a deploy took away', () => {
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.useRealTimers();
  });

  it("recognises the browser's and Vite's failed module loads, and nothing else", () => {
    expect(
      isMissingChunkError(
        new TypeError('Failed to fetch dynamically imported module: /assets/faq-AbC12345.js'),
      ),
    ).toBe(true);
    expect(isMissingChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isMissingChunkError(new Error('Unable to preload CSS for /assets/cart-x.css'))).toBe(true);
    expect(isMissingChunkError(new Error('Produto não encontrado.'))).toBe(false);
  });

  it('reloads an address once, not again within a minute, and again after it', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), toFake: ['Date'] });
    const reload = vi.fn();
    window.history.replaceState(null, '', '/faq');
    expect(reloadForMissingChunk(reload)).toBe(true);
    expect(reloadForMissingChunk(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    window.history.replaceState(null, '', '/sobre');
    expect(reloadForMissingChunk(reload)).toBe(true);
    window.history.replaceState(null, '', '/faq');
    vi.setSystemTime(new Date('2026-11-24T12:01:01Z'));
    expect(reloadForMissingChunk(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
