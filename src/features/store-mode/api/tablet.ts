import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callOperation } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import type { TabletAnswer } from '../../../api/store-mode';
import { saveTabletMarker, useTabletMarker, type TabletMarker } from '../../../storage/tablet-marker';

/** The header reads the pairing on every page: the store-mode contract (zod) loads only when asked. */
const loadStoreModeContract = () => import('../../../api/store-mode');

export const storeModeKeys = {
  tablet: ['store-mode', 'tablet'] as const,
  stock: (idprd: number) => ['store-mode', 'stock', idprd] as const,
};

export function tabletQueryOptions() {
  return queryOptions({
    queryKey: storeModeKeys.tablet,
    queryFn: async () => callOperation((await loadStoreModeContract()).tabletStatusOperation),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The paired tablet, or null. Ordinary shoppers have no marker and never ask the server; a tablet
 * confirms its pairing with LOJA_TABLET, and a revoked one (401) forgets the marker at once.
 * Offline, the marker is trusted for display only (staff calls need the network anyway).
 */
export function useTablet(): TabletMarker | null {
  const marker = useTabletMarker();
  const status = useQuery({ ...tabletQueryOptions(), enabled: marker !== null });
  const revoked = isApiError(status.error) && status.error.status === 401;
  useEffect(() => {
    if (revoked) saveTabletMarker(null);
  }, [revoked]);
  if (!marker || revoked) return null;
  return status.data ? { loja: status.data.loja, tablet: status.data.tablet } : marker;
}

export function usePairTablet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (codigo: string) =>
      callOperation((await loadStoreModeContract()).pairTabletOperation, { body: { codigo } }),
    onSuccess: (answer: TabletAnswer) => {
      saveTabletMarker(answer);
      queryClient.setQueryData(storeModeKeys.tablet, answer);
    },
  });
}
