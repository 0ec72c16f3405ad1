import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { useEffect, useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { isApiError, messageOf } from '../../../api/errors';
import { type PixData } from '../../../api/pix';
import {
  priceMismatch,
  type CardForm as TokenCard,
  type RawCardForm as RawCard,
} from '../../../api/place-order';
import { requestPixCode, usePixStatus } from '../../../queries/pix-charge';
import { PixPanel } from '../../../components/pix-panel';
import { toast } from '../../../browser/toast';
import { paths } from '../../../config/paths';
import { centavosToReais, formatBRL } from '../../../domain/money';
import { clearCart, updateCartPrices } from '../../../storage/cart';
import { resetCheckoutAfterOrder, updateCheckoutForm } from '../../../storage/checkout-form';
import type { CartLine, CheckoutFormData, PaymentMethod } from '../../../storage/db';
import type { CheckoutTotals } from '../lib/checkout-rules';
import { answerChallenge, finishAttempt, placeOrder } from '../lib/place-order';
import type { ChallengeAnswer } from '../api/cards';
import { RAW_CARD_FIELDS } from '../../../config/env';
import { CardForm } from './card-form';
import { RawCardForm } from './raw-card-form';
import { ChallengeDialog, type Challenge } from './challenge-dialog';
import { ContractSummary } from './contract-summary';
import { ErrorText } from '../../../components/error-text';
import { PIX_DISCOUNT_LABEL } from '../../../domain/payment-options';

/** The provider's token, or the raw fields of a VITE_CARD_FIELDS=raw build (another DataSnap). */
type CardPayload = TokenCard | RawCard;

export const CARD_ERROR = 'Erro inesperado ao processar pagamento.';
export const PIX_ERROR = 'Erro ao processar pagamento. Tente novamente.';
export const PIX_PAID = 'Pagamento confirmado com sucesso!';
export const CHALLENGE_LEFT =
  "Pagamento não concluído: a confirmação com o seu banco foi interrompida. Para tentar de novo, use 'Confirmar e finalizar pedido'.";

/** The 3-D Secure a 402 answer asks for: the issuer's page (`desafio`) or the provider's action (`acao`). */
function challengeOf(error: unknown): Challenge | null {
  if (!isApiError(error) || error.status !== 402) return null;
  const body = error.body as { desafio?: unknown; acao?: unknown } | null;
  if (typeof body?.desafio === 'string') return { url: body.desafio };
  if (body?.acao && typeof body.acao === 'object') return { action: body.acao as Record<string, unknown> };
  return null;
}

interface PaymentStepProps {
  lines: readonly CartLine[];
  form: CheckoutFormData;
  totals: CheckoutTotals;
  onOverlay(message: string | null): void;
  /** An answered quote's order: its lines are the quote's, and the cart is left as it is. */
  quoteId?: number | null;
}

interface Charge {
  orderId: number;
  pix: PixData | null;
}

export function PaymentStep({ lines, form, totals, onOverlay, quoteId = null }: PaymentStepProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const method: PaymentMethod = form.payment?.method ?? 'credit';
  const [charge, setCharge] = useState<Charge | null>(null);

  function setMethod(next: PaymentMethod) {
    void updateCheckoutForm((current) => ({ ...current, payment: { ...current.payment, method: next } }));
  }

  function chooseInstallments(count: number, valueReais: number) {
    void updateCheckoutForm((current) => ({
      ...current,
      payment: { method: 'credit', installments: count, installmentId: count, installmentValue: valueReais },
    }));
  }

  async function afterPaid(orderId: number) {
    await finishAttempt();
    navigate(paths.orderDetails(orderId), { state: { novaCompra: true } });
    if (quoteId === null) await clearCart();
    await resetCheckoutAfterOrder();
  }

  /** The order was refused: say why; on changed prices take the server's into the cart. */
  async function explain(error: unknown, fallback: string): Promise<string> {
    if (isApiError(error) && error.status === 409) {
      const mismatch = priceMismatch.safeParse(error.body);
      if (mismatch.success && quoteId === null) {
        await updateCartPrices(mismatch.data.produtos);
        await queryClient.invalidateQueries({ queryKey: ['checkout', 'freight'] });
      }
    }
    return messageOf(error, fallback);
  }

  // Card flow: create the order (charged at once), then the order page. An issuer that asks for
  // 3-D Secure answers 402 with its page (`desafio`): shown here, then the same order sent again,
  // which the server settles by reading the payment back. A provider whose script runs it (Adyen's
  // `acao`) gives its answer, which goes to CARTAO_DESAFIO; that answers as the order would.
  const [challenge, setChallenge] = useState<{ challenge: Challenge; card: CardPayload } | null>(null);
  /** A 402 that asks for 3-D Secure opens it; any other refusal is said. */
  async function challengeOrExplain(error: unknown, card: CardPayload) {
    const asked = challengeOf(error);
    if (asked) setChallenge({ challenge: asked, card });
    else toast.error(await explain(error, CARD_ERROR));
  }
  const cardPayment = useMutation({
    mutationFn: ({ card, again }: { card: CardPayload; again?: boolean }) =>
      placeOrder({ lines, form, tipo: 'credit', card, sameAttempt: again, quoteId }),
    onMutate: () => {
      onOverlay('Processando pagamento...');
      challengeAnswer.reset();
      // Paying by card replaces the Pix order of this checkout (the server cancels it).
      setCharge(null);
    },
    onSuccess: (created) => afterPaid(created.id),
    onError: (error, { card }) => challengeOrExplain(error, card),
    onSettled: () => onOverlay(null),
  });
  // The provider's script ended a step of its challenge: the server asks the provider how it ended.
  const challengeAnswer = useMutation({
    mutationFn: ({ answer }: { answer: ChallengeAnswer; card: CardPayload }) => answerChallenge(answer),
    onMutate: () => {
      onOverlay('Processando pagamento...');
      setChallenge(null);
    },
    onSuccess: (paid) => afterPaid(paid.id),
    // Another step (the issuer's challenge after the device's fingerprint) is shown in turn.
    onError: (error, { card }) => challengeOrExplain(error, card),
    onSettled: () => onOverlay(null),
  });
  // The issuer's page is done: the same order again (never from inside a state updater, which React
  // may run while rendering, where starting the mutation is lost).
  const challengeDone = () => {
    if (!challenge) return;
    setChallenge(null);
    cardPayment.mutate({ card: challenge.card, again: true });
  };
  const challengeLeft = () => {
    setChallenge(null);
    toast.warning(CHALLENGE_LEFT);
  };

  // Pix flow: the order, then its charge and code (again for a renewal).
  const pixPayment = useMutation({
    mutationFn: async (orderId: number | null): Promise<Charge> => {
      const id = orderId ?? (await placeOrder({ lines, form, tipo: 'pix', quoteId })).id;
      return { orderId: id, pix: await requestPixCode(id) };
    },
    onMutate: () => onOverlay('Gerando PIX...'),
    onSuccess: (next) => setCharge(next),
    onError: (error) => void explain(error, PIX_ERROR),
    onSettled: () => onOverlay(null),
  });

  const busy = cardPayment.isPending || challengeAnswer.isPending || pixPayment.isPending;
  const confirmCard = (card: CardPayload) => {
    if (!busy) cardPayment.mutate({ card });
  };
  const generatePix = () => {
    if (!busy) pixPayment.mutate(null);
  };
  const renewPix = () => {
    if (!busy && charge) pixPayment.mutate(charge.orderId);
  };

  // Steps 5-6: while a code is shown its state is polled every 10 s; once paid, the order page.
  const shown = charge?.pix ? charge : null;
  const status = usePixStatus(shown?.orderId ?? null, shown?.pix?.txid ?? shown?.pix?.payload ?? null);
  const paid = status.data?.pago === true;
  useEffect(() => {
    if (!paid || !shown) return;
    toast.success(PIX_PAID);
    void afterPaid(shown.orderId);
    // afterPaid only navigates and clears; it needs no re-subscription.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paid]);
  // Expired unpaid (410): the panel reaches 00:00 and asks for a new charge.
  const expired = isApiError(status.error) && status.error.status === 410;
  const pix =
    charge?.pix && expired ? { ...charge.pix, expiraEm: new Date(0).toISOString() } : (charge?.pix ?? null);
  useEffect(() => {
    if (status.error && !expired) console.warn('Erro ao consultar pagamento PIX', status.error);
  }, [status.error, expired]);

  const failed = challengeAnswer.isError ? challengeAnswer : cardPayment.isError ? cardPayment : null;
  const cardError = failed && !challengeOf(failed.error) ? messageOf(failed.error, CARD_ERROR) : null;
  const pixError = pixPayment.isError
    ? messageOf(pixPayment.error, PIX_ERROR)
    : charge && !charge.pix
      ? PIX_ERROR
      : null;

  return (
    <Stack gap="md">
      <ContractSummary
        lines={lines}
        totals={totals}
        method={method}
        shippingName={form.shipping?.option.name}
      />
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
          <ChallengeDialog
            challenge={challenge?.challenge ?? null}
            onDone={challengeDone}
            onAnswer={(answer) => challenge && challengeAnswer.mutate({ answer, card: challenge.card })}
            onClose={challengeLeft}
          />
          {RAW_CARD_FIELDS ? (
            <RawCardForm
              installments={totals.installments}
              chosen={form.payment?.installments}
              onInstallments={chooseInstallments}
              onConfirm={confirmCard}
              busy={busy}
            />
          ) : (
            <CardForm
              installments={totals.installments}
              totalReais={centavosToReais(totals.total)}
              chosen={form.payment?.installments}
              onInstallments={chooseInstallments}
              onConfirm={confirmCard}
              busy={busy}
            />
          )}
          <ErrorText>{cardError}</ErrorText>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            Total no PIX: <strong>{formatBRL(totals.pix)}</strong> ({PIX_DISCOUNT_LABEL})
          </Text>
          <PixPanel
            pix={pix}
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
