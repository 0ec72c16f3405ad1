import { Strategy, type StrategyHandler } from 'workbox-strategies';

/** An image as downloaded once: its bytes and what a Response needs to carry them again. */
interface Download {
  body: ArrayBuffer;
  init: ResponseInit;
}

/**
 * Product images, cache-first, each downloaded once however many requests ask for it at a time
 * (issue 36, item 18). Firefox, on the first load after the worker takes over, asks twice for the
 * home's main image (the `<link rel=preload>` React renders and the `<img>`) and cancels one:
 * Workbox's CacheFirst fetched with the page's request, so the cancel aborted its download, its
 * answer rejected ("A ServiceWorker intercepted the request and encountered an unexpected error")
 * and the cache write of the clone failed half-way. Here the download is the worker's own (no page
 * signal), shared by the requests that arrive while it runs, read whole before it is answered or
 * stored, so a request the page gives up leaves the download, the cache and the others untouched.
 */
export class SharedImageDownload extends Strategy {
  private readonly running = new Map<string, Promise<Download>>();

  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const cached = await handler.cacheMatch(request);
    if (cached) return cached;
    let download = this.running.get(request.url);
    if (!download) {
      download = this.download(request, handler).finally(() => this.running.delete(request.url));
      this.running.set(request.url, download);
    }
    const { body, init } = await download;
    return new Response(body, init);
  }

  private async download(request: Request, handler: StrategyHandler): Promise<Download> {
    // The page's request carries its abort signal; the worker's own does not.
    const response = await handler.fetch(new Request(request.url, { credentials: request.credentials }));
    const init = { status: response.status, statusText: response.statusText, headers: response.headers };
    const body = await response.arrayBuffer();
    // Stored complete (the cache plugins decide whether at all) before the first answer goes out.
    await handler.cachePut(request, new Response(body.slice(0), init));
    return { body, init };
  }
}
