// A page missing from the cache costs a render (data, React, HTML); the cache key holds only the
// parameters a screen reads, but their values (?pagina=1..n, any path under /produto/) are still
// the client's to choose. Each address gets a number of renders per minute; past it the shell,
// which the browser renders itself, so a shopper still sees the page. In memory: each instance
// protects its own CPU, and the map is emptied every window, so it holds one minute's addresses.

const WINDOW_MS = 60_000;

export class RenderLimit {
  private readonly counts = new Map<string, number>();
  private windowStart: number;

  constructor(
    private readonly perWindow: number,
    private readonly now: () => number = Date.now,
  ) {
    this.windowStart = now();
  }

  /** Takes one render for `address`; false when its renders this minute are spent. */
  take(address: string): boolean {
    const now = this.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.counts.clear();
      this.windowStart = now;
    }
    const used = this.counts.get(address) ?? 0;
    if (used >= this.perWindow) return false;
    this.counts.set(address, used + 1);
    return true;
  }
}
