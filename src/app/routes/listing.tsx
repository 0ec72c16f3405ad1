import { Container } from '@mantine/core';
import { useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { listingQueryOptions } from '../../features/catalogue/api/get-listing';
import { ListingScreen } from '../../features/catalogue/components/listing-screen';
import {
  listingPageTitle,
  listingQuery,
  searchFromFilters,
  filtersFromSearch,
} from '../../features/catalogue/lib/listing-params';
import type { PageMeta } from '../page-meta';
import type { RouteContext, ScreenData } from '../screen';

export async function load(
  { params, request }: LoaderFunctionArgs,
  { queryClient }: RouteContext,
): Promise<ScreenData | null> {
  const query = listingQuery(params, new URL(request.url).searchParams);
  await queryClient.ensureQueryData(listingQueryOptions(query));
  return null;
}

export function meta({ params, url }: { params: Record<string, string | undefined>; url: URL }): PageMeta {
  const title = listingPageTitle(params);
  // The canonical address keeps the filters and page, in one order, and nothing else.
  const { pagina, ...filters } = filtersFromSearch(url.searchParams);
  const search = searchFromFilters(filters, pagina).toString();
  return {
    title,
    description: `${title}: materiais de construção com entrega rápida e retirada nas lojas.`,
    canonical: `${url.pathname}${search ? `?${search}` : ''}`,
  };
}

// One screen for /produtos, a category, a subcategory and both search routes.
export function Component() {
  const { categoria, subcategoria, produto } = useParams();
  return (
    <Container size="xl" py="md">
      <ListingScreen route={{ categoria, subcategoria, produto }} />
    </Container>
  );
}
