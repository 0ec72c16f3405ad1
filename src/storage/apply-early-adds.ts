import { queuedEarlyAdds, setQueue, type EarlyAdd } from './early-adds';
import { drainQueue } from './write-queue';

/**
 * Puts the adds the page answered before the app took over (early-adds.ts) in the cart, in order,
 * by the queue's rules (write-queue.ts): each leaves the queue once it is in the cart, one that
 * fails stays for the next call, and one tab at a time applies them (two tabs taking over at once
 * add each once). A product already there keeps its quantity, as an add made by the app would.
 */
export async function applyEarlyAdds(): Promise<void> {
  const { stoppedBy } = await drainQueue<EarlyAdd, void>({
    lock: 'casa-obra-adicoes-antecipadas',
    store: {
      oldest: () => queuedEarlyAdds()[0],
      // Adds queued while this one was written stay, after it.
      remove: () => setQueue(queuedEarlyAdds().slice(1)),
    },
    send: async ({ product, quantity, selectedLote }) => {
      const cart = await import('./cart');
      await cart.addToCart(product, { quantity, selectedLote });
    },
  });
  if (stoppedBy) throw stoppedBy;
}
