import '@mantine/core/styles/Radio.css';
import { useState } from 'react';
import { Alert, Button, Loader, Radio, Stack, Text } from '@mantine/core';
import { messageOf } from '../../../api/errors';
import { OFFLINE_ACTION_REASON, useOnlineStatus } from '../../../hooks/online-status';
import { ShippingOptionList } from '../../../components/shipping-option-list';
import { formatCep } from '../../../domain/cep';
import { SHIPPING_PICKUP } from '../../../domain/shipping';
import { OPENING_HOURS_TEXT, PHYSICAL_STORES } from '../../../domain/store';
import { updateCheckoutForm } from '../../../storage/checkout-form';
import type { CartLine, CheckoutFormData } from '../../../storage/db';
import { useFreightQuote } from '../api/quote-freight';

interface ShippingStepProps {
  form: CheckoutFormData;
  lines: readonly CartLine[];
  /** The option picked on the cart page, preselected when offered here too. */
  cartChoice: number | null;
  onSaved(): void;
}

export function ShippingStep({ form, lines, cartChoice, onSaved }: ShippingStepProps) {
  const quote = useFreightQuote(form.address, lines);
  const online = useOnlineStatus();
  const reserved = form.reservedStoreId ?? null;
  const [picked, setPicked] = useState<number | null>(
    form.shipping?.option.id ?? (reserved !== null ? SHIPPING_PICKUP : cartChoice),
  );
  const [storeId, setStoreId] = useState<number | null>(form.shipping?.storeId ?? reserved);

  // The options come from the server; offline the step says so (they load again on reconnecting).
  if (!online && !quote.isSuccess) {
    return (
      <Alert color="gray" variant="light" role="status">
        {OFFLINE_ACTION_REASON}
      </Alert>
    );
  }
  if (quote.isPending) return <Loader size="sm" aria-label="Calculando frete" />;
  if (quote.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {messageOf(quote.error, 'Erro ao calcular frete')}
      </Alert>
    );
  }
  const options = quote.data;
  const selected = options.find((option) => option.id === picked) ?? null;
  const pickup = selected?.id === SHIPPING_PICKUP;
  // Our server names the stores that hold the whole cart; another DataSnap may not (then all five).
  const offered = selected?.lojas?.map((loja) => loja.id);
  const stores = offered ? PHYSICAL_STORES.filter((store) => offered.includes(store.id)) : PHYSICAL_STORES;
  const chosenStore = stores.some((store) => store.id === storeId) ? storeId : null;
  const ready = !!selected && (!pickup || chosenStore !== null);

  async function save() {
    if (!selected) return;
    await updateCheckoutForm((current) => ({
      ...current,
      shipping: { option: selected, storeId: pickup ? (chosenStore ?? undefined) : undefined },
      confirmed: { ...current.confirmed, shipping: true, payment: false },
    }));
    onSaved();
  }

  return (
    <Stack gap="md">
      <ShippingOptionList
        label="Escolha a forma de envio"
        options={options}
        value={selected?.id ?? null}
        onChange={setPicked}
      />
      {pickup ? (
        <Radio.Group
          label="Escolha a loja para retirada"
          value={chosenStore === null ? null : String(chosenStore)}
          onChange={(value) => setStoreId(Number(value))}
        >
          <Stack gap="xs" mt="xs">
            {stores.map((store) => (
              <Radio
                key={store.id}
                value={String(store.id)}
                label={
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {store.name}
                    </Text>
                    <Text size="xs">
                      {store.street} - {store.bairro}, {store.cidade}/{store.uf} - CEP {formatCep(store.cep)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {OPENING_HOURS_TEXT}
                    </Text>
                  </Stack>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      <div>
        <Button color="red.8" disabled={!ready} onClick={() => void save()}>
          Salvar forma de envio
        </Button>
      </div>
    </Stack>
  );
}
