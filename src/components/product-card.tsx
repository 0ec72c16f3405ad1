import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ProductSummary } from '../api/products';
import { paths } from '../config/paths';
import { productImageUrl } from '../config/env';
import { formatBRL, reaisToCentavos } from '../domain/money';
import { installments, interestFreeLabel, pixPrice } from '../domain/payment-options';
import classes from './product-card.module.css';

export const CARD_IMAGE_SIZE = 300;

type CardProduct = Pick<ProductSummary, 'idprd' | 'descricao' | 'preco' | 'codundvenda'>;

/** 'Porcelanato Bianco (M2)': the name with the sales unit in parentheses when there is one. */
export function productCardName(product: Pick<ProductSummary, 'descricao' | 'codundvenda'>): string {
  const unit = product.codundvenda?.trim();
  return unit ? `${product.descricao} (${unit})` : product.descricao;
}

interface ProductCardProps {
  product: CardProduct;
  /** The first cards of a screen load their image at once; the rest wait until near the viewport. */
  eager?: boolean;
  titleOrder?: TitleOrder;
  /** Extra controls under the prices (quantity counter and add button on the home shelves). */
  actions?: ReactNode;
  /**
   * A card that cannot be on the first screen (past the first rows of a grid, along a shelf): it is
   * not laid out or painted until it comes near the viewport.
   */
  renderWhenNear?: boolean;
}

/**
 * A product in a grid (the best-sellers card): name with the sales unit, the Pix value and
 * 'até {n}x sem juros'. The name links to /produto/{id}; the whole card is clickable through it.
 */
export function ProductCard({
  product,
  eager = false,
  titleOrder = 3,
  actions,
  renderWhenNear = false,
}: ProductCardProps) {
  const price = reaisToCentavos(product.preco);
  const name = productCardName(product);
  const href = paths.product(product.idprd);
  return (
    <Paper
      component="article"
      withBorder
      p="sm"
      pos="relative"
      className={renderWhenNear ? `${classes.card} ${classes.whenNear}` : classes.card}
    >
      <Link to={href} className={classes.imageLink} tabIndex={-1} aria-hidden="true">
        <img
          className={classes.image}
          src={productImageUrl(product.idprd, 1)}
          alt=""
          width={CARD_IMAGE_SIZE}
          height={CARD_IMAGE_SIZE}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
      </Link>
      <Stack gap={4} mt="sm" style={{ flex: 1 }}>
        <Title order={titleOrder} fz="sm" fw={600} lh={1.35}>
          <Link to={href} className={`${classes.name} ${actions ? '' : classes.stretch}`}>
            {name}
          </Link>
        </Title>
        <Text fw={700} c="red.8" fz="lg" mt="auto">
          {formatBRL(pixPrice(price))}{' '}
          <Text span fz="sm" fw={500} c="dark.6">
            no Pix
          </Text>
        </Text>
        <Text fz="sm" c="dark.6">
          {formatBRL(price)} {interestFreeLabel(installments(price))}
        </Text>
        {actions && <div className={classes.actions}>{actions}</div>}
      </Stack>
    </Paper>
  );
}
