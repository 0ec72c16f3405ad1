import { useRef } from 'react';
import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useReducedMotion } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { scrollBelowHeader } from '../../../browser/scroll-below-header';
import { usePageTitle } from '../../../hooks/use-page-title';
import { insideWhenWide, useWideScreen } from '../../../hooks/use-wide-screen';
import { useListing } from '../api/get-listing';
import {
  listingPageTitle,
  listingQuery,
  searchFromFilters,
  type ListingFilters as Filters,
  type ListingRoute,
} from '../lib/listing-params';
import { OfflineUnavailable } from '../../../components/offline-unavailable';
import { screenPart } from '../../../components/screen-part';
import { isOnline } from '../../../hooks/online-status';
import { AppliedFilters } from './applied-filters';
import { EmptyProducts } from './empty-products';
import { ListingFilters } from './listing-filters';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { ProductPagination } from './product-pagination';
import classes from './listing-screen.module.css';

// The drawer (Mantine's Modal machinery) is closed on every first screen: its code is asked for once
// the app has taken over the page, not with the listing's own ('Filtrar' tapped earlier is replayed
// after the takeover, src/early, and opens it once it is here).
const filtersDrawer = screenPart('src/features/catalogue/components/filters-drawer.tsx', () =>
  import('./filters-drawer').then((module) => module.FiltersDrawer),
);

const resultCount = (n: number) => (n === 1 ? '1 produto encontrado' : `${n} produtos encontrados`);

/** Listing and search results: title, filters in the URL, the product grid, 6 a page. */
export function ListingScreen({ route }: { route: ListingRoute }) {
  const [search, setSearch] = useSearchParams();
  const query = listingQuery(route, search);
  const listing = useListing(query);
  const [drawerOpened, drawer] = useDisclosure(false);
  const reducedMotion = useReducedMotion();
  const top = useRef<HTMLHeadingElement>(null);
  const term = query.produto;
  const title = listingPageTitle(route);
  usePageTitle(title);
  const filters: Filters = { marca: query.marca, cat: query.cat, precos: query.precos };
  const filtersKey = searchFromFilters(filters).toString();
  const data = listing.data;
  const pages = data ? Math.ceil(data.total / data.por_pagina) : 0;

  const apply = (next: Filters) => {
    drawer.close();
    setSearch(searchFromFilters(next));
  };
  const goToPage = (pagina: number) => {
    setSearch(searchFromFilters(filters, pagina));
    scrollBelowHeader(top.current, !reducedMotion);
  };

  // The side panel shows from 768 px; below, the drawer holds the filters.
  const wide = useWideScreen('sm');
  const filterPanel = (idPrefix: string) => (
    <ListingFilters
      key={`${idPrefix}?${filtersKey}`}
      idPrefix={idPrefix}
      facets={data?.agrupamento ?? []}
      priceRanges={data?.precos ?? []}
      applied={filters}
      onApply={apply}
    />
  );

  return (
    <>
      <Title order={1} ref={top} className={classes.title} size="var(--listing-title-size)">
        {title}
      </Title>
      <Group justify="space-between" my="sm">
        <Text c="dark.5" role="status" data-testid="listing-count">
          {data ? resultCount(data.total) : ''}
        </Text>
        <Button variant="default" hiddenFrom="sm" onClick={drawer.open} aria-haspopup="dialog">
          Filtros
        </Button>
      </Group>
      <div className={classes.columns}>
        <Box
          component="aside"
          aria-label="Filtros de produtos"
          visibleFrom="sm"
          {...insideWhenWide(wide, data && filterPanel('lateral'))}
        />
        <div>
          <AppliedFilters
            applied={filters}
            facets={data?.agrupamento ?? []}
            priceRanges={data?.precos ?? []}
            onApply={apply}
          />
          {listing.isPending ? (
            <ProductGridSkeleton count={6} maxColumns={3} />
          ) : listing.isError && !data && !isOnline() ? (
            <OfflineUnavailable />
          ) : listing.isError && !data ? (
            <Stack>
              <EmptyProducts error={listing.error} />
              <Button variant="default" onClick={() => listing.refetch()} w="fit-content" mx="auto">
                Tentar novamente
              </Button>
            </Stack>
          ) : data && data.produtos.length === 0 ? (
            <EmptyProducts
              title="Nenhum produto encontrado."
              hint={term ? 'Tente buscar por outro termo.' : 'Tente outros filtros.'}
            />
          ) : data ? (
            <Box
              style={{ opacity: listing.isPlaceholderData ? 0.6 : 1 }}
              aria-busy={listing.isPlaceholderData}
            >
              <ProductGrid
                products={data.produtos}
                maxColumns={3}
                titleOrder={2}
                eagerCount={query.pagina === 1 ? 2 : 0}
              />
              <ProductPagination
                total={pages}
                value={Math.min(query.pagina, Math.max(pages, 1))}
                onChange={goToPage}
                label="Páginas de produtos"
              />
            </Box>
          ) : null}
        </div>
      </div>
      <filtersDrawer.Part opened={drawerOpened} onClose={drawer.close}>
        {data && filterPanel('gaveta')}
      </filtersDrawer.Part>
    </>
  );
}
