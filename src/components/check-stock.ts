import { callOperation } from '../api/client';
import { stockOperation, type StockAnswer } from '../api/catalogue';

export interface StockRequest {
  idprd: number;
  quantity: number;
  lote?: number;
}

/** APP_0034: resolves when the quantity is available; throws ApiError 406 with `resposta` when not. */
export function checkStock({ idprd, quantity, lote }: StockRequest): Promise<StockAnswer> {
  return callOperation(stockOperation, { query: { codigo: idprd, qtde: quantity, lote } });
}
