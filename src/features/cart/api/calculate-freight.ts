import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { freightByCepOperation, type FreightAnswer } from '../../../api/catalogue';
import type { CartLine } from '../../../storage/db';
import { cartSubtotalCentavos } from '../../../storage/cart-totals';
import { centavosToReais } from '../../../domain/money';

export interface CartFreightRequest {
  cep: string;
  lines: readonly CartLine[];
}

/** APP_0031 for the cart's lines; 404 (ApiError) where the store does not deliver. */
export function calculateCartFreight({ cep, lines }: CartFreightRequest): Promise<FreightAnswer> {
  return callOperation(freightByCepOperation, {
    body: {
      cep,
      ids: lines.map((line) => ({ id: Number(line.id), quantity: line.quantity })),
      total_compra: centavosToReais(cartSubtotalCentavos(lines)),
    },
  });
}

export function useCalculateCartFreight() {
  return useMutation({ mutationFn: calculateCartFreight });
}
