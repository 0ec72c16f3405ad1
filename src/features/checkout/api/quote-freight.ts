import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '../../../api/client';
import { freightByAddressOperation, type FreightAnswer } from '../../../api/freight';
import { centavosToReais } from '../../../domain/money';
import { cartSubtotalCentavos } from '../../../storage/cart-totals';
import type { Address, CartLine } from '../../../storage/db';

/** APP_0030: the shipping options for the delivery address and the cart's lines. */
export function getFreightQuote(
  address: Address,
  lines: readonly CartLine[],
  signal?: AbortSignal,
): Promise<FreightAnswer> {
  return callOperation(freightByAddressOperation, {
    body: {
      cep: address.cep,
      street: address.street,
      number: address.number,
      complement: address.complement,
      bairro: address.bairro,
      cidade: address.cidade,
      uf: address.uf,
      ids: lines.map((line) => ({ id: Number(line.id), quantity: line.quantity })),
      total_compra: centavosToReais(cartSubtotalCentavos(lines)),
    },
    signal,
  });
}

export const freightQueryOptions = (address: Address | null, lines: readonly CartLine[]) =>
  queryOptions({
    queryKey: [
      'checkout',
      'freight',
      address?.cep ?? '',
      address?.street ?? '',
      address?.number ?? '',
      lines.map((line) => `${line.id}x${line.quantity}`).join(','),
    ],
    queryFn: ({ signal }) => getFreightQuote(address!, lines, signal),
    enabled: !!address && lines.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useFreightQuote(address: Address | null, lines: readonly CartLine[]) {
  return useQuery(freightQueryOptions(address, lines));
}
