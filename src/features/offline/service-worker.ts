import { Workbox } from 'workbox-window';
import { readTabletMarker } from '../../storage/tablet-marker';

/** An open page looks for a new version every hour... */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** ...and a paired store tablet, left open all day, every 30 minutes (store mode). */
export const TABLET_UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

// One registration per page, kept outside React: the prompt mounts and unmounts with the layout.
let workbox: Workbox | undefined;
let updateWaiting = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Registers /sw.js once, in production builds only (the dev server has no built worker). */
export function startServiceWorker(): void {
  if (workbox || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  // A new version installed while this page runs (or found waiting at start): ask, never force.
  workbox.addEventListener('waiting', () => {
    updateWaiting = true;
    emit();
  });
  workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      };
      setInterval(check, readTabletMarker() ? TABLET_UPDATE_CHECK_INTERVAL_MS : UPDATE_CHECK_INTERVAL_MS);
      window.addEventListener('online', check);
    })
    .catch((error: unknown) => console.warn('Service worker não registrado', error));
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Lets the waiting version take over, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
