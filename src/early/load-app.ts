import { ENTRY_META, MODULES_META, STACK_META } from '../domain/takeover';

const LARGEST_PAINT = 'largest-contentful-paint';
/** Where the browser does not report the image's paint (or reports a larger element instead). */
const IMAGE_PAINT_WAIT_MS = 300;
type PaintedElement = PerformanceEntry & { element: Element | null };

/**
 * Starts the app's code (named by <meta name="entrada"> and "modulos", scripts/deferred-entry.ts).
 * It is asked for once the page has painted its main image, so on a slow phone the image does not
 * share the line with the JavaScript, and runs (takes the page over) as it arrives. Until then links
 * and the search form work, and the taps on buttons are answered or kept (answers.ts, keep-taps.ts).
 */
export function loadApp(w: Window): void {
  const doc = w.document;
  const entry = doc.getElementsByName(ENTRY_META)[0] as HTMLMetaElement | undefined;
  if (!entry) return;
  const list = (name: string) =>
    [...(doc.getElementsByName(name) as NodeListOf<HTMLMetaElement>)].flatMap((meta) =>
      meta.content.split(' '),
    );
  // The stack's files are named from the entry's folder.
  const folder = entry.content.slice(0, entry.content.lastIndexOf('/') + 1);
  const stack = list(STACK_META).map((file) => folder + file);
  const modules = [entry.content, ...stack, ...list(MODULES_META)];
  // The entry's libraries are evaluated first, each in a task of its own with the browser free
  // between them (for a tap, a frame), then the app's own code: one module graph evaluated at once
  // was a task of 150-350 ms on a slow phone (docs/decisions/047). A library that fails to arrive
  // fails the entry too, whose error is handled below.
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const tags = doc.createDocumentFragment();
    for (const href of modules) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.fetchPriority = 'low';
      link.href = href;
      tags.appendChild(link);
    }
    // One insertion for all the tags: the document's styles are checked once, not per tag.
    doc.head.appendChild(tags);
    stack
      .reduce<Promise<unknown>>(
        (before, file) =>
          before
            .then(() => import(/* @vite-ignore */ file))
            .then(() => new Promise((go) => w.setTimeout(go))),
        Promise.resolve(),
      )
      .catch(() => {})
      .then(runEntry);
  };
  const runEntry = () => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.content;
    // The app registers the service worker once it has taken over the page (sooner, its install
    // lengthened hydration's blocking time: docs/decisions/028). If the app's code does not
    // arrive, the worker still installs, so the next visit works with no signal.
    script.onerror = () => {
      if ('serviceWorker' in navigator)
        navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
    };
    doc.head.appendChild(script);
  };
  // Lighthouse counts in the paint's path every request that ended before the page's largest
  // paint, so the code starts once the main image is on screen: its paint entry where the browser
  // reports one, a frame and a moment after its load otherwise (docs/decisions/025).
  const afterPaint = (image?: HTMLImageElement) => {
    if (
      image &&
      typeof PerformanceObserver === 'function' &&
      PerformanceObserver.supportedEntryTypes?.includes(LARGEST_PAINT)
    ) {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some((entry) => (entry as PaintedElement).element === image)) return;
        observer.disconnect();
        w.requestAnimationFrame(() => w.setTimeout(start, 0));
      });
      observer.observe({ type: LARGEST_PAINT, buffered: true });
    }
    w.requestAnimationFrame(() => w.setTimeout(start, image ? IMAGE_PAINT_WAIT_MS : 0));
    // A background tab paints nothing: start anyway.
    w.setTimeout(start, 1000);
  };
  const image = doc.querySelector<HTMLImageElement>('img[fetchpriority=high]');
  if (image && !image.complete) {
    image.addEventListener('load', () => afterPaint(image));
    image.addEventListener('error', () => afterPaint());
    w.setTimeout(start, 3000);
    return;
  }
  // On a fast line the image can be in before this script runs (it waits for the stylesheets), and
  // still not painted: it is waited for all the same, unless it failed.
  afterPaint(image?.naturalWidth ? image : undefined);
}
