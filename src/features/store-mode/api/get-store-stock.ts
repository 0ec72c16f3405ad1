import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { PHYSICAL_STORES } from '../../../domain/store';
import { storeModeKeys } from './tablet';

/** A product's stock per store as the panel shows it; `offlineAt` when read from the downloaded copy. */
export interface StoreStockView {
  lojas: {
    id: number;
    nome: string;
    estoque: number;
    lotes: { idlote: number; lote: string; estoque: number }[];
  }[];
  online: number | null;
  offlineAt: Date | null;
}

/** Offline: the figures the tablet downloaded with the catalogue, dated by that download. */
async function fromDownloadedCopy(idprd: number, ownStoreId: number): Promise<StoreStockView | undefined> {
  const { readStoredStoreStock } = await import('../../../storage/catalogue-download');
  const stored = await readStoredStoreStock();
  const figures = stored?.estoque[String(idprd)];
  if (!stored || !figures) return undefined;
  const lojas = stored.lojas.map((loja, index) => ({ ...loja, estoque: figures[index] ?? 0, lotes: [] }));
  return {
    lojas: [
      ...lojas.filter((loja) => loja.id === ownStoreId),
      ...lojas.filter((loja) => loja.id !== ownStoreId),
    ],
    online: null,
    offlineAt: new Date(stored.savedAt),
  };
}

export async function getStoreStock(idprd: number, ownStoreId: number): Promise<StoreStockView> {
  try {
    // The contract (zod) loads with the request: the product page hydrates without it.
    const { storeStockOperation } = await import('../../../api/store-mode');
    const answer = await callOperation(storeStockOperation, { query: { codigo: idprd } });
    return { lojas: answer.lojas, online: answer.online, offlineAt: null };
  } catch (error) {
    if (isApiError(error) && error.kind === 'network') {
      const copy = await fromDownloadedCopy(idprd, ownStoreId);
      if (copy) return copy;
    }
    throw error;
  }
}

export function storeStockQueryOptions(idprd: number, ownStoreId: number) {
  return queryOptions({
    queryKey: [...storeModeKeys.stock(idprd), ownStoreId],
    queryFn: () => getStoreStock(idprd, ownStoreId),
    staleTime: 30_000,
    retry: false,
  });
}

export function useStoreStock(idprd: number, ownStoreId: number | undefined) {
  return useQuery({
    ...storeStockQueryOptions(idprd, ownStoreId ?? PHYSICAL_STORES[0].id),
    enabled: ownStoreId !== undefined,
    // A tablet in a weak-signal aisle asks again when the network is back.
    networkMode: 'always',
  });
}
