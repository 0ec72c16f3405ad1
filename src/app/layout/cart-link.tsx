import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { itemCountLabel } from '../../domain/texts';
import { useSessionValue } from '../../storage/session-keys';
import { CartIcon } from './icons';
import classes from './header.module.css';

/** The number of cart lines kept in the `cartItemCount` session key; anything unreadable is 0. */
export function useCartLineCount(): number {
  const raw = useSessionValue('cartItemCount');
  const count = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/** The cart icon; its badge counts the cart lines and is hidden at 0. */
export function CartLink({ className }: { className?: string }) {
  const count = useCartLineCount();
  const label = count > 0 ? `Carrinho, ${itemCountLabel(count)}` : 'Carrinho';
  return (
    <Link to={paths.cart} aria-label={label} className={`${classes.cartLink} ${className ?? ''}`}>
      <CartIcon />
      {count > 0 && (
        <span className={classes.badge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
