import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import type { ProductSummary } from '../../../api/products';
import { messageOf } from '../../../api/errors';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { productCardName } from '../../../components/product-card';
import { toast } from '../../../components/toast';
import { useAddToCart } from '../api/add-to-cart';

/** The home shelves' per-product counter (minimum 1, step 1) and its add button. */
export function AddWithQuantity({ product }: { product: ProductSummary }) {
  const [quantity, setQuantity] = useState(1);
  const add = useAddToCart();
  const name = productCardName(product);

  const onAdd = () =>
    add.mutate(
      { product, quantity },
      {
        onSuccess: ({ added }) => {
          if (added) toast.success(`${name} foi adicionado ao carrinho.`);
          else toast.info('Este produto já está no seu carrinho.');
        },
        onError: (error) => toast.warning(messageOf(error, 'Não foi possível adicionar o produto.')),
      },
    );

  return (
    <Stack gap="xs" mt="xs" align="stretch">
      <QuantityStepper size="sm" value={quantity} onChange={setQuantity} label={`Quantidade de ${name}`} />
      <Button
        size="sm"
        fullWidth
        onClick={onAdd}
        loading={add.isPending}
        aria-label={`Adicionar ${name} ao carrinho`}
      >
        Adicionar
      </Button>
    </Stack>
  );
}
