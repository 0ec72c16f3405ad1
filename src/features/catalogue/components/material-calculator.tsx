import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { MaterialCalculator as MaterialCalculatorAnswer } from '../../../api/products';
import { messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { ADD_FAILED_ON_PRODUCT_PAGE, addedDialog } from '../../../domain/cart-texts';
import { materialYield } from '../../../domain/material-yields';
import { getStock } from '../../../queries/check-stock';
import { unlessOffline } from '../api/add-to-cart';
import { AddedToCartDialog } from './added-to-cart-dialog';
import type { CalculatedLine } from './calculator-panel';
import { BlockCalculator, GroutCalculator, MortarCalculator } from './masonry-calculators';
import { PaintCalculator } from './paint-calculator';

// The calculators beyond tiles, one part of the product page (screenPart in product-details) for
// paint, mortar, grout and blocks: in the product-options chunk, which most products' pages never load
// (docs/decisions/046-calculators-beyond-tiles.md).

/**
 * Checks each line's stock (APP_0034: a 406 rejects with the server's message; offline the add goes
 * ahead) and puts the whole result in the cart in one write. Here, not in ../api, so it stays in this
 * chunk: vite.config.ts puts the catalogue's api folder in the home page's chunk.
 */
async function addCalculatedLines(lines: readonly CalculatedLine[]): Promise<void> {
  await unlessOffline(
    Promise.all(lines.map(({ pack, quantity }) => getStock({ idprd: pack.idprd, quantity }))),
  );
  const cart = await import('../../../storage/cart');
  await cart.addManyToCart(
    lines.map(({ pack, quantity }) => ({ product: pack, options: { quantity } })),
    'set',
  );
}

export function MaterialCalculator({ calculator }: { calculator: MaterialCalculatorAnswer }) {
  const add = useMutation({ mutationFn: addCalculatedLines, networkMode: 'always' });
  const [added, setAdded] = useState<string | null>(null);
  const material = materialYield(calculator.material);
  const packs = calculator.embalagens;
  const onAdd = (lines: readonly CalculatedLine[]) =>
    add.mutate(lines, {
      onSuccess: () =>
        setAdded(addedDialog.lines(lines.map((line) => `${line.quantity} × ${line.pack.descricao}`))),
      onError: (error) => toast.warning(messageOf(error, ADD_FAILED_ON_PRODUCT_PAGE)),
    });
  const props = { adding: add.isPending, onAdd };
  return (
    <>
      {material?.kind === 'tinta' && <PaintCalculator paint={material} packs={packs} {...props} />}
      {material?.kind === 'argamassa' && <MortarCalculator material={material} pack={packs[0]} {...props} />}
      {material?.kind === 'rejunte' && <GroutCalculator material={material} pack={packs[0]} {...props} />}
      {material?.kind === 'bloco' && <BlockCalculator material={material} pack={packs[0]} {...props} />}
      <AddedToCartDialog
        opened={added !== null}
        onClose={() => setAdded(null)}
        productName=""
        outcome="added"
        quantity={1}
        text={added ?? undefined}
      />
    </>
  );
}
