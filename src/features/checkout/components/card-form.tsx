import { useRef, useState } from 'react';
import { Grid } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { cardForm, type CardForm as CardPayload } from '../../../api/place-order';
import { centavosToReais } from '../../../domain/money';
import type { Installment } from '../../../domain/payment-options';
import { ErrorText } from '../../../components/error-text';
import { useCardPlans, useCardSetup } from '../api/cards';
import { AdyenCardFields } from './adyen-card-fields';
import { CardFieldsFrame, CardFieldsLoading, type CardFieldsHandle } from './card-fields-frame';
import { ConfirmCardButton, HolderNameInput, PICK_A_PLAN, PlanSelect } from './card-form-parts';

// The card step: the provider's fields (number, expiry, CVV: never on this page), our own holder
// name, and the plans the provider quotes for that card and this total (the store's plan until the
// card's first digits are typed).

/** The spec's words for the instalments dropdown: its placeholder, and what is said while none is chosen. */

const holderSchema = z.object({
  name: cardForm.shape.name,
  installments: z.string().min(1, PICK_A_PLAN),
});
type HolderInput = z.input<typeof holderSchema>;
type HolderValues = z.output<typeof holderSchema>;

/** One plan as the form lists it: the provider's quote as it comes, or the store's plan in reais. */
interface PlanOption {
  nParcelas: number;
  /** One instalment, reais. */
  valorParcela: number;
  semJuros: boolean;
  descricao: string;
}

interface CardFormProps {
  installments: readonly Installment[];
  /** The order total (products plus freight), reais: what the provider quotes plans for. */
  totalReais: number;
  /** The instalment count chosen earlier (kept in checkout_form_data); the first option otherwise. */
  chosen: number | undefined;
  onInstallments(count: number, valueReais: number): void;
  onConfirm(card: CardPayload): void;
  busy: boolean;
}

export const CARD_FIELDS_UNAVAILABLE =
  'Não foi possível carregar os campos do cartão. Verifique a conexão e recarregue a página.';

export function CardForm({
  installments,
  totalReais,
  chosen,
  onInstallments,
  onConfirm,
  busy,
}: CardFormProps) {
  const setup = useCardSetup();
  const fields = useRef<CardFieldsHandle>(null);
  const [bin, setBin] = useState<string | null>(null);
  const [fieldsError, setFieldsError] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const quote = useCardPlans(bin, totalReais);
  const plans: readonly PlanOption[] =
    quote.data ??
    installments.map(({ nParcelas, valorParcela, semJuros, descricao }) => ({
      nParcelas,
      valorParcela: centavosToReais(valorParcela),
      semJuros,
      descricao,
    }));
  const planOf = (value: string | null) => plans.find((plan) => String(plan.nParcelas) === value);
  const initial = plans.find((plan) => plan.nParcelas === chosen) ?? plans[0];
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<HolderInput, unknown, HolderValues>({
    resolver: zodResolver(holderSchema),
    mode: 'onTouched',
    defaultValues: { name: '', installments: initial ? String(initial.nParcelas) : '' },
  });

  async function submit(values: HolderValues) {
    setFieldsError(null);
    // A plan the provider's quote no longer offers (it came after the choice) is chosen again,
    // never replaced by another in silence.
    const plan = planOf(values.installments);
    if (!plan) {
      setError('installments', { message: PICK_A_PLAN });
      return;
    }
    setTokenizing(true);
    try {
      const card = await fields.current?.tokenize();
      if (!card) return;
      onConfirm({
        token: card.token,
        brand: card.brand,
        last4: card.last4,
        bin: card.bin,
        name: values.name.trim(),
        installments: plan.nParcelas,
        installmentId: plan.nParcelas,
        installmentValue: plan.valorParcela,
      });
    } catch (error) {
      setFieldsError((error as Error).message);
    } finally {
      setTokenizing(false);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate aria-label="Cartão de Crédito">
      <Grid gap="sm">
        <Grid.Col span={12}>
          {setup.data?.provedor === 'adyen' ? (
            <AdyenCardFields ref={fields} setup={setup.data} onBin={setBin} />
          ) : setup.data ? (
            <CardFieldsFrame ref={fields} src={setup.data.campos} origin={setup.data.origem} onBin={setBin} />
          ) : setup.isError ? (
            <ErrorText>{CARD_FIELDS_UNAVAILABLE}</ErrorText>
          ) : (
            <CardFieldsLoading />
          )}
        </Grid.Col>
        <Grid.Col span={12}>
          <HolderNameInput field={register('name')} error={errors.name?.message} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Controller
            control={control}
            name="installments"
            render={({ field }) => {
              const choice = planOf(field.value);
              return (
                <PlanSelect
                  plans={plans}
                  // Only a plan on offer shows as chosen (a later quote may not have it).
                  value={choice ? field.value : null}
                  onChange={(value) => {
                    field.onChange(value ?? '');
                    const plan = planOf(value);
                    if (plan) onInstallments(plan.nParcelas, plan.valorParcela);
                  }}
                  onBlur={field.onBlur}
                  // A plan with interest reads longer than a phone's field: said whole under it.
                  description={choice && !choice.semJuros ? choice.descricao : undefined}
                  error={errors.installments?.message}
                />
              );
            }}
          />
        </Grid.Col>
      </Grid>
      <ErrorText>{fieldsError}</ErrorText>
      <ConfirmCardButton disabled={busy || tokenizing || !setup.data} />
    </form>
  );
}
