import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { loadCatalogueContract } from '../../../api/load-catalogue';
import type { ProductSummary } from '../../../api/products';
import { catalogueKeys, PRODUCTS_LOAD_ERROR } from './keys';

/** APP_0041: the best sellers, most sold first. */
export async function getBestSellers(signal?: AbortSignal): Promise<ProductSummary[]> {
  const { bestSellersOperation } = await loadCatalogueContract();
  const answer = await callOperation(bestSellersOperation, { signal });
  return answer.produtos;
}

export const bestSellersQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.bestSellers(),
    queryFn: ({ signal }) => getBestSellers(signal),
    // A failed load is only logged; the grid shows its empty state.
    meta: { errorMessage: PRODUCTS_LOAD_ERROR },
  });

export function useBestSellers() {
  return useQuery(bestSellersQueryOptions());
}
