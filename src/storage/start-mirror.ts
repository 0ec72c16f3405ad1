import { openDb } from './stored-rows';

// Called once by the app shell. Dexie and the mirror load when the browser is idle, so the first
// screen never waits for IndexedDB; the session keys (header badge) are already there from the
// last visit in this tab, and a new tab gets them as soon as the mirror has run.

export function startStorageMirror(): void {
  if (typeof window === 'undefined') return;
  const run = () => {
    void Promise.all([import('./mirror'), openDb()])
      .then(([mirror, db]) => mirror.startMirror(db))
      .catch((error: unknown) => console.warn('Não foi possível abrir o armazenamento local', error));
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1000);
}
