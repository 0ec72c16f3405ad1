import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

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

let pageHydrated = false;

/**
 * Like useHydrated, for work that can wait: after hydration it turns true in a transition, so React
 * does that render in slices between the browser's other work instead of one long task (a
 * useSyncExternalStore change re-renders at once). On a screen the app renders itself (after the
 * first page was hydrated), true from the start.
 */
export function useAfterHydration(): boolean {
  const [after, setAfter] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!after) startTransition(() => setAfter(true));
  }, [after]);
  return after;
}
