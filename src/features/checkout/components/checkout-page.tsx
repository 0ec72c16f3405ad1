import { useEffect, useState } from 'react';
import { Box, Button, Container, Grid, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { freightLabel } from '../../../domain/shipping';
import { moneyToCentavos } from '../../../domain/money';
import { addressLine } from '../../../domain/address';
import { useCartLines, useCartShipping } from '../../../storage/cart';
import { updateCheckoutForm, updateOrderFlow, useCheckoutForm } from '../../../storage/checkout-form';
import type { CartLine, CartShipping, CheckoutFormData } from '../../../storage/db';
import { useSessionValue, writeSession } from '../../../storage/session-keys';
import { getMovementCode } from '../api/orders';
import {
  canOpen,
  checkoutTotals,
  completedSteps,
  firstOpenStep,
  progressLabel,
  type StepName,
} from '../lib/checkout-rules';
import { AddressStep } from './address-step';
import { CheckoutHeader } from './checkout-header';
import { CheckoutStep } from './checkout-step';
import { CheckoutSummary } from './checkout-summary';
import { PaymentStep } from './payment-step';
import { ProcessingOverlay } from './processing-overlay';
import { ShippingStep } from './shipping-step';
import { useQuoteLines } from '../lib/quote-lines';

export function CheckoutPage() {
  const navigate = useNavigate();
  const signedIn = (useSessionValue('nome') ?? '').trim() !== '';
  const [params] = useSearchParams();
  const quoteId = Number(params.get('orcamento')) || null;
  const cartLines = useCartLines();
  const quote = useQuoteLines(quoteId, signedIn);
  const lines = quoteId === null ? cartLines : quote.lines;
  const form = useCheckoutForm();
  const cartShipping = useCartShipping();

  useEffect(() => {
    if (signedIn) return;
    writeSession('redirect', quoteId === null ? paths.checkout : `${paths.checkout}?orcamento=${quoteId}`);
    navigate(paths.login, { replace: true });
  }, [signedIn, navigate, quoteId]);

  // APP_0070: the movement code is saved before the purchase; only logged when it fails.
  useQuery({
    queryKey: ['checkout', 'movimento'],
    queryFn: async () => {
      const codigo = await getMovementCode();
      await updateOrderFlow({ movimento: codigo });
      return codigo;
    },
    enabled: signedIn,
    staleTime: Infinity,
    retry: false,
    throwOnError: false,
  });

  return (
    <Box mih="100vh" bg="gray.0">
      <CheckoutHeader />
      <Container size="lg" py="md">
        {quote.refusal ? (
          <CheckoutNotice
            title={`Orçamento nº ${quoteId}`}
            message={quote.refusal}
            to={paths.quoteDetails(quoteId!)}
            label="Ver o orçamento"
          />
        ) : !signedIn || lines === undefined || form === undefined || cartShipping === undefined ? (
          <Text c="dimmed">Carregando...</Text>
        ) : lines.length === 0 ? (
          <CheckoutNotice title="Seu carrinho está vazio" to={paths.home} label="Continuar Comprando" />
        ) : (
          <CheckoutFlow
            lines={lines}
            form={form}
            cartShipping={quoteId === null ? cartShipping : null}
            quoteId={quoteId}
          />
        )}
      </Container>
    </Box>
  );
}

/**
 * What the checkout shows instead of its steps: an empty cart, or a quote that cannot be bought now
 * (not answered, expired, bought already) with why; and where to go.
 */
function CheckoutNotice({
  title,
  message,
  to,
  label,
}: {
  title: string;
  message?: string;
  to: string;
  label: string;
}) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {message && <Text role="alert">{message}</Text>}
      <Button component={Link} to={to} color="red.8">
        {label}
      </Button>
    </Stack>
  );
}

interface CheckoutFlowProps {
  lines: CartLine[];
  form: CheckoutFormData;
  cartShipping: CartShipping | null;
  quoteId: number | null;
}

function CheckoutFlow({ lines, form, cartShipping, quoteId }: CheckoutFlowProps) {
  const [open, setOpen] = useState<StepName>(() => firstOpenStep(form));
  const [overlay, setOverlay] = useState<string | null>(null);
  const totals = checkoutTotals(lines, form.shipping?.option);
  const done = completedSteps(form);

  /** 'Editar' (a card or the summary): reopen the step; it counts as done again once saved. */
  function edit(step: StepName) {
    if (!canOpen(step, form)) return;
    setOpen(step);
    void updateCheckoutForm((current) => ({
      ...current,
      confirmed: { ...current.confirmed, [step]: false },
    }));
  }

  return (
    <>
      <ProcessingOverlay message={overlay} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Text fw={600} mb={6}>
                {progressLabel(form)}
              </Text>
              <Progress value={(done / 3) * 100} color="green.8" aria-label={progressLabel(form)} />
            </Paper>
            <CheckoutStep
              number={1}
              title="Endereço de Entrega"
              open={open === 'address'}
              done={form.confirmed.address}
              reachable
              onOpen={() => edit('address')}
              summary={form.address ? <Text size="sm">{addressLine(form.address)}</Text> : null}
            >
              <AddressStep
                form={form}
                lines={lines}
                cartCep={cartShipping?.cep ?? null}
                onSaved={() => setOpen('shipping')}
              />
            </CheckoutStep>
            <CheckoutStep
              number={2}
              title="Formas de Envio"
              open={open === 'shipping'}
              done={form.confirmed.shipping}
              reachable={canOpen('shipping', form)}
              onOpen={() => edit('shipping')}
              summary={
                form.shipping ? (
                  <Text size="sm">
                    {form.shipping.option.name} - {freightLabel(moneyToCentavos(form.shipping.option.price))}
                  </Text>
                ) : null
              }
            >
              <ShippingStep
                form={form}
                lines={lines}
                cartChoice={cartShipping?.selectedId ?? null}
                onSaved={() => setOpen('payment')}
              />
            </CheckoutStep>
            <CheckoutStep
              number={3}
              title="Forma de Pagamento"
              open={open === 'payment' && canOpen('payment', form)}
              done={form.confirmed.payment}
              reachable={canOpen('payment', form)}
              onOpen={() => setOpen('payment')}
            >
              <PaymentStep
                lines={lines}
                form={form}
                totals={totals}
                onOverlay={setOverlay}
                quoteId={quoteId}
              />
            </CheckoutStep>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CheckoutSummary lines={lines} form={form} totals={totals} onEdit={edit} />
        </Grid.Col>
      </Grid>
    </>
  );
}
