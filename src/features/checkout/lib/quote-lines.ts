import { messageOf } from '../../../api/errors';
import {
  QUOTE_NOT_ANSWERED_MESSAGE,
  quoteConvertedMessage,
  quoteExpiredMessage,
} from '../../../domain/price-quotes';
import { productImageUrl } from '../../../config/env';
import { formatIsoDate } from '../../../domain/store-calendar';
import { useMyQuote } from '../../../queries/my-quotes';
import type { CartLine } from '../../../storage/db';

/**
 * The checkout of an answered quote (`/checkout?orcamento=N`): the quote's lines at the quoted
 * prices, as the normal checkout's lines. The server prices the order from the quote's row; these
 * are what the shopper sees and what is compared. `refusal`: why the quote cannot be bought now.
 */
export function useQuoteLines(
  quoteId: number | null,
  signedIn: boolean,
): { lines: CartLine[] | undefined; refusal: string | null } {
  const quote = useMyQuote(quoteId ?? 0, quoteId !== null && signedIn);
  if (quoteId === null) return { lines: undefined, refusal: null };
  if (quote.isError)
    return { lines: undefined, refusal: messageOf(quote.error, 'Orçamento não encontrado.') };
  const data = quote.data;
  if (!data) return { lines: undefined, refusal: null };
  if (data.status === 'expirado')
    return { lines: undefined, refusal: quoteExpiredMessage(formatIsoDate(data.validade ?? '')) };
  if (data.status === 'convertido') return { lines: undefined, refusal: quoteConvertedMessage(data.pedido) };
  if (data.status === 'solicitado') return { lines: undefined, refusal: QUOTE_NOT_ANSWERED_MESSAGE };
  return {
    lines: data.linhas.map((line) => ({
      id: String(line.id),
      name: line.nome,
      multiploprdvenda: line.multiploprdvenda ?? '',
      codundvenda: line.codundvenda,
      price: line.preco ?? line.precoTabela,
      quantity: line.quantidade,
      image: productImageUrl(line.id),
      lotes: [],
      selectedLote: null,
    })),
    refusal: null,
  };
}
