import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SuggestionsAnswer } from '../../../api/catalogue';
import { SUGGESTION_LIMIT, SUGGESTION_MIN_LENGTH } from '../../../domain/catalogue-limits';
import { catalogueKeys } from './keys';

export type Suggestions = SuggestionsAnswer;

export async function getSuggestions(term: string, signal?: AbortSignal): Promise<Suggestions> {
  // The header (and so this module) is on every first screen; the contract and its parser (zod)
  // load with the first search, or earlier with any catalogue screen, not with the entry script.
  const [{ callOperation }, { suggestionsOperation }] = await Promise.all([
    import('../../../api/client'),
    import('../../../api/catalogue'),
  ]);
  const answer = await callOperation(suggestionsOperation, { query: { produto: term }, signal });
  return {
    ...answer,
    sugestao: answer.sugestao.slice(0, SUGGESTION_LIMIT),
    produtos: answer.produtos.slice(0, SUGGESTION_LIMIT),
  };
}

export function suggestionsQueryOptions(term: string) {
  const trimmed = term.trim();
  return queryOptions({
    queryKey: catalogueKeys.suggestions(trimmed.toLocaleLowerCase('pt-BR')),
    queryFn: ({ signal }) => getSuggestions(trimmed, signal),
    // A failed search call is only logged; the box simply shows no suggestions.
    meta: { errorMessage: 'Erro ao buscar dados da API' },
    enabled: trimmed.length >= SUGGESTION_MIN_LENGTH,
    staleTime: 5 * 60_000,
    // A suggestion that arrives after a retry is already stale: the shopper has typed on.
    retry: false,
  });
}

export function useSuggestions(term: string) {
  return useQuery({ ...suggestionsQueryOptions(term), placeholderData: (previous) => previous });
}
