import { Group } from '@mantine/core';
import { useState } from 'react';
import {
  blocksNeeded,
  groutKgPerM2,
  groutNeeded,
  mortarNeeded,
  wallArea,
  type MortarSpread,
  type Outcome,
  type PackResult,
} from '../../../domain/material-amounts';
import type { BlockYield, GroutYield, MortarYield } from '../../../domain/material-yields';
import { formatDecimal } from '../../../domain/money';
import { CalculatorPanel, type Calculated, type CalculatedLine, type Pack } from './calculator-panel';
import { MeasureChoice, MeasureField, typedMeasure } from './measure-field';
import { WallFields, initialWall, wallInputOf, wallTyped } from './wall-fields';

// Mortar, grout and blocks: each sold in one package (a 20 kg bag, a 1 kg pack, a block).

interface CalculatorProps<Yield> {
  material: Yield;
  pack: Pack;
  adding: boolean;
  onAdd(lines: readonly CalculatedLine[]): void;
}

// The fields' names, by which measures typed before the app took over the page are found (typedMeasure).
const MORTAR_AREA = 'argamassa-area';
const GROUT = {
  area: 'rejunte-area',
  tileWidth: 'rejunte-peca-largura',
  tileLength: 'rejunte-peca-comprimento',
  jointWidth: 'rejunte-junta',
  jointDepth: 'rejunte-profundidade',
};
const BLOCK_FIELDS = 'blocos';

const kg = (value: number) => `${formatDecimal(value, 0, 2)} kg`;

/** The result of a pack count: the figure, then the one line. */
function packResult(outcome: Outcome<PackResult>, pack: Pack, figure: string): Outcome<Calculated> {
  if (!outcome.ok) return outcome;
  return {
    ok: true,
    value: {
      figures: [{ label: figure, value: kg(outcome.value.amount) }],
      lines: [{ pack, quantity: outcome.value.units }],
    },
  };
}

export function MortarCalculator({ material, pack, adding, onAdd }: CalculatorProps<MortarYield>) {
  // Measures typed before the app took over the page are kept (typedMeasure).
  const [area, setArea] = useState(() => typedMeasure(MORTAR_AREA));
  const [spread, setSpread] = useState<MortarSpread>('simples');
  const result = Number.isFinite(area)
    ? packResult(mortarNeeded(material, area, spread, pack.conteudo), pack, 'Argamassa necessária')
    : null;
  return (
    <CalculatorPanel
      id="calculadora-argamassa"
      title="Calculadora de argamassa"
      assumptions={
        <>
          Consumo de {material.kgPerM2Single} kg/m² na colagem simples (desempenadeira de 8 mm) e de{' '}
          {material.kgPerM2Double} kg/m² na dupla colagem ({material.source}). Somamos {material.wastePercent}
          % de margem para perdas; sacos de {formatDecimal(pack.conteudo)} kg.
        </>
      }
      result={result}
      adding={adding}
      onAdd={onAdd}
    >
      <MeasureField
        label="Área a assentar (m²)"
        name={MORTAR_AREA}
        defaultValue={area}
        onChange={setArea}
        max={100000}
      />
      <MeasureChoice
        label="Tipo de colagem"
        value={spread}
        onChange={setSpread}
        options={[
          { value: 'simples', label: 'Colagem simples' },
          { value: 'dupla', label: 'Dupla colagem (peças acima de 30 × 30 cm)' },
        ]}
      />
    </CalculatorPanel>
  );
}

