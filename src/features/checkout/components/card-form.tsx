import { useCallback, useRef, useState } from 'react';
import { Grid, Select, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { cardForm, type CardForm as CardPayload } from '../../../api/place-order';
import { centavosToReais } from '../../../domain/money';
import type { Installment } from '../../../domain/payment-options';
import { OnlineOnlyButton } from '../../../components/online-only-button';
import { ErrorText } from '../../../components/error-text';
import { useCardPlans, useCardSetup } from '../api/cards';
import { CardFieldsFrame, type CardFieldsHandle } from './card-fields-frame';

// The card step: the provider's fields (number, expiry, CVV: never on this page), our own holder
// name, and the plans the provider quotes for that card and this total (the store's plan until the
// card's first digits are typed).

const holderSchema = z.object({
  name: cardForm.shape.name,
  installments: z.string().min(1, 'Selecione uma opção'),
});
type HolderInput = z.input<typeof holderSchema>;
type HolderValues = z.output<typeof holderSchema>;

/** One plan as the form lists it, from the provider's quote or the store's own plan. */
interface PlanOption {
  count: number;
  valueReais: number;
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
  const plans: PlanOption[] = quote.data
    ? quote.data.map((plan) => ({
        count: plan.nParcelas,
        valueReais: plan.valorParcela,
        descricao: plan.descricao,
      }))
    : installments.map((plan) => ({
        count: plan.nParcelas,
        valueReais: centavosToReais(plan.valorParcela),
        descricao: plan.descricao,
      }));
  const initial = plans.find((plan) => plan.count === chosen) ?? plans[0];
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<HolderInput, unknown, HolderValues>({
    resolver: zodResolver(holderSchema),
    mode: 'onTouched',
    defaultValues: { name: '', installments: initial ? String(initial.count) : '' },
  });
  const onBin = useCallback((next: string | null) => setBin(next), []);

  async function submit(values: HolderValues) {
    setFieldsError(null);
    const plan = plans.find((item) => String(item.count) === values.installments) ?? plans[0];
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
        installments: plan.count,
        installmentId: plan.count,
        installmentValue: plan.valueReais,
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
          {setup.data ? (
            <CardFieldsFrame ref={fields} src={setup.data.campos} origin={setup.data.origem} onBin={onBin} />
          ) : setup.isError ? (
            <ErrorText>{CARD_FIELDS_UNAVAILABLE}</ErrorText>
          ) : (
            <Text size="sm" c="dimmed" role="status">
              Carregando os campos do cartão...
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label="Nome impresso no cartão"
            autoComplete="cc-name"
            {...register('name')}
            error={errors.name?.message}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Controller
            control={control}
            name="installments"
            render={({ field }) => (
              <Select
                label="Parcelamento"
                placeholder="Selecione uma opção"
                data={plans.map((plan) => ({ value: String(plan.count), label: plan.descricao }))}
                value={field.value || null}
                onChange={(value) => {
                  field.onChange(value ?? '');
                  const plan = plans.find((item) => String(item.count) === value);
                  if (plan) onInstallments(plan.count, plan.valueReais);
                }}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={errors.installments?.message}
              />
            )}
          />
        </Grid.Col>
      </Grid>
      <ErrorText>{fieldsError}</ErrorText>
      <OnlineOnlyButton
        type="submit"
        mt="md"
        color="red.8"
        fullWidth
        disabled={busy || tokenizing || !setup.data}
      >
        Confirmar e finalizar pedido
      </OnlineOnlyButton>
    </form>
  );
}
