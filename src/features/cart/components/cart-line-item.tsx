import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { isApiError, messageOf } from '../../../api/errors';
import { QuantityStepper } from '../../../components/quantity-stepper';
import { toast } from '../../../browser/toast';
import { paths } from '../../../config/paths';
import { formatBRL, formatDecimal, moneyToCentavos } from '../../../domain/money';
import { boxArea, isBoxItem, lineTotalCentavos } from '../../../storage/cart-totals';
import { dismissCartNotice, loteIdOf } from '../../../storage/cart';
import type { CartLine } from '../../../storage/db';
import { getStock } from '../../../queries/check-stock';
import { ErrorText } from '../../../components/error-text';

/** The stock message stays under the item for 3 s. */
export const STOCK_MESSAGE_MS = 3000;

interface CartLineItemProps {
  line: CartLine;
  /** What re-checking the cart found for this line (a new price, less stock). */
  notice?: string;
  onQuantity(line: CartLine, quantity: number): Promise<void>;
  onRemove(line: CartLine): Promise<void>;
}

export function CartLineItem({ line, notice, onQuantity, onRemove }: CartLineItemProps) {
  const [checking, setChecking] = useState(false);
  const [stockMessage, setStockMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const box = isBoxItem(line);
  const unit = box ? 'm²' : line.codundvenda || 'un';

  function showStockMessage(message: string) {
    clearTimeout(timer.current);
    setStockMessage(message);
    timer.current = setTimeout(() => setStockMessage(null), STOCK_MESSAGE_MS);
  }

  async function changeQuantity(next: number) {
    if (next <= line.quantity) {
      await onQuantity(line, next);
      return;
    }
    // +1 only once the stock check passes.
    setChecking(true);
    try {
      await getStock({ idprd: Number(line.id), quantity: next, lote: loteIdOf(line.selectedLote) });
      await onQuantity(line, next);
    } catch (error) {
      if (isApiError(error) && error.status === 406)
        showStockMessage(error.resposta ?? 'Quantidade indisponível em estoque.');
      else toast.error(messageOf(error, 'Erro ao verificar o estoque.'));
    } finally {
      setChecking(false);
    }
  }

  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={line.name}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Anchor component={Link} to={paths.product(line.id)} aria-hidden tabIndex={-1}>
          <Image src={line.image} alt="" w={80} h={80} width={80} height={80} fit="contain" loading="lazy" />
        </Anchor>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={paths.product(line.id)} fw={600} size="sm" c="dark">
            {line.name}
          </Anchor>
          <Text size="sm">
            {formatBRL(moneyToCentavos(line.price))} / {unit}
          </Text>
          {box ? (
            <Text size="xs" c="dimmed">
              Caixa com {line.multiploprdvenda} m² · {line.quantity}{' '}
              {line.quantity === 1 ? 'caixa' : 'caixas'} ={' '}
              {formatDecimal(boxArea(line) * line.quantity, 0, 2)} m²
            </Text>
          ) : null}
          <Group justify="space-between" align="center" wrap="wrap" gap="xs">
            <QuantityStepper
              label={`Quantidade de ${line.name}`}
              value={line.quantity}
              onChange={(next) => void changeQuantity(next)}
              disabled={checking}
              size="sm"
            />
            <Text fw={700} aria-label={`Total de ${line.name}`}>
              {formatBRL(lineTotalCentavos(line))}
            </Text>
          </Group>
          {notice ? (
            <Alert color="yellow" variant="light" p="xs" role="status">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                  {notice}
                </Text>
                {/* Its own width beside a long notice: squeezed, 'OK' showed as a red 'o'. */}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  style={{ flexShrink: 0 }}
                  onClick={() => void dismissCartNotice(line.id)}
                >
                  OK
                </Button>
              </Group>
            </Alert>
          ) : null}
          <ErrorText>{stockMessage}</ErrorText>
          <Group>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              aria-label={`Remover ${line.name}`}
              onClick={() => void onRemove(line)}
            >
              Remover
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
