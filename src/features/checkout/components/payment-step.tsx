import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { useEffect, useRef, useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { isApiError, messageOf } from '../../../api/errors';
import { priceMismatch, type CardForm as CardPayload, type PixData } from '../../../api/orders';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { centavosToReais, formatBRL } from '../../../domain/money';
import type { Installment } from '../../../domain/payment-options';
import { clearCart, updateCartPrices } from '../../../storage/cart';
import { resetCheckoutAfterOrder, updateCheckoutForm } from '../../../storage/checkout-form';
import type { CartLine, CheckoutFormData, PaymentMethod } from '../../../storage/db';
import { getPixData, isPixPaid, requestPixPayment } from '../api/orders';
import type { CheckoutTotals } from '../lib/checkout-rules';
import { finishAttempt, placeOrder } from '../lib/place-order';
import { CardForm } from './card-form';
import { PixPanel } from './pix-panel';

/** Spec §9: the payment state is polled every 10 s. */
export const PIX_POLL_MS = 10_000;
export const CARD_ERROR = 'Erro inesperado ao processar pagamento.';
export const PIX_ERROR = 'Erro ao processar pagamento. Tente novamente.';
export const PIX_PAID = 'Pagamento confirmado com sucesso!';

interface PaymentStepProps {
  lines: readonly CartLine[];
  form: CheckoutFormData;
  totals: CheckoutTotals;
  onOverlay(message: string | null): void;
}

export function PaymentStep({ lines, form, totals, onOverlay }: PaymentStepProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const method: PaymentMethod = form.payment?.method ?? 'credit';
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [charge, setCharge] = useState<{ orderId: number; pix: PixData | null } | null>(null);
  const [pixError, setPixError] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);

  function setMethod(next: PaymentMethod) {
    void updateCheckoutForm((current) => ({ ...current, payment: { ...current.payment, method: next } }));
  }

  function chooseInstallments(installment: Installment) {
    void updateCheckoutForm((current) => ({
      ...current,
      payment: {
        method: 'credit',
        installments: installment.nParcelas,
        installmentId: installment.id,
        installmentValue: centavosToReais(installment.valorParcela),
      },
    }));
  }

  /** Runs one payment action at a time: a second click while one runs does nothing. */
  async function exclusive(overlay: string, action: () => Promise<void>) {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    onOverlay(overlay);
    try {
      await action();
    } finally {
      busyRef.current = false;
      setBusy(false);
      onOverlay(null);
    }
  }

  async function afterPaid(orderId: number) {
    await finishAttempt();
    navigate(paths.orderDetails(orderId), { state: { novaCompra: true } });
    await clearCart();
    await resetCheckoutAfterOrder();
  }

  /** The order was refused: say why; on changed prices take the server's into the cart. */
  async function explain(error: unknown, fallback: string): Promise<string> {
    if (isApiError(error) && error.status === 409) {
      const mismatch = priceMismatch.safeParse(error.body);
      if (mismatch.success) {
        await updateCartPrices(mismatch.data.produtos);
        await queryClient.invalidateQueries({ queryKey: ['checkout', 'freight'] });
      }
    }
    return messageOf(error, fallback);
  }

  function confirmCard(card: CardPayload) {
    void exclusive('Processando pagamento...', async () => {
      setCardError(null);
      let orderId: number;
      try {
        orderId = (await placeOrder({ lines, form, tipo: 'credit', card })).id;
      } catch (error) {
        const message = await explain(error, CARD_ERROR);
        setCardError(message);
        toast.error(message);
        return;
      }
      await afterPaid(orderId);
    });
  }

  async function loadCharge(orderId: number) {
    const paymentId = await requestPixPayment(orderId);
    try {
      setCharge({ orderId, pix: await getPixData(paymentId, orderId) });
    } catch (error) {
      console.warn('PIX ERRO', error);
      setCharge({ orderId, pix: null });
      setPixError(PIX_ERROR);
    }
  }

  function generatePix() {
    void exclusive('Gerando PIX...', async () => {
      setPixError(null);
      try {
        const created = await placeOrder({ lines, form, tipo: 'pix' });
        await loadCharge(created.id);
      } catch (error) {
        setPixError(await explain(error, PIX_ERROR));
      }
    });
  }

  function renewPix() {
    if (!charge) return;
    const { orderId } = charge;
    void exclusive('Gerando PIX...', async () => {
      setPixError(null);
      try {
        await loadCharge(orderId);
      } catch (error) {
        setPixError(messageOf(error, PIX_ERROR));
      }
    });
  }

  // Spec §4 steps 5-6: poll every 10 s while the QR code is shown; stop on payment and on leaving.
  const orderId = charge?.pix ? charge.orderId : null;
  useEffect(() => {
    if (orderId === null || paid) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      isPixPaid(orderId, controller.signal)
        .then(async (isPaid) => {
          if (!isPaid || controller.signal.aborted) return;
          clearInterval(timer);
          setPaid(true);
          toast.success(PIX_PAID);
          await afterPaid(orderId);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          if (isApiError(error) && error.status === 410)
            setCharge(
              (current) =>
                current && { ...current, pix: { ...current.pix!, expiraEm: new Date(0).toISOString() } },
            );
          else console.warn('Erro ao consultar pagamento PIX', error);
        });
    }, PIX_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
    // afterPaid only navigates and clears; it needs no re-subscription.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, paid]);

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Forma de pagamento"
        color="red.8"
        fullWidth
        value={method}
        onChange={(value) => setMethod(value as PaymentMethod)}
        data={[
          { value: 'credit', label: 'Cartão de Crédito' },
          { value: 'pix', label: 'PIX' },
        ]}
      />
      {method === 'credit' ? (
        <Stack gap="xs">
          <CardForm
            installments={totals.installments}
            chosen={form.payment?.installments}
            onInstallments={chooseInstallments}
            onConfirm={confirmCard}
            busy={busy}
          />
          {cardError ? (
            <Text c="red.8" size="sm" role="alert">
              {cardError}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            Total no PIX: <strong>{formatBRL(totals.pix)}</strong> (5% de desconto)
          </Text>
          <PixPanel
            pix={charge?.pix ?? null}
            error={pixError}
            paid={paid}
            busy={busy}
            onGenerate={generatePix}
            onExpired={renewPix}
          />
        </Stack>
      )}
    </Stack>
  );
}
