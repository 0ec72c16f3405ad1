import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';
import { SERVER_STATE_ID } from '../config/page-data';

/** What the server render hands the browser: the router's loader data and the query cache. */
export interface ServerState {
  router: HydrationState;
  queries: DehydratedState;
}

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
