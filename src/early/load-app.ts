import { ENTRY_META, MODULES_META } from '../domain/takeover';

/**
 * Starts the app's code (named by <meta name="entrada"> and "modulos", scripts/deferred-entry.ts).
 * It downloads at once at low priority, beside the main image rather than after it, and runs (takes
 * the page over) once the page has painted and that image has arrived, so on a slow phone neither
 * waits behind the JavaScript. Until then links and the search form work, and taps on buttons are
 * answered or kept (keep-taps.ts).
 */
export function loadApp(w: Window): void {
  const doc = w.document;
  const entry = doc.getElementsByName(ENTRY_META)[0] as HTMLMetaElement | undefined;
  if (!entry) return;
  const modules = [entry.content];
  for (const meta of doc.getElementsByName(MODULES_META) as NodeListOf<HTMLMetaElement>)
    modules.push(...meta.content.split(' '));
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

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
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
  const afterPaint = () => {
    w.requestAnimationFrame(() => w.setTimeout(start, 0));
    // A background tab paints nothing: start anyway.
    w.setTimeout(start, 1000);
  };
  const image = doc.querySelector<HTMLImageElement>('img[fetchpriority=high]');
  if (image && !image.complete) {
    image.addEventListener('load', afterPaint);
    image.addEventListener('error', afterPaint);
    w.setTimeout(start, 3000);
  } else afterPaint();
}
