import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { loadCatalogueContract } from '../../../api/load-catalogue';
import type { ProductSummary } from '../../../api/products';
import { catalogueKeys, PRODUCTS_LOAD_ERROR } from './keys';

/** The latest-products listing holds 12. */
export const LATEST_COUNT = 12;

/** APP_0027?ultimas=n: the newest products. */
export async function getLatestProducts(
  count = LATEST_COUNT,
  signal?: AbortSignal,
): Promise<ProductSummary[]> {
  const { productListingOperation } = await loadCatalogueContract();
  const answer = await callOperation(productListingOperation, { query: { ultimas: count }, signal });
  return answer.produtos;
}

export const latestProductsQueryOptions = (count = LATEST_COUNT) =>
  queryOptions({
    queryKey: catalogueKeys.latest(count),
    queryFn: ({ signal }) => getLatestProducts(count, signal),
    meta: { errorMessage: PRODUCTS_LOAD_ERROR },
  });

export function useLatestProducts(count = LATEST_COUNT) {
  return useQuery(latestProductsQueryOptions(count));
}
