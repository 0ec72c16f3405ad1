import { useEffect, useRef } from 'react';
import { isSignedIn } from '../../storage/customer-session';
import { announce } from './outbox-sync';

/**
 * One cart across the signed-in customer's devices (src/storage/account-cart.ts): reads the
 * account's cart into this device when the app opens, when the window gets the focus or the page
 * becomes visible, and when the network returns, each time after sending what the outbox holds.
 * Never while the checkout is on screen: an open checkout's cart is not merged into (it is read
 * again on leaving it). Loaded on demand, and only for a signed-in customer.
 */
export function AccountCartSync({ inCheckout }: { inCheckout: boolean }) {
  const held = useRef(inCheckout);
  const sync = useRef<() => Promise<void>>(async () => undefined);

  useEffect(() => {
    let running = false;
    /** Asked again during a run: its read may predate what was asked for, so read again. */
    let again = false;
    sync.current = async () => {
      if (held.current || !navigator.onLine || !isSignedIn()) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const { queuedWriteCount } = await import('../../storage/stored-rows');
          if ((await queuedWriteCount()) > 0) {
            const { replayOutbox } = await import('../../storage/outbox');
            await replayOutbox(announce);
          }
          const { pullAccountCart } = await import('../../storage/account-cart');
          await pullAccountCart();
        } while (again);
      } catch (error) {
        console.warn('Não foi possível ler o carrinho da conta', error);
      } finally {
        running = false;
      }
    };
    const run = () => void sync.current();
    const onVisible = () => {
      if (document.visibilityState === 'visible') run();
    };
    run();
    window.addEventListener('online', run);
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', run);
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  useEffect(() => {
    held.current = inCheckout;
    if (!inCheckout) void sync.current();
  }, [inCheckout]);

  return null;
}
