import { queryOptions, useQuery } from '@tanstack/react-query';
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

export function useProduct(id: number) {
  return useQuery(productQueryOptions(id));
}
