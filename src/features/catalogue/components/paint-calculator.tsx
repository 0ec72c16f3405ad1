import { useState } from 'react';
import {
  paintM2PerLitrePerCoat,
  paintNeeded,
  wallArea,
  type Outcome,
} from '../../../domain/material-amounts';
import type { PaintYield } from '../../../domain/material-yields';
import { formatDecimal, reaisToCentavos } from '../../../domain/money';
import { CalculatorPanel, type Calculated, type CalculatedLine, type Pack } from './calculator-panel';
import { MeasureField, typedMeasure } from './measure-field';
import { WallFields, initialWall, wallInputOf, wallTyped } from './wall-fields';

interface PaintCalculatorProps {
  paint: PaintYield;
  /** This paint's cans on sale (one colour of one line: 3,6 L and 18 L). */
  packs: readonly Pack[];
  adding: boolean;
  onAdd(lines: readonly CalculatedLine[]): void;
}

/** The prefix of the fields' names. */
const FIELDS = 'tinta';
const COATS_FIELD = `${FIELDS}-demaos`;

/** The cans a wall takes: its area minus doors and windows, the coats, the line's yield. */
function paintResult(
  paint: PaintYield,
  packs: readonly Pack[],
  areaOutcome: Outcome<number>,
  coats: number,
): Outcome<Calculated> {
  if (!areaOutcome.ok) return areaOutcome;
  const onSale = packs.filter((pack) => pack.estoque === undefined || pack.estoque > 0);
  if (onSale.length === 0) return { ok: false, error: 'Esta tinta está sem estoque no momento.' };
  const cans = onSale.map((pack) => ({ litres: pack.conteudo, priceCentavos: reaisToCentavos(pack.preco) }));
  const paintOutcome = paintNeeded(paint, areaOutcome.value, coats, cans);
  if (!paintOutcome.ok) return paintOutcome;
  return {
    ok: true,
    value: {
      figures: [
        { label: 'Área a pintar', value: `${formatDecimal(areaOutcome.value, 2, 2)} m²` },
        { label: 'Tinta necessária', value: `${formatDecimal(paintOutcome.value.litres, 1, 2)} L` },
      ],
      lines: onSale.map((pack, index) => ({ pack, quantity: paintOutcome.value.cans[index] })),
    },
  };
}

export function PaintCalculator({ paint, packs, adding, onAdd }: PaintCalculatorProps) {
  // Measures typed before the app took over the page are kept (typedMeasure).
  const [wall, setWall] = useState(() => initialWall(FIELDS));
  const [coats, setCoats] = useState<number>(() => typedMeasure(COATS_FIELD, paint.defaultCoats));
  const typed = wallTyped(wall);
  const result = typed ? paintResult(paint, packs, wallArea(wallInputOf(wall)), coats) : null;
  const sizes = [...new Set(packs.map((pack) => `${formatDecimal(pack.conteudo, 0, 1)} L`))].join(' e ');
  return (
    <CalculatorPanel
      id="calculadora-tinta"
      title="Calculadora de tinta"
      assumptions={
        <>
          Rendimento desta linha: {formatDecimal(paintM2PerLitrePerCoat(paint), 1, 1)} m² por litro por demão
          ({paint.source}). Somamos {paint.wastePercent}% de margem para retoques e perdas. Escolhemos a
          combinação de embalagens de {sizes} de menor preço que cobre a tinta necessária; no empate, a que
          deixa menos sobra.
        </>
      }
      result={result}
      adding={adding}
      onAdd={onAdd}
    >
      <WallFields name={FIELDS} value={wall} onChange={setWall} />
      <MeasureField
        label="Demãos"
        name={COATS_FIELD}
        defaultValue={coats}
        onChange={(value) => setCoats(Number.isFinite(value) ? value : 0)}
        max={10}
        whole
      />
    </CalculatorPanel>
  );
}
