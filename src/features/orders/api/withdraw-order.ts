import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { withdrawalOperation } from '../../../api/withdrawal';
import { orderQueryOptions } from './get-order';

export interface WithdrawalInput {
  pedido: number;
  motivo?: string;
  devolucao?: { modo: 'coleta' | 'loja'; loja?: number };
}

/** DESISTENCIA: the shopper withdraws the purchase; the order's page is read again after it. */
export function withdrawOrder(input: WithdrawalInput) {
  return callOperation(withdrawalOperation, { body: input });
}

export function useWithdrawOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueryOptions(id).queryKey }),
  });
}
