import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { bestSellersOperation, type ProductSummary } from '../../../api/catalogue';

/** APP_0041: the best sellers, most sold first. */
export async function getBestSellers(signal?: AbortSignal): Promise<ProductSummary[]> {
  try {
    const answer = await callOperation(bestSellersOperation, { signal });
    return answer.produtos;
  } catch (error) {
    // Spec §8: a failed load is only logged; the grid shows its empty state.
    console.warn('Erro ao carregar produtos', error);
    throw error;
  }
}

export const bestSellersQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue', 'best-sellers'],
    queryFn: ({ signal }) => getBestSellers(signal),
  });

export function useBestSellers() {
  return useQuery(bestSellersQueryOptions());
}
