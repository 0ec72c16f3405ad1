import { useState } from 'react';
import type { ProductSummary } from '../../../api/products';
import { messageOf } from '../../../api/errors';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { addedToast, productCardName } from '../../../domain/cart-texts';
import { ADD_QUANTITY, addButtonData } from '../../../domain/takeover';
import { toast } from '../../../browser/toast';
import { useAddToCart } from '../api/add-to-cart';
import classes from './add-with-quantity.module.css';

/** The home shelves' per-product counter (minimum 1, step 1) and its add button. */
export function AddWithQuantity({ product }: { product: ProductSummary }) {
  const [quantity, setQuantity] = useState(ADD_QUANTITY);
  const add = useAddToCart();
  const name = productCardName(product);

  const onAdd = () =>
    add.mutate(
      { product, quantity },
      {
        onSuccess: ({ added }) => {
          if (added) toast.success(addedToast.added(name));
          else toast.info(addedToast.already);
        },
        onError: (error) => toast.warning(messageOf(error, addedToast.failed)),
      },
    );

  // Plain elements (add-with-quantity.module.css): one of these under each of ~30 home cards.
  return (
    <div className={classes.stack}>
      <QuantityStepper size="sm" value={quantity} onChange={setQuantity} label={`Quantidade de ${name}`} />
      <button
        type="button"
        className={classes.add}
        onClick={onAdd}
        disabled={add.isPending}
        data-loading={add.isPending || undefined}
        aria-busy={add.isPending || undefined}
        aria-label={`Adicionar ${name} ao carrinho`}
        // Answered by the page itself if tapped before the app has taken over (src/early).
        {...addButtonData({ id: String(product.idprd) })}
      >
        Adicionar
      </button>
    </div>
  );
}
