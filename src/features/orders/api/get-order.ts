import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { orderDetailOperation, type OrderDetail } from '../../../api/orders';

/** APP_0053: one order of the signed-in customer. */
export function getOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return callOperation(orderDetailOperation, { query: { id }, signal });
}

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // A refund under way (a withdrawal, a cancellation) is shown until it is done.
    refetchInterval: (query) =>
      query.state.data?.devolucoes?.some((refund) => refund.status === 'em-andamento') ? 5_000 : false,
  });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
