import { useEffect } from 'react';

/**
 * Re-checks the cart against the server once when the app opens with a network and each time the
 * network returns. The check (and Dexie) is loaded on demand, so the first screen pays nothing, and
 * only when the cart holds something.
 */
export function CartRecheckSync() {
  useEffect(() => {
    const recheck = () => {
      if (!navigator.onLine) return;
      // An empty cart has nothing to check: its code and contracts are not even loaded.
      void import('../../storage/stored-rows')
        .then(({ readCartLines }) => readCartLines())
        .then(async (lines) => {
          if (!lines.length) return;
          const { recheckCart } = await import('./cart-recheck');
          await recheckCart();
        })
        .catch((error: unknown) => console.warn('Falha ao conferir o carrinho', error));
    };
    recheck();
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, []);
  return null;
}
