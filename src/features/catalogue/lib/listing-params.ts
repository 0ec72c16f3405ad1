import { listingTitle } from '../../../domain/categories';

// The listing's filters live in the URL (shareable and reloadable): the route gives the category,
// subcategory or search term; the search params give brand, category, price range and page.

export interface ListingRoute {
  categoria?: string;
  subcategoria?: string;
  produto?: string;
}

export interface ListingFilters {
  /** Brand ids (multiple choice). */
  marca: number[];
  /** Subcategory ids (multiple choice). */
  cat: number[];
  /** One price-range code (single choice), '' for any price. */
  precos: string;
}

export interface ListingQuery extends ListingFilters {
  produto: string;
  grupo: string;
  subgrupo: string;
  pagina: number;
}

/** Every search parameter the listing reads (filtersFromSearch): the server's page cache keys on these alone. */
export const LISTING_SEARCH_PARAMS = ['marca', 'cat', 'precos', 'pagina'] as const;

export const EMPTY_FILTERS: ListingFilters = { marca: [], cat: [], precos: '' };

function ids(value: string | null): number[] {
  if (!value) return [];
  const list = value
    .split('-')
    .map((part) => Number(part))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(list)].sort((a, b) => a - b);
}

function page(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Reads the filters and page from the URL search params; anything malformed is ignored. */
export function filtersFromSearch(search: URLSearchParams): ListingFilters & { pagina: number } {
  const precos = search.get('precos') ?? '';
  return {
    // Repeated too (marca=3&marca=7), as the filter form sends them before the app has taken over.
    marca: ids(search.getAll('marca').join('-')),
    cat: ids(search.getAll('cat').join('-')),
    precos: /^[a-z0-9]{1,20}$/.test(precos) ? precos : '',
    pagina: page(search.get('pagina')),
  };
}

/** The search params for filters and page; empty values and page 1 are left out so URLs stay short. */
export function searchFromFilters(filters: ListingFilters, pagina = 1): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.marca.length) search.set('marca', [...filters.marca].sort((a, b) => a - b).join('-'));
  if (filters.cat.length) search.set('cat', [...filters.cat].sort((a, b) => a - b).join('-'));
  if (filters.precos) search.set('precos', filters.precos);
  if (pagina > 1) search.set('pagina', String(pagina));
  return search;
}

/** The query the server gets for a route and its search params. */
export function listingQuery(route: ListingRoute, search: URLSearchParams): ListingQuery {
  const { pagina, ...filters } = filtersFromSearch(search);
  return {
    produto: (route.produto ?? '').trim(),
    grupo: route.categoria ?? '',
    subgrupo: route.subcategoria ?? '',
    ...filters,
    pagina,
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The listing's heading (and page title): the search term, or the category and subcategory. */
export function listingPageTitle(route: ListingRoute): string {
  const term = (route.produto ?? '').trim();
  return term ? `Resultados para "${term}"` : capitalize(listingTitle(route.categoria, route.subcategoria));
}
