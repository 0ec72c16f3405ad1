import { useSyncExternalStore } from 'react';

/**
 * The part of the app's router the app-status UI needs: where the person is, and when that
 * changes. It is mounted beside the router (src/app/app.tsx), not inside a route, so it is given this.
 */
export interface LocationSource {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

export function usePathname(source: LocationSource): string {
  return useSyncExternalStore(
    (onChange) => source.subscribe(onChange),
    () => source.state.location.pathname,
    () => source.state.location.pathname,
  );
}
