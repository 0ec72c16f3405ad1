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

/** Listing title: category and subcategory, or 'Todos os produtos'. */
export function listingTitle(categoria?: string | null, subcategoria?: string | null): string {
  const parts = [categoria, subcategoria].map(titleFromSlug).filter((part) => part.length > 0);
  return parts.length > 0 ? parts.join(' / ') : 'Todos os produtos';
}
