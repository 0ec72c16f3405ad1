import { Grid, Select, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { cardFields, cvvMatchesBrand, type CardForm as CardPayload } from '../../../api/place-order';
import {
  BRAND_LABELS,
  EXPIRY_MAX_LENGTH,
  cardBrand,
  cardNumberMaxLength,
  cvvLength,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isExpiryInFuture,
} from '../../../domain/card';
import { centavosToReais } from '../../../domain/money';
import type { Installment } from '../../../domain/payment-options';
import { OnlineOnlyButton } from '../../../components/online-only-button';

export const CARD_EXPIRED_MESSAGE = 'Cartão vencido: confira a validade.';

// The contract's card fields (what the server accepts), plus what only the browser can check now:
// an expiry still in the future. The instalments are a Select's value (text) here.
const cardSchema = cardFields
  .extend({
    expiry: cardFields.shape.expiry.refine(
      (expiry) => isExpiryInFuture(expiry, new Date()),
      CARD_EXPIRED_MESSAGE,
    ),
    installments: z.string().min(1, 'Selecione uma opção'),
  })
  .superRefine(cvvMatchesBrand);
type CardInput = z.input<typeof cardSchema>;
type CardValues = z.output<typeof cardSchema>;

interface CardFormProps {
  installments: readonly Installment[];
  /** The instalment count chosen earlier (kept in checkout_form_data); the first option otherwise. */
  chosen: number | undefined;
  onInstallments(installment: Installment): void;
  onConfirm(card: CardPayload): void;
  busy: boolean;
}

/** The card form: formatting only; the card number and CVV live in this form alone. */
export function CardForm({ installments, chosen, onInstallments, onConfirm, busy }: CardFormProps) {
  const first = installments[0];
  const initial = installments.find((item) => item.nParcelas === chosen) ?? first;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<CardInput, unknown, CardValues>({
    resolver: zodResolver(cardSchema),
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

  function submit(values: CardValues) {
    const installment = installments.find((item) => String(item.nParcelas) === values.installments) ?? first;
    onConfirm({
      cardNumber: values.cardNumber,
      expiry: values.expiry,
      cvv: values.cvv,
      name: values.name.trim(),
      installments: installment.nParcelas,
      installmentId: installment.id,
      installmentValue: centavosToReais(installment.valorParcela),
    });
  }

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Cartão de Crédito">
      <Grid gap="sm">
        <Grid.Col span={12}>
          <TextInput
            label="Número do cartão"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="0000 0000 0000 0000"
            maxLength={cardNumberMaxLength(number)}
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
            {...formatted('cvv', (text) => formatCvv(text, getValues('cardNumber')))}
            error={errors.cvv?.message}
          />
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
                data={installments.map((item) => ({ value: String(item.nParcelas), label: item.descricao }))}
                value={field.value || null}
                onChange={(value) => {
                  field.onChange(value ?? '');
                  const installment = installments.find((item) => String(item.nParcelas) === value);
                  if (installment) onInstallments(installment);
                }}
                onBlur={field.onBlur}
                allowDeselect={false}
                error={errors.installments?.message}
              />
            )}
          />
        </Grid.Col>
      </Grid>
      <OnlineOnlyButton type="submit" mt="md" color="red.8" fullWidth disabled={busy}>
        Confirmar e finalizar pedido
      </OnlineOnlyButton>
    </form>
  );
}
