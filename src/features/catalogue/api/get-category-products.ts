import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { loadCatalogueContract } from '../../../api/load-catalogue';
import type { ProductSummary } from '../../../api/products';
import { catalogueKeys, PRODUCTS_LOAD_ERROR } from './keys';

export const CATEGORY_SHELF_SIZE = 12;

/** APP_0027?grupo: the first products of one category (best sellers first), for a shelf. */
export async function getCategoryProducts(grupo: string, signal?: AbortSignal): Promise<ProductSummary[]> {
  const { productListingOperation } = await loadCatalogueContract();
  const answer = await callOperation(productListingOperation, {
    query: { grupo, pagina: 1, por_pagina: CATEGORY_SHELF_SIZE },
    signal,
  });
  return answer.produtos;
}

export const categoryProductsQueryOptions = (grupo: string) =>
  queryOptions({
    queryKey: catalogueKeys.categoryShelf(grupo),
    queryFn: ({ signal }) => getCategoryProducts(grupo, signal),
    meta: { errorMessage: PRODUCTS_LOAD_ERROR },
  });

export function useCategoryProducts(grupo: string) {
  return useQuery(categoryProductsQueryOptions(grupo));
}
