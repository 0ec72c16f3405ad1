import { describe, expect, it } from 'vitest';
import { addedDialog } from '../../../src/domain/cart-texts';

describe('the cart dialog after a calculator adds its result', () => {
  it("agrees the verb with how many lines went in: 'foi adicionado' for one, 'foram adicionados' for more", () => {
    expect(addedDialog.lines(['3 × Argamassa AC-I 20 kg'])).toBe(
      '3 × Argamassa AC-I 20 kg foi adicionado ao carrinho.',
    );
    expect(addedDialog.lines(['2 × Tinta Acrílica 18 L', '2 × Tinta Acrílica 3,6 L'])).toBe(
      '2 × Tinta Acrílica 18 L e 2 × Tinta Acrílica 3,6 L foram adicionados ao carrinho.',
    );
  });
});
