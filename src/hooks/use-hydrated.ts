import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * false while the server renders and while the browser hydrates that HTML, true from the render
 * after: what depends on the browser (a value typed before the app took over) shows only then, so
 * hydration finds the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
