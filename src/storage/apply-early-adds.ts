import { queuedEarlyAdds, setQueue } from './early-adds';

let applying: Promise<void> = Promise.resolve();

/**
 * Puts the adds the page answered before the app took over (early-adds.ts) in the cart, in order: a
 * product already there keeps its quantity, as an add made by the app would. Then drops them from
 * the queue. Calls run one after the other; one that fails leaves the queue for the next.
 */
export function applyEarlyAdds(): Promise<void> {
  const run = applying.then(async () => {
    const adds = queuedEarlyAdds();
    if (!adds.length) return;
    const cart = await import('./cart');
    for (const { product, quantity, selectedLote } of adds)
      await cart.addToCart(product, { quantity, selectedLote });
    // Adds queued while these were written stay for the next call.
    setQueue(queuedEarlyAdds().slice(adds.length));
  });
  applying = run.catch(() => undefined);
  return run;
}
