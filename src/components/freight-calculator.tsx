import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Group, List, Stack, Text, TextInput } from '@mantine/core';
import type { ShippingOption } from '../api/freight';
import { isApiError, messageOf } from '../api/errors';
import { CEP_LENGTH, CEP_MAX_INPUT_LENGTH, cepDigits, formatCep } from '../domain/cep';
import { reaisToCentavos } from '../domain/money';
import { freightLabel, shippingLabelLines } from '../domain/shipping';
import { whatsappLink } from '../domain/store';
import { useCalculateFreight, type FreightItem } from '../queries/calculate-freight';
import { toast } from '../browser/toast';
import { OnlineOnlyButton } from './online-only-button';
import { typedBeforeHydration } from '../browser/typed-before-hydration';

interface FreightCalculatorProps {
  items: readonly FreightItem[];
  totalCompra?: number;
  /** Toast title for a failed calculation: 'Erro' (product page) or 'Informação' (cart). */
  errorTitle?: string;
  initialCep?: string;
  /** Called with the options of a successful calculation. */
  onCalculated?(cep: string, options: ShippingOption[]): void;
  /** Shows the options some other way (the cart's radio list); a plain list otherwise. */
  renderOptions?(options: ShippingOption[]): ReactNode;
}

/**
 * Postal-code freight calculator: digits only, shown as 00000-000, 'Calcular'
 * enabled at exactly 8 digits; idle, loading, result. A 404 means the store has no automatic
 * delivery there: the custom-delivery notice offers WhatsApp instead.
 */
/** The field's name: a CEP typed before the app took over the page is kept (typed-before-hydration.ts). */
const CEP_FIELD = 'cep-frete';

export function FreightCalculator({
  items,
  totalCompra,
  errorTitle = 'Erro',
  initialCep = '',
  onCalculated,
  renderOptions,
}: FreightCalculatorProps) {
  const [cep, setCep] = useState(() => formatCep(typedBeforeHydration(CEP_FIELD) ?? initialCep));
  const freight = useCalculateFreight();
  const digits = cepDigits(cep);
  const complete = digits.length === CEP_LENGTH;
  const outOfArea =
    freight.isError && isApiError(freight.error) && freight.error.status === 404 ? freight.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return; // an incomplete CEP is ignored, not an error
    freight.mutate(
      { cep: digits, items, totalCompra },
      {
        onSuccess: (options) => onCalculated?.(digits, options),
        onError: (error) => {
          if (isApiError(error) && error.status === 404) return;
          toast.error(messageOf(error, 'Erro ao calcular frete'), errorTitle);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Calcule o frete e o prazo"
            placeholder="00000-000"
            inputMode="numeric"
            autoComplete="postal-code"
            name={CEP_FIELD}
            maxLength={CEP_MAX_INPUT_LENGTH}
            value={cep}
            onChange={(event) => {
              setCep(formatCep(cepDigits(event.currentTarget.value).slice(0, CEP_LENGTH)));
              if (!freight.isIdle) freight.reset();
            }}
            style={{ flex: 1, maxWidth: 220 }}
          />
          <OnlineOnlyButton type="submit" disabled={!complete} loading={freight.isPending}>
            Calcular
          </OnlineOnlyButton>
        </Group>
        <Anchor
          href="https://buscacepinter.correios.com.br/app/endereco/index.php"
          target="_blank"
          rel="noopener noreferrer"
          fz="xs"
        >
          Não sei meu CEP
        </Anchor>
      </form>
      <div aria-live="polite">
        {freight.isSuccess &&
          (renderOptions ? renderOptions(freight.data) : <FreightOptions options={freight.data} />)}
        {outOfArea && <CustomDeliveryNotice cep={formatCep(digits)} message={outOfArea.resposta} />}
      </div>
    </Stack>
  );
}

function FreightOptions({ options }: { options: ShippingOption[] }) {
  if (options.length === 0) return <Text c="dark.5">Nenhuma opção de entrega para este CEP.</Text>;
  const today = new Date();
  return (
    <List listStyleType="none" spacing="xs" aria-label="Opções de entrega" p={0}>
      {options.map((option) => (
        <List.Item key={option.id}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <div>
              <Text fw={600} fz="sm">
                {option.name}
              </Text>
              {shippingLabelLines(option, today).map((line) => (
                <Text key={line} fz="xs" c="dark.5">
                  {line}
                </Text>
              ))}
            </div>
            <Text fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {freightLabel(reaisToCentavos(option.price))}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/** A 404 shows the custom-delivery notice with a messaging-app contact. */
export function CustomDeliveryNotice({ cep, message }: { cep: string; message?: string }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Entrega personalizada"
      // The yellow title colour is below AA contrast on the light background.
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Text fz="sm">
        {message ??
          `Ainda não temos entrega automática para o CEP ${cep}. Fale com a gente pelo WhatsApp e combinamos uma entrega personalizada.`}
      </Text>
      <Anchor
        href={whatsappLink(`Olá! Gostaria de combinar uma entrega para o CEP ${cep}.`)}
        target="_blank"
        rel="noopener noreferrer"
        fw={700}
        fz="sm"
        c="dark.7"
        underline="always"
      >
        Falar pelo WhatsApp
      </Anchor>
    </Alert>
  );
}
