// What a shopper reads after adding a product, said the same way by the app's screens and by the
// page's early answer before the app has taken over (src/early).

/** 'Porcelanato Bianco (M2)': the name with the sales unit in parentheses when there is one. */
export function productCardName(product: { descricao: string; codundvenda?: string | null }): string {
  const unit = product.codundvenda?.trim();
  return unit ? `${product.descricao} (${unit})` : product.descricao;
}

/** 'added': a new cart line; 'already': the product was in the cart (its quantity is left as it was). */
export type AddOutcome = 'added' | 'already';

/** The product page's dialog after 'COMPRAR AGORA'. */
export const addedDialog = {
  title: 'Produto no carrinho',
  keepShopping: 'Continuar Comprando',
  checkout: 'Finalizar Compra',
  sentence(name: string, outcome: AddOutcome, quantity: number): string {
    return outcome === 'added'
      ? `${name} foi adicionado ao carrinho${quantity > 1 ? ` (quantidade: ${quantity})` : ''}.`
      : `${name} já está no seu carrinho.`;
  },
  /** A calculator's result, several lines at once: '2 × Tinta 18 L e 2 × Tinta 3,6 L foram adicionados…'. */
  lines(lines: readonly string[]): string {
    return `${lines.join(' e ')} ${lines.length > 1 ? 'foram adicionados' : 'foi adicionado'} ao carrinho.`;
  },
} as const;

/** The home shelves' toasts after 'Adicionar'. */
export const addedToast = {
  added: (name: string) => `${name} foi adicionado ao carrinho.`,
  already: 'Este produto já está no seu carrinho.',
  failed: 'Não foi possível adicionar o produto.',
} as const;

/** When the product page's add fails with no message from the server. */
export const ADD_FAILED_ON_PRODUCT_PAGE = 'Não foi possível adicionar o produto ao carrinho.';
