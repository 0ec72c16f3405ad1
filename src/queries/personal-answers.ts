import type { QueryClient } from '@tanstack/react-query';

/** The root of the catalogue's query keys (catalogueKeys.all): the answers the same for everyone. */
export const CATALOGUE_QUERY_ROOT = 'catalogue';

/**
 * Drops every answer held in memory that is the customer's (profile, orders, order details,
 * checkout): all but the public catalogue. Sign-out, in this tab or another, and account erasure.
 */
export function forgetPersonalAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CATALOGUE_QUERY_ROOT });
}
