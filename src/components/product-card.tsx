import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProductSummary } from '../api/products';
import { paths } from '../config/paths';
import { cardInterestPaidBy, productImageUrl } from '../config/env';
import { reaisToCentavos } from '../domain/money';
import { interestFreeLabel, pixPrice, saleUnitInstallments } from '../domain/payment-options';
import { isSoldByArea, linePriceText } from '../domain/quantity';
import { productCardName } from '../domain/cart-texts';
import classes from './product-card.module.css';

export const CARD_IMAGE_SIZE = 300;

export type CardTitleOrder = 2 | 3 | 4;

type CardProduct = Pick<ProductSummary, 'idprd' | 'descricao' | 'preco' | 'codundvenda' | 'multiploprdvenda'>;

interface ProductCardProps {
  product: CardProduct;
  /** The first cards of a screen load their image at once; the rest wait until near the viewport. */
  eager?: boolean;
  titleOrder?: CardTitleOrder;
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
 * 'até {n}x sem juros' (a tile: its prices per m², its instalments per box, as its page says them).
 * The name links to /produto/{id}; the whole card is clickable through it.
 */
export function ProductCard({
  product,
  eager = false,
  titleOrder = 3,
  actions,
  renderWhenNear = false,
}: ProductCardProps) {
  const price = reaisToCentavos(product.preco);
  const box = product.multiploprdvenda;
  const cardLabel = interestFreeLabel(saleUnitInstallments(price, box, cardInterestPaidBy));
  const name = productCardName(product);
  const href = paths.product(product.idprd);
  const Heading = `h${titleOrder}` as const;
  // Plain elements styled by product-card.module.css, not Mantine's components: a home page holds
  // ~30 cards, and their markup (inline style variables on every box) was most of its HTML and of
  // the work of taking the page over.
  return (
    <article className={renderWhenNear ? `${classes.card} ${classes.whenNear}` : classes.card}>
      <Link to={href} className={classes.imageLink} tabIndex={-1} aria-hidden="true" discover="none">
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
      <div className={classes.body}>
        <Heading className={classes.title}>
          <Link
            to={href}
            className={actions ? classes.name : `${classes.name} ${classes.stretch}`}
            discover="none"
          >
            {name}
          </Link>
        </Heading>
        <p className={classes.pix}>
          {linePriceText(pixPrice(price), box)} <span className={classes.pixLabel}>no Pix</span>
        </p>
        <p className={classes.price}>
          {linePriceText(price, box)} {cardLabel}
          {cardLabel && isSoldByArea(box) ? ' por caixa' : ''}
        </p>
        {actions && <div className={classes.actions}>{actions}</div>}
      </div>
    </article>
  );
}
