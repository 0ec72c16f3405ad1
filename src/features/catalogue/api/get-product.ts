import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { loadCatalogueContract } from '../../../api/load-catalogue';
import { isApiError } from '../../../api/errors';
import type { ProductDetailAnswer } from '../../../api/catalogue';
import { catalogueKeys, PRODUCTS_LOAD_ERROR } from './keys';

/** APP_0027?codigo: one product with its lotes, images and price options; null when it does not exist. */
export async function getProduct(id: number, signal?: AbortSignal): Promise<ProductDetailAnswer | null> {
  const { productDetailOperation } = await loadCatalogueContract();
  try {
    const answer = await callOperation(productDetailOperation, { query: { codigo: id }, signal });
    return answer.produtos.length ? answer : null;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogueKeys.product(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    meta: { errorMessage: PRODUCTS_LOAD_ERROR },
    enabled: Number.isInteger(id) && id > 0,
  });

/** The product code of a route's `:id`; 0 when it cannot be one. */
export const productCode = (id: string | undefined) => (/^\d{1,9}$/.test(id ?? '') ? Number(id) : 0);

/** The product of a route's `:id` as its loader left it in the cache; null when there is none. */
export function loadedProduct(queryClient: QueryClient, id: string | undefined): ProductDetailAnswer | null {
  const code = productCode(id);
  return (code && queryClient.getQueryData(productQueryOptions(code).queryKey)) || null;
}

export function useProduct(id: number) {
  return useQuery(productQueryOptions(id));
}
