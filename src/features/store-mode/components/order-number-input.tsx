import { TextInput } from '@mantine/core';
import classes from './staff-screens.module.css';

/** 'Número do pedido' at the counter: digits on the tablet's number pad, nothing remembered. */
export function OrderNumberInput({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <TextInput
      label="Número do pedido"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      inputMode="numeric"
      autoComplete="off"
      classNames={{ wrapper: classes.touchInput }}
    />
  );
}
