import '@mantine/core/styles/ScrollArea.css';
import { Select } from '@mantine/core';
import type { Lote } from '../../../api/products';

interface LotePickerProps {
  lotes: readonly Lote[];
  value: number | null;
  onChange(idlote: number): void;
  unit: string;
}

/** Tiles of one lote share shade and calibre, so the shopper picks the lote every box comes from. */
export function LotePicker({ lotes, value, onChange, unit }: LotePickerProps) {
  return (
    <Select
      label="Lote"
      description="Todas as caixas virão deste lote (quantidade em estoque ao lado)."
      allowDeselect={false}
      value={value === null ? null : String(value)}
      onChange={(next) => next && onChange(Number(next))}
      data={lotes.map((lote) => ({
        value: String(lote.idlote),
        label: `${lote.lote} · ${lote.estoque} ${unit}`,
        disabled: lote.estoque <= 0,
      }))}
      maw={420}
      // Mantine's dimmed description is below AA contrast on white.
      styles={{ description: { color: 'var(--mantine-color-dark-5)' } }}
    />
  );
}
