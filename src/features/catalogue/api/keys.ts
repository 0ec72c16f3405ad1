import { CATALOGUE_QUERY_ROOT } from '../../../queries/personal-answers';
import type { ListingQuery } from '../lib/listing-params';

/** Every query key of the catalogue; mutations and the offline code touch the cache only through these. */
export const catalogueKeys = {
  all: [CATALOGUE_QUERY_ROOT] as const,
  bestSellers: () => [...catalogueKeys.all, 'best-sellers'] as const,
  latest: (count: number) => [...catalogueKeys.all, 'latest', count] as const,
  categoryShelf: (grupo: string) => [...catalogueKeys.all, 'category-shelf', grupo] as const,
  product: (id: number) => [...catalogueKeys.all, 'product', id] as const,
  listing: (query: ListingQuery) => [...catalogueKeys.all, 'listing', query] as const,
  suggestions: (term: string) => [...catalogueKeys.all, 'suggestions', term] as const,
};

/** What a failed catalogue load logs. */
export const PRODUCTS_LOAD_ERROR = 'Erro ao carregar produtos';
