import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../api/errors';
import type { CartProductInput } from '../../../storage/cart';
import { getStock } from '../../../queries/check-stock';

export interface AddToCartRequest {
  product: CartProductInput & { idprd: number };
  quantity: number;
  /** The lote chosen for tiles (one shade for the whole floor); checked alone for stock. */
  selectedLote?: { idlote: number } & Record<string, unknown>;
  /**
   * 'keep': a product already in the cart keeps its quantity; 'set' makes the
   * cart hold exactly `quantity`, for the tile calculator's 'Adicionar N caixas'.
   */
  whenInCart?: 'keep' | 'set';
}

export interface AddToCartResult {
  /** False when the product was already in the cart. */
  added: boolean;
  quantity: number;
}

/** A stock check's refusal (406) rejects; without a connection the add goes ahead. */
export async function unlessOffline(check: Promise<unknown>): Promise<void> {
  try {
    await check;
  } catch (error) {
    if (!(isApiError(error) && error.kind === 'network')) throw error;
  }
}

/**
 * Checks stock (APP_0034) and puts the product in the cart. A 406 rejects with the server's message.
 * Without a connection the add goes ahead: the cart re-checks stock when the network is back.
 */
export async function addProductToCart({
  product,
  quantity,
  selectedLote,
  whenInCart = 'keep',
}: AddToCartRequest): Promise<AddToCartResult> {
  await unlessOffline(getStock({ idprd: product.idprd, quantity, lote: selectedLote?.idlote }));
  // The cart (Dexie) loads on the first add, not with the catalogue screens.
  const cart = await import('../../../storage/cart');
  const added = await cart.addToCart(product, { quantity, selectedLote });
  if (!added && whenInCart === 'set') await cart.setQuantity(product.idprd, quantity);
  return { added, quantity };
}

export function useAddToCart() {
  // 'always': offline the add goes ahead (the fetcher handles the missing network), never pauses.
  return useMutation({ mutationFn: addProductToCart, networkMode: 'always' });
}
