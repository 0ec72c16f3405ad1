import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { loadCatalogueContract } from '../../../api/load-catalogue';
import type { ProductListingAnswer } from '../../../api/catalogue';
import { readLocalJson, writeLocal } from '../../../storage/session-keys';
import type { ListingQuery } from '../lib/listing-params';
import { catalogueKeys, PRODUCTS_LOAD_ERROR } from './keys';

/** The listing shows 6 products per page. */
export const LISTING_PAGE_SIZE = 6;

/** What the 'paginated data' key holds: the pages fetched for one listing. */
export interface PaginatedData {
  filtro: string;
  total: number;
  paginas: Record<string, ProductListingAnswer>;
}

function filterKey(query: ListingQuery): string {
  const { pagina: _pagina, ...filter } = query;
  return JSON.stringify(filter);
}

/** Keeps the pages of the current listing; a new filter starts over so the key stays small. */
function rememberPage(query: ListingQuery, answer: ProductListingAnswer): void {
  const filtro = filterKey(query);
  const previous = readLocalJson<PaginatedData | null>('paginated data', null);
  const paginas = previous?.filtro === filtro ? previous.paginas : {};
  writeLocal('paginated data', {
    filtro,
    total: answer.total,
    paginas: { ...paginas, [String(query.pagina)]: answer },
  } satisfies PaginatedData);
}

/** APP_0027 listing and search: one page of products with the facets and price ranges of the filter. */
export async function getListing(query: ListingQuery, signal?: AbortSignal): Promise<ProductListingAnswer> {
  const { productListingOperation } = await loadCatalogueContract();
  const answer = await callOperation(productListingOperation, {
    query: {
      produto: query.produto || undefined,
      grupo: query.grupo || undefined,
      subgrupo: query.subgrupo || undefined,
      marca: query.marca.length ? query.marca.join('-') : undefined,
      cat: query.cat.length ? query.cat.join('-') : undefined,
      precos: query.precos || undefined,
      pagina: query.pagina,
      por_pagina: LISTING_PAGE_SIZE,
    },
    signal,
  });
  return answer;
}

/** A page kept from an earlier visit, shown at once (and when offline) while the network answers. */
export function rememberedPage(query: ListingQuery): ProductListingAnswer | undefined {
  const kept = readLocalJson<PaginatedData | null>('paginated data', null);
  if (kept?.filtro !== filterKey(query)) return undefined;
  return kept.paginas[String(query.pagina)];
}

export const listingQueryOptions = (query: ListingQuery) =>
  queryOptions({
    queryKey: catalogueKeys.listing(query),
    queryFn: ({ signal }) => getListing(query, signal),
    meta: { errorMessage: PRODUCTS_LOAD_ERROR },
    initialData: () => rememberedPage(query),
    // Kept pages are shown but always refreshed.
    initialDataUpdatedAt: 0,
  });

export function useListing(query: ListingQuery) {
  // Keep the previous page on screen while the next one loads, so the grid does not jump.
  const listing = useQuery({ ...listingQueryOptions(query), placeholderData: keepPreviousData });
  // Every page shown is kept, also one that came with the server's HTML (no fetch in this browser).
  const shown = listing.isPlaceholderData ? undefined : listing.data;
  const filter = JSON.stringify(query);
  useEffect(() => {
    if (shown) rememberPage(JSON.parse(filter) as ListingQuery, shown);
  }, [shown, filter]);
  return listing;
}
