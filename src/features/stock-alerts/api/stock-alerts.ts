import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callOperation } from '../../../api/client';
import {
  stockAlertCancelOperation,
  stockAlertOperation,
  type stockAlertBody,
} from '../../../api/stock-alerts';

// 'Avise-me quando chegar' (docs/stock-alerts.md): asked from a product out of stock, cancelled from
// the link of its e-mail. Loaded with the form and the cancel page only, never with the product page.

/** AVISO_ESTOQUE: an e-mail and/or push alert for when the product is back where asked. */
export function askStockAlert(body: z.input<typeof stockAlertBody>) {
  return callOperation(stockAlertOperation, { body });
}

export function useAskStockAlert() {
  // 'always': offline the call fails at once with a clear message instead of waiting for a network.
  return useMutation({ mutationFn: askStockAlert, networkMode: 'always' });
}

/** AVISO_ESTOQUE_CANCELAR: the one-tap link's token cancels its alert, no sign-in needed. */
export function cancelStockAlert(token: string) {
  return callOperation(stockAlertCancelOperation, { body: { token } });
}

export function useCancelStockAlert() {
  return useMutation({ mutationFn: cancelStockAlert, networkMode: 'always' });
}
