import '@mantine/core/styles/Fieldset.css';
import { Button, Fieldset, Group, Stack } from '@mantine/core';
import {
  STANDARD_DOOR,
  STANDARD_WINDOW,
  type Opening,
  type WallInput,
} from '../../../domain/material-amounts';
import { MeasureChoice, MeasureField, typedMeasure } from './measure-field';

// The wall the paint and block calculators start from: a total in m², or each wall's width and
// height; minus doors and windows, counted, at standard sizes the shopper may edit.

export interface WallState {
  mode: 'total' | 'walls';
  totalM2: number;
  walls: { key: number; width: number; height: number }[];
  doors: Opening;
  windows: Opening;
}

const MAX_WALLS = 8;

/** The names of the fields of a calculator's wall (`name`: its prefix), by which typed measures are found. */
const fieldNames = (name: string) => ({
  totalM2: `${name}-area`,
  doors: `${name}-portas`,
  windows: `${name}-janelas`,
});
const openingNames = (name: string): Record<keyof Opening, string> => ({
  count: `${name}-quantidade`,
  width: `${name}-largura`,
  height: `${name}-altura`,
});

/** What the doors or windows start with: the measures typed before the app took over, or the standard ones. */
function typedOpening(name: string, standard: Opening): Opening {
  const names = openingNames(name);
  return {
    count: typedMeasure(names.count, standard.count),
    width: typedMeasure(names.width, standard.width),
    height: typedMeasure(names.height, standard.height),
  };
}

/**
 * The wall a calculator (`name`: its fields' prefix) starts with: empty, with the measures typed into
 * the server-rendered fields before the app took over the page (the total area, the doors and windows).
 */
export function initialWall(name: string): WallState {
  const names = fieldNames(name);
  return {
    mode: 'total',
    totalM2: typedMeasure(names.totalM2),
    walls: [{ key: 1, width: Number.NaN, height: Number.NaN }],
    doors: typedOpening(names.doors, { count: 0, ...STANDARD_DOOR }),
    windows: typedOpening(names.windows, { count: 0, ...STANDARD_WINDOW }),
  };
}

/** What the domain's wallArea reads. */
export function wallInputOf(wall: WallState): WallInput {
  const { doors, windows } = wall;
  return wall.mode === 'total'
    ? { totalM2: wall.totalM2, doors, windows }
    : { walls: wall.walls, doors, windows };
}

/** Whether a wall measure has been typed yet (before that, no message says what is missing). */
export function wallTyped(wall: WallState): boolean {
  return wall.mode === 'total'
    ? Number.isFinite(wall.totalM2)
    : wall.walls.some((each) => Number.isFinite(each.width) || Number.isFinite(each.height));
}

interface WallFieldsProps {
  /** Prefix of the fields' names, one per calculator. */
  name: string;
  value: WallState;
  onChange(next: WallState): void;
}

export function WallFields({ name, value, onChange }: WallFieldsProps) {
  const names = fieldNames(name);
  const set = (change: Partial<WallState>) => onChange({ ...value, ...change });
  const setWall = (key: number, change: Partial<{ width: number; height: number }>) =>
    set({ walls: value.walls.map((wall) => (wall.key === key ? { ...wall, ...change } : wall)) });
  const nextKey = Math.max(...value.walls.map((wall) => wall.key)) + 1;
  return (
    <Stack gap="sm">
      <MeasureChoice
        label="Como informar as paredes"
        value={value.mode}
        onChange={(mode) => set({ mode })}
        options={[
          { value: 'total', label: 'Área total em m²' },
          { value: 'walls', label: 'Parede por parede' },
        ]}
      />
      {value.mode === 'total' ? (
        <MeasureField
          label="Área das paredes (m²)"
          name={names.totalM2}
          defaultValue={value.totalM2}
          onChange={(totalM2) => set({ totalM2 })}
          max={100000}
        />
      ) : (
        <Stack gap="xs">
          {value.walls.map((wall, index) => (
            <Fieldset key={wall.key} legend={`Parede ${index + 1}`} p="xs">
              <Group grow align="flex-end" wrap="nowrap">
                <MeasureField
                  label="Largura (m)"
                  name={`${name}-parede-${wall.key}-largura`}
                  defaultValue={wall.width}
                  onChange={(width) => setWall(wall.key, { width })}
                  max={1000}
                />
                <MeasureField
                  label="Altura (m)"
                  name={`${name}-parede-${wall.key}-altura`}
                  defaultValue={wall.height}
                  onChange={(height) => setWall(wall.key, { height })}
                  max={100}
                />
              </Group>
              {value.walls.length > 1 && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  mt={4}
                  onClick={() => set({ walls: value.walls.filter((each) => each.key !== wall.key) })}
                >
                  Remover parede {index + 1}
                </Button>
              )}
            </Fieldset>
          ))}
          {value.walls.length < MAX_WALLS && (
            <Button
              variant="default"
              onClick={() =>
                set({ walls: [...value.walls, { key: nextKey, width: Number.NaN, height: Number.NaN }] })
              }
            >
              Adicionar parede
            </Button>
          )}
        </Stack>
      )}
      <OpeningFields
        legend="Portas"
        name={names.doors}
        value={value.doors}
        onChange={(doors) => set({ doors })}
      />
      <OpeningFields
        legend="Janelas"
        name={names.windows}
        value={value.windows}
        onChange={(windows) => set({ windows })}
      />
    </Stack>
  );
}

function OpeningFields({
  legend,
  name,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  value: Opening;
  onChange(next: Opening): void;
}) {
  const names = openingNames(name);
  return (
    <Fieldset legend={`${legend} a descontar`} p="xs">
      <Group grow align="flex-end" wrap="nowrap">
        <MeasureField
          label="Quantas"
          name={names.count}
          defaultValue={value.count}
          onChange={(count) => onChange({ ...value, count: Number.isFinite(count) ? count : 0 })}
          max={99}
          whole
        />
        <MeasureField
          label="Largura (m)"
          name={names.width}
          defaultValue={value.width}
          onChange={(width) => onChange({ ...value, width })}
          max={20}
        />
        <MeasureField
          label="Altura (m)"
          name={names.height}
          defaultValue={value.height}
          onChange={(height) => onChange({ ...value, height })}
          max={20}
        />
      </Group>
    </Fieldset>
  );
}
