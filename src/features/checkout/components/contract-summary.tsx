import { Anchor, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatBRL } from '../../../domain/money';
import { PIX_DISCOUNT_LABEL } from '../../../domain/payment-options';
import { lineQuantityText } from '../../../domain/quantity';
import { freightLabel } from '../../../domain/shipping';
import { WITHDRAWAL_TERMS } from '../../../domain/withdrawal';
import { lineTotalCentavos } from '../../../storage/cart-totals';
import type { CartLine, PaymentMethod } from '../../../storage/db';
import type { CheckoutTotals } from '../lib/checkout-rules';

// Decreto 7.962/2013 art. 4: before the purchase is finished, the summary of the contract (items,
// prices, freight, payment terms, total, the right of withdrawal) and the full terms a link away.

interface ContractSummaryProps {
  lines: readonly CartLine[];
  totals: CheckoutTotals;
  method: PaymentMethod;
  shippingName: string | undefined;
}

/** The most instalments this total is offered in (the minimum instalment may stop short of 10x). */
function mostInstallments(totals: CheckoutTotals): number {
  return totals.installments.at(-1)?.nParcelas ?? 1;
}

export function ContractSummary({ lines, totals, method, shippingName }: ContractSummaryProps) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="resumo-contrato">
      <Title order={3} size="h5" id="resumo-contrato" mb="xs">
        Resumo do contrato
      </Title>
      <Stack gap={4}>
        {lines.map((line) => (
          <Group key={line.id} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">
              {lineQuantityText(line.quantity, line.multiploprdvenda)} x {line.name}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatBRL(lineTotalCentavos(line))}
            </Text>
          </Group>
        ))}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">Frete{shippingName ? ` (${shippingName})` : ''}</Text>
          <Text size="sm">{freightLabel(totals.freight)}</Text>
        </Group>
        <Divider my={4} />
        <Group justify="space-between">
          <Text size="sm" fw={700}>
            Total
          </Text>
          <Text size="sm" fw={700}>
            {formatBRL(method === 'pix' ? totals.pix : totals.total)}
          </Text>
        </Group>
        <Text size="sm">
          {method === 'pix'
            ? `Pagamento: PIX à vista, com ${PIX_DISCOUNT_LABEL} sobre os produtos (${formatBRL(totals.subtotal)}).`
            : `Pagamento: cartão de crédito em até ${mostInstallments(totals)}x; as parcelas com juros mostram a taxa, o CET e o total antes da confirmação.`}
        </Text>
        <Text size="sm">{WITHDRAWAL_TERMS}</Text>
        <Anchor component={Link} to={paths.terms} size="sm" target="_blank" rel="noopener">
          Termos e condições de compra
        </Anchor>
      </Stack>
    </Paper>
  );
}
