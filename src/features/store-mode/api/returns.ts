import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import {
  counterReturnsOperation,
  counterWithdrawalOperation,
  returnReceivedOperation,
  type CounterWithdrawalPayload,
} from '../../../api/store-returns';
import { staffKeys } from './staff';

// Withdrawals and returns at the pickup counter: they need the network (money moves, or the goods
// are signed for), so unlike the pickup steps they are never queued offline.

export function useCounterReturns(enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.returns,
    queryFn: async () => (await callOperation(counterReturnsOperation)).devolucoes,
    enabled,
    retry: false,
    refetchInterval: () => (typeof navigator === 'undefined' || navigator.onLine ? 30_000 : false),
  });
}

export function useReturnReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pedido: number) => callOperation(returnReceivedOperation, { body: { pedido } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.returns }),
  });
}

/** LOJA_DESISTENCIA: a seller withdraws a purchase for the customer at the counter. */
export function useCounterWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CounterWithdrawalPayload) => callOperation(counterWithdrawalOperation, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.returns }),
  });
}
