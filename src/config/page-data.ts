import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';

// What a server-rendered page carries for the scripts that take it over: the app (src/main.tsx)
// and, before it arrives, the page's own script (src/early).

/** Id of the `<script type="application/json">` that carries a server-rendered page's data. */
export const SERVER_STATE_ID = 'dados-da-pagina';

/** What the server render hands the browser: the router's loader data and the query cache. */
export interface ServerState {
  router: HydrationState;
  queries: DehydratedState;
  /**
   * The operation addresses (GET) the render read, as the browser would call them. Their answers
   * are in `queries`, never in the worker's cache: the app hands the list to the worker, which
   * keeps the catalogue's (sw/routes.ts decides which) for offline reads.
   */
  reads?: string[];
}

/** The message that hands the worker a server-rendered page's `reads`. */
export const KEEP_READS_MESSAGE = 'KEEP_READS';

/** The state of a server-rendered page; null on the plain shell (offline, or the server could not render). */
export function readServerState(doc: Document): ServerState | null {
  const element = doc.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}
