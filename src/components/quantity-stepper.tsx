import classes from './quantity-stepper.module.css';

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

/**
 * A −/+ counter: minimum 1, step 1. The value is announced as it changes. Plain buttons styled by
 * quantity-stepper.module.css: a home page shows ~30 of them, server-rendered and taken over.
 */
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
    <div className={classes.stepper} data-size={size} role="group" aria-label={label}>
      <button
        type="button"
        className={classes.step}
        aria-label="Diminuir quantidade"
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className={classes.value} aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className={classes.step}
        aria-label="Aumentar quantidade"
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
