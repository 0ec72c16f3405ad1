import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { orderListOperation } from '../../../api/orders';
import { accountKeys } from './keys';

/** APP_0055: the session customer's orders, newest first. */
export function getOrders(id: number | undefined, signal?: AbortSignal) {
  return callOperation(orderListOperation, { query: { id }, signal });
}

export const ordersQueryOptions = (id: number | undefined) =>
  queryOptions({
    queryKey: accountKeys.orders(id),
    // Order list errors are only logged; a lost session sends the shopper to sign in.
    meta: { errorMessage: 'Erro ao carregar pedidos' },
    queryFn: ({ signal }) => getOrders(id, signal),
    // No stored customer (signed out): nothing to ask for.
    enabled: id !== undefined,
    retry: false,
    // An order's stage moves on the server: show the latest each time the tab opens.
    staleTime: 0,
  });

export function useOrders(id: number | undefined) {
  return useQuery(ordersQueryOptions(id));
}
