import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { withdrawalOperation, type WithdrawalPayload } from '../../../api/withdrawal';
import { orderQueryOptions } from './get-order';

/** DESISTENCIA: the shopper withdraws the purchase; the order's page is read again after it. */
export function withdrawOrder(input: WithdrawalPayload) {
  return callOperation(withdrawalOperation, { body: input });
}

export function useWithdrawOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueryOptions(id).queryKey }),
  });
}
