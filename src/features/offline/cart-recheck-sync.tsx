import { useEffect } from 'react';
import { showToast } from '../../browser/toast';

/** The first retry of a failed check comes after this long, each next one after twice as long... */
const RECHECK_FIRST_RETRY_MS = 2000;
/** ...up to this. */
const RECHECK_MAX_RETRY_MS = 60_000;
/** After this many failed tries in a row the shopper is told (once) that prices are not confirmed. */
const FAILURES_BEFORE_NOTICE = 3;

const RECHECK_FAILED_TEXT =
  'Não foi possível conferir preços e estoque do carrinho agora. Tentaremos novamente.';

/** How long to wait before the try after `failures` failed ones (2 s, 4 s, 8 s... at most 60 s). */
export function recheckRetryDelay(failures: number): number {
  return Math.min(RECHECK_FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), RECHECK_MAX_RETRY_MS);
}

/** One check; true when every line was checked (or there was nothing to check). */
async function recheckOnce(): Promise<boolean> {
  // An empty cart has nothing to check: its code and contracts are not even loaded.
  const { readCartLines } = await import('../../storage/stored-rows');
  if ((await readCartLines()).length === 0) return true;
  const { recheckCart } = await import('./cart-recheck');
  return (await recheckCart()).unchecked === 0;
}

/**
 * Re-checks the cart against the server when the app opens with a network and each time the
 * network returns, until the check succeeds: a failed one is tried again with a growing wait, and
 * at once when the page becomes visible. No Background Sync (Safari and Firefox lack it). The check
 * (and Dexie) is loaded on demand, so the first screen pays nothing, and only when the cart holds
 * something.
 */
export function CartRecheckSync() {
  useEffect(() => {
    let owed = true;
    let running = false;
    /** The network came back during a check: its result may predate the change, so check again. */
    let again = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const failed = () => {
      failures += 1;
      if (failures === FAILURES_BEFORE_NOTICE) showToast(RECHECK_FAILED_TEXT, { level: 2 });
      timer = setTimeout(run, recheckRetryDelay(failures));
    };
    async function run() {
      clearTimeout(timer);
      if (running) again = true;
      if (!owed || running || !navigator.onLine) return;
      running = true;
      again = false;
      try {
        if (await recheckOnce()) {
          owed = false;
          failures = 0;
        } else failed();
      } catch (error) {
        console.warn('Falha ao conferir o carrinho', error);
        failed();
      } finally {
        running = false;
      }
      if (again) void run();
    }
    const online = () => {
      owed = true;
      failures = 0;
      void run();
    };
    const visible = () => {
      if (document.visibilityState === 'visible') void run();
    };
    void run();
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
    };
  }, []);
  return null;
}
