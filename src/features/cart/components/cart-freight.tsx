import { useState } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import type { ShippingOption } from '../../../api/freight';
import { isApiError } from '../../../api/errors';
import { calculateFreight } from '../../../queries/calculate-freight';
import { FreightCalculator } from '../../../components/freight-calculator';
import { ShippingOptionList } from '../../../components/shipping-option-list';
import { centavosToReais } from '../../../domain/money';
import { saveCartShipping, selectCartShipping } from '../../../storage/cart';
import { cartSubtotalCentavos } from '../../../storage/cart-totals';
import type { CartLine, CartShipping } from '../../../storage/db';

function freightItems(lines: readonly CartLine[]) {
  return lines.map((line) => ({ idprd: line.id, quantity: line.quantity }));
}

/** Keeps a new quote with the shopper's choice when it is still offered. */
function keepQuote(cep: string, options: ShippingOption[], previous: CartShipping | null): Promise<void> {
  const kept = options.some((option) => option.id === previous?.selectedId)
    ? (previous?.selectedId ?? null)
    : null;
  return saveCartShipping({ cep, options, selectedId: kept });
}

/** Quotes again after the lines changed (APP_0031); a CEP no longer served forgets the quote. */
export async function refreshCartFreight(
  cep: string,
  lines: readonly CartLine[],
  previous: CartShipping | null,
): Promise<void> {
  try {
    const options = await calculateFreight({
      cep,
      items: freightItems(lines),
      totalCompra: centavosToReais(cartSubtotalCentavos(lines)),
    });
    await keepQuote(cep, options, previous);
  } catch (error) {
    if (isApiError(error) && error.status === 404) await saveCartShipping(null);
    else throw error;
  }
}

interface CartFreightProps {
  lines: readonly CartLine[];
  shipping: CartShipping | null;
}

/**
 * The shared postal-code calculator (failures titled 'Informação' on the cart);
 * its answer goes to IndexedDB so the options and the choice survive reloads and reach other tabs.
 */
export function CartFreight({ lines, shipping }: CartFreightProps) {
  // The click shows at once; IndexedDB (and so the other tabs) follow a moment later.
  const [picking, setPicking] = useState<number | null>(null);
  function pick(id: number) {
    setPicking(id);
    void selectCartShipping(id).finally(() => setPicking(null));
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Calcular frete
        </Title>
        <FreightCalculator
          items={freightItems(lines)}
          totalCompra={centavosToReais(cartSubtotalCentavos(lines))}
          errorTitle="Informação"
          initialCep={shipping?.cep ?? ''}
          onCalculated={(cep, options) => void keepQuote(cep, options, shipping)}
          renderOptions={() => null}
        />
        {shipping && shipping.options.length > 0 ? (
          <ShippingOptionList
            label="Opções de envio"
            options={shipping.options}
            value={picking ?? shipping.selectedId}
            onChange={pick}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
