/**
 * The first screen's code, catalogue answer and largest image, asked for by an inline script in
 * index.html while the app's JavaScript is still downloading. On a phone the app needs ~200 KiB of
 * script before it can even load the screen's own code and then ask for the best sellers or the
 * product; started here, the screen's chunks, the answer and the image (the page's LCP element)
 * arrive in parallel with the entry script. `callOperation` takes the answer over
 * (`takeEarlyResponse` in src/api/early.ts), so nothing is asked for twice.
 *
 * vite.config.ts inlines this function as text: it must use nothing from outside its own body.
 * The URLs it builds must be exactly those of `operationUrl` and `productImageUrl` (checked by the
 * browser test that counts the requests of a first visit).
 */
export interface EarlyRequestsConfig {
  /** The DataSnap base the app calls (VITE_DATASNAP_URL or its default). */
  datasnap: string;
  /** The product image base (VITE_IMAGE_BASE or its default). */
  images: string;
  /** The built files (scripts and stylesheets) of the catalogue screens, beyond the entry's. */
  screens: { home: string[]; product: string[]; listing: string[] };
}

export function startEarlyRequests(config: EarlyRequestsConfig, win: Window): void {
  const datasnap = config.datasnap.replace(/\/$/, '');
  const images = config.images.replace(/\/$/, '');
  const early: Record<string, Promise<Response>> = {};
  (win as Window & { __earlyRequests?: typeof early }).__earlyRequests = early;

  const preloadImage = (idprd: string | number) => {
    const link = win.document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = `${images}/${encodeURIComponent(String(idprd))}/1.png`;
    link.setAttribute('fetchpriority', 'high');
    win.document.head.appendChild(link);
  };
  const ask = (url: string) => {
    const response = win.fetch(url, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    early[url] = response;
    return response;
  };

  const preloadFiles = (files: string[]) => {
    for (const file of files) {
      const link = win.document.createElement('link');
      if (file.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else link.rel = 'modulepreload';
      link.href = file;
      win.document.head.appendChild(link);
    }
  };

  const path = win.location.pathname;
  const product = /^\/produto\/([^/]+)\/?$/.exec(path);
  if (/^\/(produtos|pesquisar)(\/|$)/.test(path)) preloadFiles(config.screens.listing);
  if (path === '/' || path === '/home') {
    preloadFiles(config.screens.home);
    // The first best seller's card is the home page's largest image on a phone.
    ask(`${datasnap}/APP_0041`)
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((answer: { produtos?: { idprd?: number | string }[] } | null) => {
        const first = answer?.produtos?.[0]?.idprd;
        if (first !== undefined) preloadImage(first);
      })
      .catch(() => {
        // Offline or refused: the app asks again itself and shows its own state.
      });
  } else if (product) {
    const code = Number(decodeURIComponent(product[1]));
    preloadFiles(config.screens.product);
    if (!Number.isInteger(code) || code <= 0) return;
    preloadImage(code);
    ask(`${datasnap}/APP_0027?${new URLSearchParams({ codigo: String(code) }).toString()}`).catch(() => {});
  }
}
