import { CART_LINES_TABLE, openStoreDatabase } from '../config/browser-storage';
import { EARLY_ADD_EVENT, EARLY_ADDS_KEY } from '../domain/takeover';
import type { CartProductInput } from './cart';

// Adds the page answered itself, before the app had taken it over (src/early): the page cannot
// open the cart's Dexie database, so it queues each add in localStorage and the app puts them in
// the cart once (useAppReady, and at once for an add that comes after). Nothing here loads Dexie:
// the page's early script bundles this file (apply-early-adds.ts is the app's side).

export interface EarlyAdd {
  product: CartProductInput;
  quantity: number;
  selectedLote?: unknown;
}

export function queuedEarlyAdds(): EarlyAdd[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(EARLY_ADDS_KEY) ?? '[]');
    return Array.isArray(list) ? (list as EarlyAdd[]) : [];
  } catch {
    return [];
  }
}

export function queueEarlyAdd(add: EarlyAdd): void {
  setQueue([...queuedEarlyAdds(), add]);
  window.dispatchEvent(new Event(EARLY_ADD_EVENT));
}

/** Whether the stored cart holds the product, read without Dexie (a first visit has no cart). */
export async function storedCartHolds(id: string): Promise<boolean> {
  const database = await openStoreDatabase();
  if (!database) return false;
  try {
    const count = database.transaction(CART_LINES_TABLE, 'readonly').objectStore(CART_LINES_TABLE).count(id);
    return await new Promise<boolean>((resolve) => {
      count.onsuccess = () => resolve(count.result > 0);
      count.onerror = () => resolve(false);
    });
  } catch {
    return false;
  } finally {
    database.close();
  }
}

export function setQueue(adds: EarlyAdd[]): void {
  if (adds.length) localStorage.setItem(EARLY_ADDS_KEY, JSON.stringify(adds));
  else localStorage.removeItem(EARLY_ADDS_KEY);
}
