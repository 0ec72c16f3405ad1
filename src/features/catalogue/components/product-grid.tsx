import { Paper, Skeleton, VisuallyHidden } from '@mantine/core';
import type { ProductSummary } from '../../../api/products';
import { ProductCard, type CardTitleOrder } from '../../../components/product-card';
import classes from './product-grid.module.css';

/** Cards that can be on a first screen: two rows of four on a wide one. The rest render when near. */
const FIRST_SCREEN_CARDS = 8;

interface ProductGridProps {
  products: readonly ProductSummary[];
  /** Cards whose images load at once with high priority (the ones above the fold on a phone). */
  eagerCount?: number;
  /** Heading level of the card names, one below the section's heading. */
  titleOrder?: CardTitleOrder;
  /** Sidebars leave room for 3 columns at most. */
  maxColumns?: 3 | 4;
}

/** The shared product list: 1 to 4 columns by width. */
export function ProductGrid({ products, eagerCount = 0, maxColumns = 4, titleOrder = 3 }: ProductGridProps) {
  return (
    <ul className={classes.grid} data-max-columns={maxColumns}>
      {products.map((product, i) => (
        <li key={product.idprd}>
          <ProductCard
            product={product}
            eager={i < eagerCount}
            titleOrder={titleOrder}
            renderWhenNear={i >= FIRST_SCREEN_CARDS}
          />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while a page loads, the same size as the real ones so nothing jumps. */
export function ProductGridSkeleton({ count, maxColumns = 4 }: { count: number; maxColumns?: 3 | 4 }) {
  return (
    <div className={classes.grid} data-max-columns={maxColumns} aria-busy="true">
      <VisuallyHidden role="status">Carregando produtos...</VisuallyHidden>
      {Array.from({ length: count }, (_, i) => (
        <Paper key={i} withBorder p="sm" aria-hidden="true">
          <Skeleton style={{ aspectRatio: '1 / 1' }} h="auto" />
          <Skeleton h={14} mt="sm" />
          <Skeleton h={14} mt={6} w="70%" />
          <Skeleton h={20} mt="md" w="50%" />
        </Paper>
      ))}
    </div>
  );
}
