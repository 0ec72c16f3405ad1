import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { askAgainOperation, myQuotesOperation, requestQuoteOperation } from '../../../api/price-quotes';
import { quoteKeys } from '../../../queries/my-quotes';

// The customer's quotes (docs/quotes.md): always from the network (no-store, personal; the service
// worker never keeps them), with the session cookie.

export function useMyQuotes() {
  return useQuery({
    queryKey: quoteKeys.mine,
    queryFn: async () => (await callOperation(myQuotesOperation)).orcamentos,
    retry: false,
  });
}

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<typeof requestQuoteOperation.body>>) =>
      callOperation(requestQuoteOperation, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.mine }),
  });
}

export function useAskAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOperation(askAgainOperation, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quoteKeys.mine }),
  });
}
