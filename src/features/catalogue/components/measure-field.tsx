import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { NumberInput, SegmentedControl } from '@mantine/core';
import { typedBeforeHydration } from '../../../browser/typed-before-hydration';

// The calculators' fields (tiles, paint, mortar, grout, blocks): a measure, and a choice between ways
// of giving one.

interface MeasureFieldProps {
  label: string;
  /** The field's name, by which a measure typed before hydration is found (typedMeasure). */
  name: string;
  /** What the field starts with (NaN: empty); from then on it keeps what is typed. */
  defaultValue: number;
  onChange(value: number): void;
  max: number;
  /** Whole numbers only (counts: doors, coats). */
  whole?: boolean;
  /** Shown under the field (the message of what is wrong with it). */
  error?: string;
}

/**
 * A measure in metres or m²: two decimals with a comma, the phone's number pad. The field keeps
 * what is typed: '10,' is not a number yet, and turning it into one would empty the field at the
 * comma (the next key, '5', would then read 5). The calculation reads its numeric value meanwhile.
 */
export function MeasureField({ label, name, defaultValue, onChange, max, whole, error }: MeasureFieldProps) {
  return (
    <NumberInput
      label={label}
      name={name}
      defaultValue={Number.isFinite(defaultValue) ? defaultValue : ''}
      onChange={(typed) => onChange(typeof typed === 'number' ? typed : measureOf(typed))}
      min={0}
      max={max}
      decimalScale={whole ? 0 : 2}
      allowDecimal={!whole}
      error={error}
      decimalSeparator=","
      allowNegative={false}
      hideControls
      inputMode={whole ? 'numeric' : 'decimal'}
    />
  );
}

/** A measure written with the pt-BR decimal comma ('10,' is 10); NaN when empty or not a number. */
export function measureOf(text: string): number {
  const measure = text.trim() === '' ? Number.NaN : Number(text.replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(measure) ? measure : Number.NaN;
}

/**
 * The measure typed into the server-rendered field `name` before the app took over the page, for the
 * field's first state (hydration would otherwise show the calculator's default over it); `otherwise`
 * when nothing was typed there, or once the app is running. The calculator shows what it computes
 * from the render after hydration (CalculatorPanel, TileCalculator: useHydrated).
 */
export function typedMeasure(name: string, otherwise = Number.NaN): number {
  const typed = typedBeforeHydration(name);
  return typed === undefined ? otherwise : measureOf(typed);
}

/** A choice of a few options, full width, their labels wrapping on a phone (a radio group to readers). */
export function MeasureChoice<Value extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: Value;
  onChange(value: NoInfer<Value>): void;
  options: readonly { value: NoInfer<Value>; label: string }[];
}) {
  return (
    <SegmentedControl
      value={value}
      onChange={(chosen) => onChange(chosen as Value)}
      aria-label={label}
      fullWidth
      styles={{ label: { whiteSpace: 'normal' } }}
      data={[...options]}
    />
  );
}
