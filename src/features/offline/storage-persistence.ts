import { useEffect, useState } from 'react';
import { useSessionValue } from '../../storage/session-keys';
import { useTabletMarker } from '../../storage/tablet-marker';
import { runsInstalled } from './install-prompt';

// Storage that survives (issue 37): under storage pressure a browser may evict a site's data (the
// cart, the checkout form, the outbox), and Safari drops a home-screen app's storage after weeks
// unused. `navigator.storage.persist()` asks the browser to keep it; asked only where it helps, once
// per page, after the app is up (this module loads with the app's status UI, never at first paint).

/** When keeping the data is worth asking for. */
export interface PersistReasons {
  /** Running as an installed app. */
  installed: boolean;
  /** A store tablet paired by staff. */
  storeTablet: boolean;
  /** Lines in the cart. */
  cartLines: number;
}

export const persistenceHelps = ({ installed, storeTablet, cartLines }: PersistReasons): boolean =>
  installed || storeTablet || cartLines > 0;

/** What the status line shows: the browser's answer and its estimate, in bytes. */
export interface StorageState {
  persisted: boolean;
  usage?: number;
  quota?: number;
}

let asked = false;

/** @internal For the tests: a new page, not yet asked. */
export function forgetPersistRequest(): void {
  asked = false;
}

/**
 * Reads whether the data is kept, asking once (`persist()`) when it is not and `helps`; then the
 * estimate. Undefined where the browser has no StorageManager (old browsers, insecure pages).
 */
export async function storageState(
  helps: boolean,
  storage: StorageManager | undefined = typeof navigator === 'undefined' ? undefined : navigator.storage,
): Promise<StorageState | undefined> {
  if (!storage?.persisted) return undefined;
  let persisted = await storage.persisted();
  if (!persisted && helps && !asked && storage.persist) {
    asked = true;
    persisted = await storage.persist();
  }
  const estimate = storage.estimate ? await storage.estimate().catch(() => undefined) : undefined;
  return { persisted, usage: estimate?.usage, quota: estimate?.quota };
}

export const sizeText = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB`
    : bytes >= 1024 * 1024
      ? `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`
      : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`;

export const PERSISTED_TEXT = 'Armazenamento: protegido';
export const EVICTABLE_TEXT = 'Armazenamento: pode ser apagado pelo navegador';

/** The status line: 'Armazenamento: protegido (1,2 MB usados de 2 GB disponíveis)'. */
export function storageStatusText({ persisted, usage, quota }: StorageState): string {
  const head = persisted ? PERSISTED_TEXT : EVICTABLE_TEXT;
  return usage !== undefined && quota
    ? `${head} (${sizeText(usage)} usados de ${sizeText(quota)} disponíveis)`
    : head;
}

/** The storage state, asked for when the device is installed, a paired tablet or holds a cart. */
export function useStorageState(): StorageState | undefined {
  const storeTablet = useTabletMarker() !== null;
  const cartLines = Number(useSessionValue('cartItemCount') ?? 0);
  const helps = persistenceHelps({ installed: runsInstalled(), storeTablet, cartLines });
  const [state, setState] = useState<StorageState>();
  useEffect(() => {
    let active = true;
    void storageState(helps).then(
      (next) => active && setState(next),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [helps]);
  return state;
}
