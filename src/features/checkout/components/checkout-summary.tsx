import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { addressLine } from '../../../domain/address';
import { ACCEPTED_BRANDS, BRAND_LABELS } from '../../../domain/card';
import { formatCep } from '../../../domain/cep';
import { hideDocument } from '../../../domain/documents';
import { formatBRL, moneyToCentavos } from '../../../domain/money';
import { linePriceText, lineQuantityText } from '../../../domain/quantity';
import { interestFreeOffer, PIX_DISCOUNT_LABEL } from '../../../domain/payment-options';
import { freightLabel } from '../../../domain/shipping';
import { itemCountLabel } from '../../../domain/texts';
import { useCartNotices } from '../../../storage/cart';
import { lineTotalCentavos, cartUnitCount } from '../../../storage/cart-totals';
import type { CartLine, CheckoutFormData } from '../../../storage/db';
import { useSessionValue } from '../../../storage/session-keys';
import type { CheckoutTotals, StepName } from '../lib/checkout-rules';

function parseCustomer(raw: string | null): { nome?: string; doc?: string } | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as { nome?: string; doc?: string };
  } catch {
    return null;
  }
}

interface CheckoutSummaryProps {
  lines: readonly CartLine[];
  form: CheckoutFormData;
  totals: CheckoutTotals;
  onEdit(step: StepName): void;
}

/** The order summary column. */
export function CheckoutSummary({ lines, form, totals, onEdit }: CheckoutSummaryProps) {
  const customer = parseCustomer(useSessionValue('dados_cliente'));
  const sessionName = useSessionValue('nome');
  const nome = customer?.nome || sessionName || '';
  // What re-checking the cart found (a new price, less stock), shown here too before paying.
  const notices = useCartNotices() ?? {};
  return (
    <Paper withBorder radius="md" p="md" component="aside" aria-label="Resumo do pedido">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Resumo do pedido
          </Title>
          <Text size="sm" c="dimmed">
            {itemCountLabel(cartUnitCount(lines))}
          </Text>
        </Group>
        <div>
          <Text fw={600}>{nome}</Text>
          {customer?.doc ? (
            <Text size="sm" c="dimmed">
              {hideDocument(customer.doc)}
            </Text>
          ) : null}
        </div>
        {form.address ? (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" fw={600}>
                Endereço de entrega
              </Text>
              <Text size="sm">{addressLine(form.address)}</Text>
              <Text size="sm">CEP {formatCep(form.address.cep)}</Text>
            </div>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onEdit('address')}
              style={{ flexShrink: 0 }}
              aria-label="Editar endereço"
            >
              Editar
            </Button>
          </Group>
        ) : null}
        {form.shipping ? (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" fw={600}>
                Envio
              </Text>
              <Text size="sm">{form.shipping.option.name}</Text>
            </div>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onEdit('shipping')}
              style={{ flexShrink: 0 }}
              aria-label="Editar envio"
            >
              Editar
            </Button>
          </Group>
        ) : null}
        <Divider />
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Itens do pedido">
          {lines.map((line, index) => (
            <Stack key={line.id} component="li" gap={4}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm">
                    {index + 1}. {line.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {`${lineQuantityText(line.quantity, line.multiploprdvenda)} x ${linePriceText(moneyToCentavos(line.price), line.multiploprdvenda)}`}
                  </Text>
                </div>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatBRL(lineTotalCentavos(line))}
                </Text>
              </Group>
              {notices[line.id] ? (
                <Alert color="yellow" variant="light" p={6} role="status">
                  <Text size="xs">{notices[line.id]}</Text>
                </Alert>
              ) : null}
            </Stack>
          ))}
        </Stack>
        <Divider />
        <Group justify="space-between">
          <Text size="sm">Subtotal dos produtos</Text>
          <Text size="sm">{formatBRL(totals.subtotal)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Frete</Text>
          <Text size="sm">{form.shipping ? freightLabel(totals.freight) : 'A calcular'}</Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700}>{formatBRL(totals.total)}</Text>
        </Group>
        <Text size="sm" ta="right">
          <strong>{formatBRL(totals.pix)}</strong> no PIX <Badge color="teal.9">{PIX_DISCOUNT_LABEL}</Badge>
        </Text>
        {totals.installments.length > 0 ? (
          <Text size="sm" ta="right" c="dimmed">
            {interestFreeOffer(totals.installments)}
          </Text>
        ) : null}
        <Group gap="xs" justify="center" mt="xs">
          <Badge variant="light" color="gray">
            Compra segura
          </Badge>
          <Badge variant="light" color="gray">
            Dados protegidos
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          {ACCEPTED_BRANDS.map((brand) => BRAND_LABELS[brand]).join(' · ')} · Pix
        </Text>
      </Stack>
    </Paper>
  );
}
