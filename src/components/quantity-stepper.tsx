import { ActionIcon, Group, Text } from '@mantine/core';

interface QuantityStepperProps {
  value: number;
  onChange(value: number): void;
  /** What is being counted, for screen readers ('Quantidade de Torneira X'). */
  label: string;
  min?: number;
  max?: number;
  disabled?: boolean;
  size?: 'sm' | 'md';
}

/** A −/+ counter: minimum 1, step 1. The value is announced as it changes. */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  max = Number.POSITIVE_INFINITY,
  disabled,
  size = 'md',
}: QuantityStepperProps) {
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={label}>
      <ActionIcon
        variant="default"
        size={size === 'sm' ? 'md' : 'lg'}
        aria-label="Diminuir quantidade"
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <span aria-hidden="true">−</span>
      </ActionIcon>
      <Text component="output" aria-live="polite" fw={600} miw={28} ta="center">
        {value}
      </Text>
      <ActionIcon
        variant="default"
        size={size === 'sm' ? 'md' : 'lg'}
        aria-label="Aumentar quantidade"
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <span aria-hidden="true">+</span>
      </ActionIcon>
    </Group>
  );
}
