import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/NumberInput.css';
import { useState } from 'react';
import { Alert, Button, Chip, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { formatBRL, formatDecimal } from '../../../domain/money';
import { LOSS_PRESETS, boxesForArea, lineTotal } from '../../../domain/quantity';
import { useHydrated } from '../../../hooks/use-hydrated';
import { MeasureChoice, MeasureField, typedMeasure } from './measure-field';

type Mode = 'area' | 'sides';

interface TileCalculatorProps {
  /** m² in one box (multiploprdvenda). */
  m2PerBox: number;
  /** Price of one m², centavos. */
  pricePerM2: number;
  /** Boxes available in the chosen lote (or in all), to warn before adding more. */
  available?: number;
  adding?: boolean;
  onAdd(boxes: number): void;
}

const toNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

/**
 * How many boxes a floor or wall needs: the area (or width x length) plus a loss
 * margin, always rounded up to whole boxes, with the m² they cover and the total price.
 */
export function TileCalculator({ m2PerBox, pricePerM2, available, adding, onAdd }: TileCalculatorProps) {
  const [mode, setMode] = useState<Mode>('area');
  // Measures typed before the app took over the page are kept; what they compute shows from the
  // render after hydration, which found the server's markup (no result yet).
  const [area, setArea] = useState<number>(() => typedMeasure('area-a-cobrir'));
  const [width, setWidth] = useState<number>(() => typedMeasure('largura'));
  const [length, setLength] = useState<number>(() => typedMeasure('comprimento'));
  const hydrated = useHydrated();
  const [loss, setLoss] = useState<number>(LOSS_PRESETS[0].percent);

  const areaM2 = !hydrated ? Number.NaN : mode === 'area' ? area : width * length;
  const { boxes, coveredM2 } = boxesForArea({
    areaM2: Number.isFinite(areaM2) ? areaM2 : 0,
    lossPercent: Number.isFinite(loss) ? loss : 0,
    m2PerBox,
  });
  const total = lineTotal(pricePerM2, boxes, m2PerBox);
  const short = available !== undefined && boxes > available;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="calculadora-pisos">
      <Title order={2} fz="h4" id="calculadora-pisos">
        Calculadora de pisos e revestimentos
      </Title>
      <Text fz="sm" c="dark.5" mb="sm">
        Cada caixa cobre {formatDecimal(m2PerBox, 2, 2)} m².
      </Text>
      <Stack gap="sm">
        <MeasureChoice
          label="Como informar a área"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'area', label: 'Área em m²' },
            { value: 'sides', label: 'Largura x comprimento' },
          ]}
        />
        {mode === 'area' ? (
          <MeasureField
            label="Área a cobrir (m²)"
            name="area-a-cobrir"
            defaultValue={area}
            onChange={setArea}
            max={100000}
          />
        ) : (
          <Group grow>
            <MeasureField
              label="Largura (m)"
              name="largura"
              defaultValue={width}
              onChange={setWidth}
              max={1000}
            />
            <MeasureField
              label="Comprimento (m)"
              name="comprimento"
              defaultValue={length}
              onChange={setLength}
              max={1000}
            />
          </Group>
        )}
        <div>
          <Chip.Group value={String(loss)} onChange={(value) => setLoss(Number(value))}>
            <Group gap="xs" role="radiogroup" aria-label="Perda para recortes">
              {LOSS_PRESETS.map((preset) => (
                <Chip key={preset.percent} value={String(preset.percent)} size="sm" type="radio">
                  {preset.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <NumberInput
            mt="xs"
            w={160}
            label="Perda (%)"
            value={Number.isFinite(loss) ? loss : ''}
            onChange={(value) => setLoss(toNumber(value))}
            min={0}
            max={100}
            decimalScale={0}
            allowNegative={false}
            allowDecimal={false}
          />
        </div>
        <Paper bg="gray.0" p="sm" aria-live="polite">
          <Group justify="space-between">
            <Text>Caixas necessárias</Text>
            <Text fw={700} data-testid="tile-boxes">
              {boxes}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text>Área coberta</Text>
            <Text fw={700} data-testid="tile-covered">
              {formatDecimal(coveredM2, 2, 2)} m²
            </Text>
          </Group>
          <Group justify="space-between">
            <Text>Valor total</Text>
            <Text fw={700} data-testid="tile-total">
              {formatBRL(total)}
            </Text>
          </Group>
        </Paper>
        <Text fz="sm">
          Compre todas as caixas do mesmo lote: lotes diferentes podem variar de tonalidade e calibre.
        </Text>
        {short && (
          <Alert color="yellow" variant="light">
            Há apenas {available} {available === 1 ? 'caixa disponível' : 'caixas disponíveis'} deste lote.
          </Alert>
        )}
        <Button disabled={boxes < 1 || short} loading={adding} onClick={() => onAdd(boxes)}>
          {boxes === 1 ? 'Adicionar 1 caixa' : `Adicionar ${boxes} caixas`}
        </Button>
      </Stack>
    </Paper>
  );
}
