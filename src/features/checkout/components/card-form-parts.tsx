import { Select, TextInput, type TextInputProps } from '@mantine/core';
import { OnlineOnlyButton } from '../../../components/online-only-button';
import classes from './card-form.module.css';

// What the provider's card form (card-form.tsx) and the raw one of a legacy DataSnap
// (raw-card-form.tsx) show alike: the holder's name, the instalment plan and the confirmation.

export const PICK_A_PLAN = 'Selecione uma opção';

/** 'Nome impresso no cartão': `field` is react-hook-form's register('name'). */
export function HolderNameInput({ field, error }: { field: TextInputProps; error?: string }) {
  return (
    <TextInput
      label="Nome impresso no cartão"
      autoComplete="cc-name"
      classNames={{ wrapper: classes.touchInput }}
      {...field}
      error={error}
    />
  );
}

/** 'Parcelamento': one option per plan, its number of instalments as the value. */
export function PlanSelect(props: {
  plans: readonly { nParcelas: number; descricao: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur: () => void;
  description?: string;
  error?: string;
}) {
  const { plans, ...field } = props;
  return (
    <Select
      label="Parcelamento"
      placeholder={PICK_A_PLAN}
      data={plans.map((plan) => ({ value: String(plan.nParcelas), label: plan.descricao }))}
      allowDeselect={false}
      classNames={{ wrapper: classes.touchInput, option: classes.option }}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...field}
    />
  );
}

/** 'Confirmar e finalizar pedido', only while online. */
export function ConfirmCardButton({ disabled }: { disabled: boolean }) {
  return (
    <OnlineOnlyButton
      type="submit"
      mt="md"
      color="red.8"
      fullWidth
      className={classes.touchButton}
      disabled={disabled}
    >
      Confirmar e finalizar pedido
    </OnlineOnlyButton>
  );
}
