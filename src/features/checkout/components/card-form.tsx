import { Grid, Select, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CardForm as CardPayload } from '../../../api/orders';
import {
  CARD_NUMBER_MAX_LENGTH,
  CVV_LENGTH,
  EXPIRY_MAX_LENGTH,
  cardDigits,
  formatCardNumber,
  formatCvv,
  formatExpiry,
} from '../../../domain/card';
import { centavosToReais } from '../../../domain/money';
import type { Installment } from '../../../domain/payment-options';
import { OnlineOnlyButton } from '../../../components/online-only-button';

const cardSchema = z.object({
  cardNumber: z.string().refine((value) => cardDigits(value).length >= 12, 'Informe o número do cartão.'),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/, 'Validade inválida: use MM/AA.'),
  cvv: z.string().regex(/^\d{3}$/, 'CVV inválido: 3 dígitos.'),
  name: z.string().trim().min(1, 'Informe o nome impresso no cartão.').max(100),
  installments: z.string().min(1, 'Selecione uma opção'),
});
type CardValues = z.infer<typeof cardSchema>;

interface CardFormProps {
  installments: readonly Installment[];
  /** The instalment count chosen earlier (kept in checkout_form_data); the first option otherwise. */
  chosen: number | undefined;
  onInstallments(installment: Installment): void;
  onConfirm(card: CardPayload): void;
  busy: boolean;
}

/** The card form (spec §2, §5): formatting only; the card number and CVV live in this form alone. */
export function CardForm({ installments, chosen, onInstallments, onConfirm, busy }: CardFormProps) {
  const first = installments[0];
  const initial = installments.find((item) => item.nParcelas === chosen) ?? first;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<CardValues>({
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

  function submit(values: CardValues) {
    const installment = installments.find((item) => String(item.nParcelas) === values.installments) ?? first;
    onConfirm({
      cardNumber: cardDigits(values.cardNumber),
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
            maxLength={CARD_NUMBER_MAX_LENGTH}
            {...formatted('cardNumber', formatCardNumber)}
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
            maxLength={CVV_LENGTH}
            {...formatted('cvv', formatCvv)}
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
