// Small pt-BR texts with singular and plural forms.

export function itemCountLabel(n: number): string {
  return n === 1 ? '1 item' : `${n} itens`;
}

export function ordersFoundLabel(n: number): string {
  return n === 1 ? '1 pedido encontrado' : `${n} pedidos encontrados`;
}

/** 'pias-e-cubas-para-cozinha' -> 'pias e cubas para cozinha' (URL-decoded first when encoded). */
export function titleFromSlug(slug: string | null | undefined): string {
  let text = slug ?? '';
  try {
    text = decodeURIComponent(text);
  } catch {
    // A stray '%' is just text.
  }
  return text.replace(/-/g, ' ').trim();
}
