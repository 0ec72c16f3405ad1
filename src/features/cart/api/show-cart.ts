import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { readShownCartOperation, showCartOperation } from '../../../api/shown-cart';
import { loteIdOf } from '../../../storage/cart';
import type { CartLine } from '../../../storage/db';

/** 'Mostrar ao vendedor': the cart's lines under a short-lived code; the phone keeps its cart. */
export function useShowCart() {
  return useMutation({
    mutationFn: (lines: readonly CartLine[]) =>
      callOperation(showCartOperation, {
        body: {
          produtos: lines.map((line) => ({
            id: Number(line.id),
            quantity: line.quantity,
            selectedLote: loteIdOf(line.selectedLote) ?? null,
          })),
        },
      }),
  });
}

/** On the tablet: the shopper's lines, re-priced and with this store's stock. */
export const readShownCart = (codigo: string) => callOperation(readShownCartOperation, { body: { codigo } });
