import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Outcome } from '../../../domain/material-amounts';
import { formatBRL, reaisToCentavos } from '../../../domain/money';
import { useHydrated } from '../../../hooks/use-hydrated';

// The frame every calculator beyond tiles shares: title, what it assumes (the yield and the waste
// margin, in words), its fields, the result read out as it changes, and one button that puts the
// whole result in the cart.

/** A package on sale as the calculators read it (the detail answer's `calculadora.embalagens`). */
export interface Pack {
  idprd: number;
  descricao: string;
  preco: number;
  conteudo: number;
  codundvenda: string;
  estoque?: number;
}

/** One line of the result: a package and how many of it. */
export interface CalculatedLine {
  pack: Pack;
  quantity: number;
}

export interface Calculated {
  /** What the result says before its lines: the area, the litres or kg needed... */
  figures: readonly { label: string; value: string }[];
  lines: readonly CalculatedLine[];
}

interface CalculatorPanelProps {
  id: string;
  title: string;
  /** The yield and the waste margin, said in pt-BR. */
  assumptions: ReactNode;
  children: ReactNode;
  /** null until a measure is typed: then no message says what is missing. */
  result: Outcome<Calculated> | null;
  adding: boolean;
  onAdd(lines: readonly CalculatedLine[]): void;
}

const lineTotal = (line: CalculatedLine) => line.quantity * reaisToCentavos(line.pack.preco);

export function CalculatorPanel({
  id,
  title,
  assumptions,
  children,
  result: computed,
  adding,
  onAdd,
}: CalculatorPanelProps) {
  // Measures typed before the app took over the page start the fields (typedMeasure); what they
  // compute shows from the render after hydration, which found the server's markup (no result).
  const result = useHydrated() ? computed : null;
  const calculated = result?.ok ? result.value : null;
  const lines = calculated?.lines.filter((line) => line.quantity > 0) ?? [];
  const short = lines.filter((line) => line.pack.estoque !== undefined && line.quantity > line.pack.estoque);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id}>
        {title}
      </Title>
      <Text fz="sm" c="dark.5" mb="sm">
        {assumptions}
      </Text>
      <Stack gap="sm">
        {children}
        <Paper bg="gray.0" p="sm" aria-live="polite" data-testid={`${id}-resultado`}>
          {result && !result.ok && (
            <Text c="red.9" fw={600}>
              {result.error}
            </Text>
          )}
          {!result && <Text c="dark.5">Informe as medidas para ver o resultado.</Text>}
          {calculated?.figures.map((figure) => (
            <Group key={figure.label} justify="space-between" wrap="nowrap">
              <Text>{figure.label}</Text>
              <Text fw={700}>{figure.value}</Text>
            </Group>
          ))}
          {lines.map((line) => (
            <Group key={line.pack.idprd} justify="space-between" wrap="nowrap" align="flex-start">
              <Text>
                {line.quantity} × {line.pack.descricao}
              </Text>
              <Text fw={700}>{formatBRL(lineTotal(line))}</Text>
            </Group>
          ))}
          {lines.length > 0 && (
            <Group justify="space-between">
              <Text>Valor total</Text>
              <Text fw={700}>{formatBRL(lines.reduce((sum, line) => sum + lineTotal(line), 0))}</Text>
            </Group>
          )}
        </Paper>
        {short.map((line) => (
          <Alert key={line.pack.idprd} color="yellow" variant="light">
            Há apenas {line.pack.estoque} em estoque de {line.pack.descricao}.
          </Alert>
        ))}
        <Button
          disabled={lines.length === 0 || short.length > 0}
          loading={adding}
          onClick={() => onAdd(lines)}
        >
          {units === 0
            ? 'Adicionar ao carrinho'
            : `Adicionar ao carrinho (${units} ${units === 1 ? 'item' : 'itens'})`}
        </Button>
      </Stack>
    </Paper>
  );
}
