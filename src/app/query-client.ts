import { QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from '../api/errors';
import { retryUnlessOffline } from '../hooks/online-status';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Logged (with the error) when the query fails: the text that names the failed load. */
      errorMessage?: string;
    };
  }
}

/**
 * The one query client of a page (or of one server render). Failed fetches are logged here, once,
 * with the text the query names, instead of in every fetcher.
 */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if ((error as Error)?.name === 'AbortError') return;
        // A lost session is not a failure to log: the screen sends the shopper to sign in again.
        if (isApiError(error) && error.status === 401) return;
        console.warn(query.meta?.errorMessage ?? 'Erro ao carregar dados', error);
      },
    }),
    defaultOptions: {
      // offlineFirst: offline, a query still asks once, so the service worker can answer from its cache.
      queries: {
        staleTime: 60_000,
        retry: retryUnlessOffline,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
        ...queries,
      },
    },
  });
}
