import type { ReactNode } from 'react';
import { Box, Skeleton, Title } from '@mantine/core';
import type { ProductSummary } from '../../../api/products';
import { ProductCard } from '../../../components/product-card';
import { useAfterHydration } from '../../../hooks/use-hydrated';
import classes from './product-shelf.module.css';

/** Cards a shelf shows before scrolling on a wide screen; the rest render when scrolled near. */
const FIRST_SCREEN_CARDS = 6;

interface ProductShelfProps {
  id: string;
  title: string;
  products: readonly ProductSummary[] | undefined;
  loading?: boolean;
  /** Controls under each card (the home shelves' quantity counter and add button). */
  actionsFor?: (product: ProductSummary) => ReactNode;
}

/**
 * A titled horizontal row of products. It scrolls by touch, trackpad or keyboard (the row is
 * focusable so arrow keys scroll it); nothing moves on its own.
 */
export function ProductShelf({ id, title, products, loading, actionsFor }: ProductShelfProps) {
  // The server's HTML (and the hydration that takes it over) holds the cards of a wide first
  // screen; the rest of the row, out of view to the right, is added by the render after. A home
  // with every card in its HTML weighed 190 KB (commit 4b2882f).
  const hydrated = useAfterHydration();
  if (!loading && (!products || products.length === 0)) return null;
  const shown = hydrated ? products : products?.slice(0, FIRST_SCREEN_CARDS);
  return (
    <Box component="section" aria-labelledby={id} my="xl">
      <Title order={2} id={id} fz="h3" mb="sm">
        {title}
      </Title>
      {loading ? (
        <Skeleton h={320} />
      ) : (
        <ul className={classes.row} tabIndex={0} aria-label={title}>
          {shown!.map((product, i) => (
            <li key={product.idprd}>
              <ProductCard
                product={product}
                actions={actionsFor?.(product)}
                renderWhenNear={i >= FIRST_SCREEN_CARDS}
              />
            </li>
          ))}
        </ul>
      )}
    </Box>
  );
}
