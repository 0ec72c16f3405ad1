import { useEffect } from 'react';

/**
 * Re-checks the cart against the server once when the app opens with a network and each time the
 * network returns. The check (and Dexie) is loaded on demand, so the first screen pays nothing.
 */
export function CartRecheckSync() {
  useEffect(() => {
    const recheck = () => {
      if (!navigator.onLine) return;
      void import('./cart-recheck')
        .then(({ recheckCart }) => recheckCart())
        .catch((error: unknown) => console.warn('Falha ao conferir o carrinho', error));
    };
    recheck();
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, []);
  return null;
}
