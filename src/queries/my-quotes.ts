import { useQuery } from '@tanstack/react-query';
import { callOperation } from '../api/client';

// One of the signed-in customer's quotes (docs/quotes.md), shared by the quote's page and the
// checkout of a quote. Always from the network: the answer is no-store and personal.

export const quoteKeys = {
  mine: ['quotes', 'mine'] as const,
  one: (id: number) => ['quotes', 'mine', id] as const,
};

export function useMyQuote(id: number, enabled = true) {
  return useQuery({
    queryKey: quoteKeys.one(id),
    // The contract loads with the first quote asked for, not with the checkout.
    queryFn: async () =>
      (await callOperation((await import('../api/price-quotes')).myQuoteOperation, { query: { id } }))
        .orcamento,
    enabled: enabled && id > 0,
    retry: false,
  });
}
