import { Grid, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { cardForm, type RawCardForm as RawCardPayload } from '../../../api/place-order';
import {
  BRAND_LABELS,
  EXPIRY_MAX_LENGTH,
  cardBrand,
  cardNumberMaxLength,
  cardNumberProblem,
  cvvLength,
  cvvMessage,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isExpiryInFuture,
} from '../../../domain/card';
import { centavosToReais } from '../../../domain/money';
import type { Installment } from '../../../domain/payment-options';
import { ConfirmCardButton, HolderNameInput, PICK_A_PLAN, PlanSelect } from './card-form-parts';
import classes from './card-form.module.css';

// The raw card form of a VITE_CARD_FIELDS=raw build only (src/config/env.ts): for another DataSnap
// (VITE_DATASNAP_URL) that takes the card's number, expiry and CVV in APP_0050's `forma`, as the
// spec's card fields describe them (number up to 19 digits in groups of 4, MM/AA, CVV). That
// server is in PCI DSS SAQ D scope. The default build has no such form: the provider's fields.

export const CARD_EXPIRED_MESSAGE = 'Cartão vencido: confira a validade.';

/** Built when the form is (a function, so a default build keeps nothing of this module). */
const rawSchema = () =>
  z
    .object({
      cardNumber: z.string().superRefine((number, context) => {
        const problem = cardNumberProblem(number);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
      expiry: z
        .string()
        .trim()
        .regex(/^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/, 'Validade inválida: use MM/AA.')
        .refine((expiry) => isExpiryInFuture(expiry, new Date()), CARD_EXPIRED_MESSAGE),
      cvv: z.string(),
      name: cardForm.shape.name,
      installments: z.string().min(1, PICK_A_PLAN),
    })
    .superRefine((card, context) => {
      if (!new RegExp(`^\\d{${cvvLength(card.cardNumber)}}$`).test(card.cvv))
        context.addIssue({ code: 'custom', path: ['cvv'], message: cvvMessage(card.cardNumber) });
    });
type RawInput = z.input<ReturnType<typeof rawSchema>>;
type RawValues = z.output<ReturnType<typeof rawSchema>>;

interface RawCardFormProps {
  installments: readonly Installment[];
  chosen: number | undefined;
  onInstallments(count: number, valueReais: number): void;
  onConfirm(card: RawCardPayload): void;
  busy: boolean;
}

export function RawCardForm({ installments, chosen, onInstallments, onConfirm, busy }: RawCardFormProps) {
  const initial = installments.find((item) => item.nParcelas === chosen) ?? installments[0];
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<RawInput, unknown, RawValues>({
    resolver: zodResolver(rawSchema()),
    mode: 'onTouched',
    defaultValues: {
      cardNumber: '',
      expiry: '',
      cvv: '',
      name: '',
      installments: initial ? String(initial.nParcelas) : '',
    },
  });
  const formatted = (name: 'cardNumber' | 'expiry' | 'cvv', format: (text: string) => string) =>
    register(name, {
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValue(name, format(event.target.value)),
    });
  const number = useWatch({ control, name: 'cardNumber' });
  const brand = cardBrand(number);

  function submit(values: RawValues) {
    const installment = installments.find((item) => String(item.nParcelas) === values.installments);
    if (!installment) return;
    onConfirm({
      cardNumber: values.cardNumber.replace(/\D/g, ''),
      expiry: values.expiry,
      cvv: values.cvv,
      name: values.name.trim(),
      installments: installment.nParcelas,
      installmentId: installment.id,
      installmentValue: centavosToReais(installment.valorParcela),
    });
  }

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate aria-label="Cartão de Crédito">
      <Grid gap="sm">
        <Grid.Col span={12}>
          <TextInput
            label="Número do cartão"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            maxLength={cardNumberMaxLength(number)}
            classNames={{ wrapper: classes.touchInput }}
            {...formatted('cardNumber', formatCardNumber)}
            description={brand === 'unknown' ? undefined : `Bandeira: ${BRAND_LABELS[brand]}`}
            error={errors.cardNumber?.message}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput
            label="Validade"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            maxLength={EXPIRY_MAX_LENGTH}
            classNames={{ wrapper: classes.touchInput }}
            {...formatted('expiry', formatExpiry)}
            error={errors.expiry?.message}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput
            label="CVV"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={cvvLength(number)}
            classNames={{ wrapper: classes.touchInput }}
            {...formatted('cvv', (text) => formatCvv(text, getValues('cardNumber')))}
            error={errors.cvv?.message}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <HolderNameInput field={register('name')} error={errors.name?.message} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Controller
            control={control}
            name="installments"
            render={({ field }) => (
              <PlanSelect
                plans={installments}
                value={field.value || null}
                onChange={(value) => {
                  field.onChange(value ?? '');
                  const installment = installments.find((item) => String(item.nParcelas) === value);
                  if (installment)
                    onInstallments(installment.nParcelas, centavosToReais(installment.valorParcela));
                }}
                onBlur={field.onBlur}
                error={errors.installments?.message}
              />
            )}
          />
        </Grid.Col>
      </Grid>
      <ConfirmCardButton disabled={busy} />
    </form>
  );
}
