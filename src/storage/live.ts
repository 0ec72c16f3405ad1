import { useEffect, useState } from 'react';
import type { StorefrontDb } from './db';
import { isLostConnection, openDb, reopenDb } from './stored-rows';

/**
 * A Dexie live query as React state. Dexie is imported on first use, so a screen that only adds to
 * the cart (the product page, the first screen of most visits) does not carry it on its critical
 * path. `undefined` while loading. The query re-runs on every change, in this tab or another.
 */
export function useStorageQuery<T>(query: (db: StorefrontDb) => Promise<T>, key: string): T | undefined {
  const [value, setValue] = useState<{ key: string; value: T }>();
  useEffect(() => {
    let active = true;
    let subscription: { unsubscribe(): void } | undefined;
    void Promise.all([import('dexie'), openDb()]).then(([{ liveQuery }, db]) => {
      // A lost connection ends the subscription: it is opened again and the query subscribed once more.
      const subscribe = (again: boolean) => {
        if (!active) return;
        subscription = liveQuery(() => query(db)).subscribe({
          next: (next) => setValue({ key, value: next }),
          error: (error: unknown) => {
            if (!again && isLostConnection(error))
              void reopenDb(db).then(
                () => subscribe(true),
                () => undefined,
              );
            else console.warn('IndexedDB indisponível', error);
          },
        });
      };
      subscribe(false);
    });
    return () => {
      active = false;
      subscription?.unsubscribe();
    };
    // The key names the query; the function itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return value?.key === key ? value.value : undefined;
}
