import { formatBRLPlain, reaisToCentavos } from './money';

// What a shopper reads when lines are checked against the catalogue again: the cart back online
// (src/features/offline/cart-recheck.ts), and 'Comprar novamente' / 'Adicionar lista ao carrinho'
// (src/features/work-lists).

/** 'Preço atualizado: de R$ 40,00 para R$ 45,00.' (prices in reais). */
export function priceChangedText(before: number, after: number): string {
  return `Preço atualizado: de ${formatBRLPlain(reaisToCentavos(before))} para ${formatBRLPlain(reaisToCentavos(after))}.`;
}

/** A line that is no longer sold, left out of the cart. */
export const NO_LONGER_SOLD_TEXT = 'Não está mais à venda: ficou fora do carrinho.';

/** A line with less in stock than asked: what was added (nothing, or what there is). */
export function shortStockText(asked: number, available: number): string {
  return available <= 0
    ? `Sem estoque no momento (pedido: ${asked}): ficou fora do carrinho.`
    : `Quantidade indisponível: pedido ${asked}, disponível ${available}. Adicionamos ${available}.`;
}

/** How many of the lines went to the cart. */
export function addedLinesText(added: number, total: number): string {
  if (added === 0) return 'Nenhum item pôde ser adicionado ao carrinho.';
  if (added === total)
    return added === 1
      ? 'O item foi adicionado ao carrinho.'
      : `Os ${added} itens foram adicionados ao carrinho.`;
  return `${added} de ${total} itens foram adicionados ao carrinho.`;
}
