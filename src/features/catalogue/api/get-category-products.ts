import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { productListingOperation, type ProductSummary } from '../../../api/catalogue';

export const CATEGORY_SHELF_SIZE = 12;

/** APP_0027?grupo: the first products of one category (best sellers first), for a shelf. */
export async function getCategoryProducts(grupo: string, signal?: AbortSignal): Promise<ProductSummary[]> {
  try {
    const answer = await callOperation(productListingOperation, {
      query: { grupo, pagina: 1, por_pagina: CATEGORY_SHELF_SIZE },
      signal,
    });
    return answer.produtos;
  } catch (error) {
    console.warn('Erro ao carregar produtos', error);
    throw error;
  }
}

export const categoryProductsQueryOptions = (grupo: string) =>
  queryOptions({
    queryKey: ['catalogue', 'category-shelf', grupo],
    queryFn: ({ signal }) => getCategoryProducts(grupo, signal),
  });

export function useCategoryProducts(grupo: string) {
  return useQuery(categoryProductsQueryOptions(grupo));
}
