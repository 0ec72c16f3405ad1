import { useSyncExternalStore } from 'react';

/** The reason shown on an action that needs the network (sign-in, freight, payment, order). */
export const OFFLINE_ACTION_REASON = 'Sem conexão: esta ação precisa de internet.';

/** Under the checkout CEP field offline: the address cannot be looked up, only typed. */
export const OFFLINE_CEP_HINT = 'Sem conexão: preencha o endereço; o CEP será conferido ao salvar.';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network; false means the action will surely fail. */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine;
}

/**
 * True while the browser has a network. `navigator.onLine === true` does not prove the server is
 * reachable, but `false` reliably means it is not, so network-only actions are disabled on false:
 *
 *   const online = useOnlineStatus();
 *   <Button disabled={!online} title={online ? undefined : OFFLINE_ACTION_REASON}>
 */
export function useOnlineStatus(): boolean {
  // On a server render there is no network state to read: assume online.
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * Query retry policy: one more try, except when the browser is offline (the request cannot
 * succeed; the screen should say at once that the page is not stored on the device). Queries
 * refetch by themselves when the network returns.
 */
export function retryUnlessOffline(failureCount: number): boolean {
  return failureCount < 1 && isOnline();
}
