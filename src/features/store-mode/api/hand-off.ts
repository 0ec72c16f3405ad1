import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { handOffCartOperation } from '../../../api/store-mode';
import { clearCart, loteIdOf } from '../../../storage/cart';
import type { CartLine } from '../../../storage/db';

/**
 * 'Enviar para o celular do cliente': the server keeps the lines under a code, and the tablet's
 * cart is emptied for the next customer (the lines live on in the code for 24 hours).
 */
export async function handOffCart(lines: readonly CartLine[]) {
  const answer = await callOperation(handOffCartOperation, {
    body: {
      produtos: lines.map((line) => ({
        id: Number(line.id),
        quantity: line.quantity,
        selectedLote: loteIdOf(line.selectedLote) ?? null,
      })),
    },
  });
  await clearCart();
  return answer;
}

export function useHandOffCart() {
  return useMutation({ mutationFn: handOffCart });
}
