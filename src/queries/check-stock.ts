import { callOperation } from '../api/client';
import { loadCatalogueContract } from '../api/load-catalogue';
import type { StockAnswer } from '../api/catalogue';

export interface StockRequest {
  idprd: number;
  quantity: number;
  lote?: number;
}

/** APP_0034: resolves when the quantity is available; throws ApiError 406 with `resposta` when not. */
export async function getStock({ idprd, quantity, lote }: StockRequest): Promise<StockAnswer> {
  const { stockOperation } = await loadCatalogueContract();
  return callOperation(stockOperation, { query: { codigo: idprd, qtde: quantity, lote } });
}
