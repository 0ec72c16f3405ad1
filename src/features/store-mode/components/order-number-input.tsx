import { TextInput } from '@mantine/core';
import classes from './staff-screens.module.css';

/** 'Número do pedido' at the counter: digits on the tablet's number pad, nothing remembered. */
export function OrderNumberInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string | null;
}) {
  return (
    <TextInput
      label="Número do pedido"
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
      inputMode="numeric"
      autoComplete="off"
      classNames={{ wrapper: classes.touchInput }}
    />
  );
}
