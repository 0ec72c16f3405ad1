import { queryOptions } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { receiveHandOffOperation, type HandoffProduct } from '../../../api/store-mode';
import { readCartLines } from '../../../storage/stored-rows';
import { addCartNotices, addToCart, clearCart, setQuantity, updateCartPrices } from '../../../storage/cart';

/**
 * Opening a hand-off code spends it, so the query runs once per code and is never retried or
 * refetched (React's development double mount shares the one request).
 */
export function handOffQueryOptions(codigo: string) {
  return queryOptions({
    queryKey: ['cart', 'hand-off', codigo],
    queryFn: () => callOperation(receiveHandOffOperation, { body: { codigo } }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}

export type HandOffMode = 'replace' | 'add';

/**
 * Puts the handed lines in this phone's cart: replacing it, or adding to it (the same product's
 * quantities add up). Prices are today's (the answer's); a line above the online stock gets the
 * same notice as any cart re-check, so the shopper sees it before checkout.
 */
export async function takeHandOff(products: readonly HandoffProduct[], mode: HandOffMode): Promise<void> {
  if (mode === 'replace') await clearCart();
  const before = new Map((await readCartLines()).map((line) => [line.id, line.quantity]));
  const notices: Record<string, string> = {};
  // addToCart puts a new line first: adding in reverse keeps the tablet's order.
  for (const product of [...products].reverse()) {
    const id = String(product.idprd);
    const added = await addToCart(product, {
      quantity: product.quantity,
      selectedLote: product.selectedLote,
    });
    const quantity = added ? product.quantity : (before.get(id) ?? 0) + product.quantity;
    if (!added) await setQuantity(id, quantity);
    if (quantity > product.disponivel)
      notices[id] = `Quantidade indisponível em estoque. Disponível: ${product.disponivel}`;
  }
  await updateCartPrices(products.map((product) => ({ id: product.idprd, price: product.preco })));
  if (Object.keys(notices).length > 0) await addCartNotices(notices);
}
