import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import {
  answerQuoteOperation,
  changeDiscountCapsOperation,
  storeDiscountCapsOperation,
  storeQuoteOperation,
  storeQuotesOperation,
} from '../../../api/price-quotes';

// The store's quote requests on a paired tablet (docs/quotes.md): always from the network, with the
// tablet's and the staff member's cookies; the store is the tablet's, on the server.

const quoteKeys = {
  store: ['store-mode', 'quotes'] as const,
  storeOne: (id: number) => ['store-mode', 'quotes', id] as const,
  caps: ['store-mode', 'discount-caps'] as const,
};

const storeQuotes = (enabled: boolean) => ({
  queryKey: quoteKeys.store,
  queryFn: async () => (await callOperation(storeQuotesOperation)).orcamentos,
  enabled,
  retry: false,
});

export function useStoreQuotes(enabled: boolean) {
  return useQuery(storeQuotes(enabled));
}

/**
 * How many of the store's quote requests wait for an answer, for the seller's panel: asked again
 * every minute while it is open and when the tablet comes back to it, so a new request shows without
 * anyone opening the list. Null until known (or when it cannot be read: the panel then says nothing).
 */
export function useQuotesToAnswer(enabled: boolean): number | null {
  const quotes = useQuery({
    ...storeQuotes(enabled),
    refetchInterval: 60_000,
    refetchOnWindowFocus: 'always',
  });
  return quotes.data ? quotes.data.filter((quote) => quote.status === 'solicitado').length : null;
}

export function useStoreQuote(id: number, enabled: boolean) {
  return useQuery({
    queryKey: quoteKeys.storeOne(id),
    queryFn: () => callOperation(storeQuoteOperation, { query: { id } }),
    enabled: enabled && id > 0,
    retry: false,
  });
}

export interface QuoteAnswerInput {
  id: number;
  linhas: { posicao: number; quantidade: number; preco: number }[];
  validade: number;
}

export function useAnswerQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteAnswerInput) => callOperation(answerQuoteOperation, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(quoteKeys.storeOne(answer.orcamento.id), (current: unknown) =>
        current && typeof current === 'object' ? { ...current, orcamento: answer.orcamento } : current,
      );
      return queryClient.invalidateQueries({ queryKey: quoteKeys.store });
    },
  });
}

export function useDiscountCaps(enabled: boolean) {
  return useQuery({
    queryKey: quoteKeys.caps,
    queryFn: async () => (await callOperation(storeDiscountCapsOperation)).descontos,
    enabled,
    retry: false,
  });
}

export function useChangeDiscountCaps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { vendedor: number; gerente: number }) =>
      callOperation(changeDiscountCapsOperation, { body }),
    onSuccess: (answer) => queryClient.setQueryData(quoteKeys.caps, answer.descontos),
  });
}
