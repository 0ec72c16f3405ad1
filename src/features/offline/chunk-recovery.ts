// A page of the previous build asks for a chunk a deploy took away (the server keeps old chunks
// for a while, src/server/http/kept-assets.ts, but a fresh instance or an old tab may miss them).
// The way forward is the same address loaded again, now from the new build. Once per address per
// minute: a chunk missing from the new build too shows the error screen instead of a reload loop.

const RELOAD_KEY = 'recarga-por-versao';
const LOOP_GUARD_MS = 60_000;

/** True for the browser's and Vite's errors when a module or its stylesheet cannot be loaded. */
export function isMissingChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** Reloads this address, unless it was already reloaded for this within the last minute. */
export function reloadForMissingChunk(reload: () => void = () => window.location.reload()): boolean {
  if (!navigator.onLine) return false;
  const address = window.location.pathname + window.location.search;
  try {
    const last = JSON.parse(sessionStorage.getItem(RELOAD_KEY) ?? 'null') as {
      address: string;
      at: number;
    } | null;
    if (last?.address === address && Date.now() - last.at < LOOP_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ address, at: Date.now() }));
  } catch {
    // No sessionStorage: no guard against a loop, so no reload.
    return false;
  }
  reload();
  return true;
}