export function GroutCalculator({ material, pack, adding, onAdd }: CalculatorProps<GroutYield>) {
  const [area, setArea] = useState(() => typedMeasure(GROUT.area));
  const [tile, setTile] = useState(() => ({
    width: typedMeasure(GROUT.tileWidth, 60),
    length: typedMeasure(GROUT.tileLength, 60),
  }));
  const [joint, setJoint] = useState(() => ({
    width: typedMeasure(GROUT.jointWidth, 3),
    depth: typedMeasure(GROUT.jointDepth, 8),
  }));
  const input = {
    areaM2: area,
    tileWidthCm: tile.width,
    tileLengthCm: tile.length,
    jointMm: joint.width,
    depthMm: joint.depth,
  };
  const outcome = groutNeeded(material, input, pack.conteudo);
  const calculated = packResult(outcome, pack, 'Rejunte necessário');
  const result: Outcome<Calculated> | null = !Number.isFinite(area)
    ? null
    : calculated.ok
      ? {
          ok: true,
          value: {
            ...calculated.value,
            figures: [
              { label: 'Consumo', value: `${formatDecimal(groutKgPerM2(material, input), 3, 3)} kg/m²` },
              ...calculated.value.figures,
            ],
          },
        }
      : calculated;
  return (
    <CalculatorPanel
      id="calculadora-rejunte"
      title="Calculadora de rejunte"
      assumptions={
        <>
          Consumo (kg/m²) = ((L + C) ÷ (L × C)) × J × E × densidade, a fórmula dos fabricantes, com L e C as
          medidas da peça, J a largura e E a profundidade da junta, em mm, e densidade de{' '}
          {formatDecimal(material.density, 2, 2)} kg/dm³ ({material.source}). Somamos {material.wastePercent}%
          de margem para perdas.
        </>
      }
      result={result}
      adding={adding}
      onAdd={onAdd}
    >
      <MeasureField
        label="Área a rejuntar (m²)"
        name={GROUT.area}
        defaultValue={area}
        onChange={setArea}
        max={100000}
      />
      <Group grow align="flex-end" wrap="nowrap">
        <MeasureField
          label="Peça: largura (cm)"
          name={GROUT.tileWidth}
          defaultValue={tile.width}
          onChange={(width) => setTile({ ...tile, width })}
          max={300}
        />
        <MeasureField
          label="Peça: comprimento (cm)"
          name={GROUT.tileLength}
          defaultValue={tile.length}
          onChange={(length) => setTile({ ...tile, length })}
          max={300}
        />
      </Group>
      <Group grow align="flex-end" wrap="nowrap">
        <MeasureField
          label="Junta: largura (mm)"
          name={GROUT.jointWidth}
          defaultValue={joint.width}
          onChange={(width) => setJoint({ ...joint, width })}
          max={20}
        />
        <MeasureField
          label="Junta: profundidade (mm)"
          name={GROUT.jointDepth}
          defaultValue={joint.depth}
          onChange={(depth) => setJoint({ ...joint, depth })}
          max={30}
        />
      </Group>
    </CalculatorPanel>
  );
}

export function BlockCalculator({ material, pack, adding, onAdd }: CalculatorProps<BlockYield>) {
  const [wall, setWall] = useState(() => initialWall(BLOCK_FIELDS));
  const area = wallArea(wallInputOf(wall));
  let result: Outcome<Calculated> | null = null;
  if (wallTyped(wall)) {
    const blocks = area.ok ? blocksNeeded(material, area.value) : area;
    result = blocks.ok
      ? {
          ok: true,
          value: {
            figures: [
              { label: 'Área da parede', value: `${formatDecimal(area.ok ? area.value : 0, 2, 2)} m²` },
            ],
            lines: [{ pack, quantity: blocks.value.units }],
          },
        }
      : blocks;
  }
  return (
    <CalculatorPanel
      id="calculadora-blocos"
      title="Calculadora de blocos"
      assumptions={
        <>
          {formatDecimal(material.unitsPerM2, 0, 2)} blocos por m² de parede, com junta de 1 cm (
          {material.source}). Somamos {material.wastePercent}% de margem para quebras e recortes.
        </>
      }
      result={result}
      adding={adding}
      onAdd={onAdd}
    >
      <WallFields name={BLOCK_FIELDS} value={wall} onChange={setWall} />
    </CalculatorPanel>
  );
}
