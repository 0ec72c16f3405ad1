import { Divider, Group, Paper, Text } from '@mantine/core';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { freightLabel } from '../../../domain/shipping';

const brl = (reais: number) => formatBRL(reaisToCentavos(reais));

/** The order's subtotal, freight and total (reais, as APP_0053 answers them). */
export function OrderTotals({
  subtotal,
  freight,
  total,
}: {
  subtotal: number;
  freight: number;
  total: number;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between">
        <Text>Subtotal</Text>
        <Text>{brl(subtotal)}</Text>
      </Group>
      <Group justify="space-between">
        <Text>Frete</Text>
        <Text>{freightLabel(reaisToCentavos(freight))}</Text>
      </Group>
      <Divider my="xs" />
      <Group justify="space-between">
        <Text fw={700}>Total</Text>
        <Text fw={700}>{brl(total)}</Text>
      </Group>
    </Paper>
  );
}
