import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { isApiError, messageOf } from '../../../api/errors';
import { toast } from '../../../components/toast';
import { ShippingOptionList } from '../../../components/shipping-option-list';
import { CEP_LENGTH, CEP_MAX_INPUT_LENGTH, cepDigits, formatCep } from '../../../domain/cep';
import { whatsappLink } from '../../../domain/store';
import { saveCartShipping, selectCartShipping } from '../../../storage/cart';
import type { CartLine, CartShipping } from '../../../storage/db';
import { calculateCartFreight } from '../api/calculate-freight';

const FREIGHT_ERROR = 'Erro ao calcular frete';

/**
 * Asks APP_0031 for the cart's lines and keeps the answer with the choice still valid. Returns the
 * 404 notice text when the store does not deliver there.
 */
export async function refreshCartFreight(
  cep: string,
  lines: readonly CartLine[],
  previous: CartShipping | null,
): Promise<{ outOfArea: string | null }> {
  try {
    const options = await calculateCartFreight({ cep, lines });
    const kept = options.some((option) => option.id === previous?.selectedId)
      ? (previous?.selectedId ?? null)
      : null;
    await saveCartShipping({ cep, options, selectedId: kept });
    return { outOfArea: null };
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      await saveCartShipping(null);
      return { outOfArea: error.resposta ?? '' };
    }
    throw error;
  }
}

interface CartFreightProps {
  lines: readonly CartLine[];
  shipping: CartShipping | null;
}

/** The cart's postal-code freight calculator and the shipping options to choose from (spec §2, §4). */
export function CartFreight({ lines, shipping }: CartFreightProps) {
  const [cep, setCep] = useState(() => formatCep(shipping?.cep ?? ''));
  const [loading, setLoading] = useState(false);
  const [outOfArea, setOutOfArea] = useState<string | null>(null);
  const digits = cepDigits(cep);

  async function calculate(event: React.FormEvent) {
    event.preventDefault();
    if (digits.length !== CEP_LENGTH) return;
    setLoading(true);
    try {
      const result = await refreshCartFreight(digits, lines, shipping);
      setOutOfArea(result.outOfArea);
    } catch (error) {
      toast.info(messageOf(error, FREIGHT_ERROR));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Calcular frete
        </Title>
        <form onSubmit={calculate}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="CEP"
              placeholder="00000-000"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={CEP_MAX_INPUT_LENGTH}
              value={cep}
              onChange={(event) => setCep(formatCep(event.currentTarget.value))}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={digits.length !== CEP_LENGTH} loading={loading}>
              Calcular
            </Button>
          </Group>
        </form>
        {outOfArea !== null ? (
          <Text size="sm" role="status">
            {outOfArea || 'Ainda não entregamos neste CEP pelo site.'}{' '}
            <Anchor
              href={whatsappLink(
                `Olá! Gostaria de uma entrega personalizada para o CEP ${formatCep(digits)}.`,
              )}
              target="_blank"
              rel="noopener noreferrer"
            >
              Fale conosco pelo WhatsApp para uma entrega personalizada.
            </Anchor>
          </Text>
        ) : null}
        {shipping && shipping.options.length > 0 ? (
          <ShippingOptionList
            label="Opções de envio"
            options={shipping.options}
            value={shipping.selectedId}
            onChange={(id) => void selectCartShipping(id)}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
