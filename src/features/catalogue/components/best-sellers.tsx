import { useRef, useState } from 'react';
import { Badge, Box, Group } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { ProductSummary } from '../../../api/products';
import { scrollBelowHeader } from '../../../browser/scroll-below-header';
import { useBestSellers } from '../api/get-best-sellers';
import { EmptyProducts } from './empty-products';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { ProductPagination } from './product-pagination';

/** 12 products per page in the best-sellers grid. */
export const BEST_SELLERS_PAGE_SIZE = 12;

/** The 'Mais vendidos' section of the home page. */
export function BestSellers() {
  const { data, isPending, error } = useBestSellers();
  const products = data ?? [];
  // A new list (other ids or order) starts again at page 1.
  const listKey = products.map((product) => product.idprd).join(',');
  return (
    <Box component="section" aria-labelledby="mais-vendidos" my="xl">
      <Group mb="md">
        <Badge size="xl" radius="sm" color="red.8" component="h2" id="mais-vendidos">
          Mais vendidos
        </Badge>
      </Group>
      {isPending ? (
        <ProductGridSkeleton count={4} />
      ) : products.length === 0 ? (
        <EmptyProducts error={error} />
      ) : (
        <BestSellersPages key={listKey} products={products} />
      )}
    </Box>
  );
}

export function BestSellersPages({ products }: { products: readonly ProductSummary[] }) {
  const [page, setPage] = useState(1);
  const anchor = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();
  const total = Math.ceil(products.length / BEST_SELLERS_PAGE_SIZE);
  const visible = products.slice((page - 1) * BEST_SELLERS_PAGE_SIZE, page * BEST_SELLERS_PAGE_SIZE);

  const choose = (next: number) => {
    setPage(next);
    // The section's 'MAIS VENDIDOS' heading, whole, below the sticky header.
    scrollBelowHeader(anchor.current?.closest('section') ?? anchor.current, !reducedMotion);
  };

  return (
    <div ref={anchor}>
      {/* On a phone the first card's image is the largest thing on the first screen (Lighthouse's
          LCP element), so it loads at once with the first banner; the other cards wait. */}
      <ProductGrid products={visible} eagerCount={page === 1 ? 1 : 0} />
      <ProductPagination total={total} value={page} onChange={choose} label="Páginas de mais vendidos" />
    </div>
  );
}
