import { useMutation } from '@tanstack/react-query';
import { callOperation } from '../api/client';
import { loadFreightContract } from '../api/load-catalogue';
import type { ShippingOption } from '../api/freight';

export interface FreightItem {
  idprd: number | string;
  quantity: number;
}

export interface FreightRequest {
  /** 8 digits. */
  cep: string;
  items: readonly FreightItem[];
  /** reais; the server recomputes it from the database. */
  totalCompra?: number;
}

/** APP_0031: the shipping options for a CEP; 404 (ApiError) where the store does not deliver. */
export async function calculateFreight({
  cep,
  items,
  totalCompra,
}: FreightRequest): Promise<ShippingOption[]> {
  const { freightByCepOperation } = await loadFreightContract();
  return callOperation(freightByCepOperation, {
    body: {
      cep,
      ids: items.map((item) => ({ id: Number(item.idprd), quantity: item.quantity })),
      total_compra: totalCompra,
    },
  });
}

export function useCalculateFreight() {
  return useMutation({ mutationFn: calculateFreight });
}
