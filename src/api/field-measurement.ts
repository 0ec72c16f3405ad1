import { z } from 'zod';
import {
  CONNECTION_TYPES,
  DEVICE_CLASSES,
  FIELD_METRICS,
  FIELD_REPORT_DAYS,
  FIELD_RETENTION_DAYS,
} from '../domain/field-measurement';
import { defineOperation } from './define';

// Field measurement (issue 39): the beacon a page sends when it is hidden (POST /rum, not a
// DataSnap operation: the browser sends it by itself, src/features/field-measurement), and the
// manager's report of what those beacons measured.

/**
 * A route pattern of the router ('/produto/:id'): no query string, and no digit, '@' or '.', so an
 * order number, a CPF or an e-mail that a faulty page put in its place is refused.
 */
const ROUTE_PATTERN = /^\/[A-Za-z/:_*-]{0,79}$/;

const figure = (max: number) => z.number().finite().min(0).max(max);
const MAX_MS = 600_000;

/** The beacon: strict, so a field that is not one of these (an e-mail, an id) refuses the whole of it. */
export const fieldBeacon = z
  .object({
    rota: z.string().regex(ROUTE_PATTERN, 'Rota inválida: só o padrão da rota, sem parâmetros.'),
    largura: z.number().int().min(1).max(20_000),
    conexao: z.enum(CONNECTION_TYPES).default('desconhecida'),
    metricas: z
      .object(
        Object.fromEntries(
          FIELD_METRICS.map((metric) => [metric, figure(metric === 'CLS' ? 100 : MAX_MS).optional()]),
        ) as Record<(typeof FIELD_METRICS)[number], z.ZodOptional<z.ZodNumber>>,
      )
      .strict()
      .refine((metrics) => Object.values(metrics).some((value) => value !== undefined), 'Nenhuma medida.'),
  })
  .strict();

export const FIELD_BEACON_INVALID_MESSAGE = 'Medição inválida.';
export const FIELD_REPORT_MANAGER_ONLY_MESSAGE = 'Somente o gerente da loja vê o desempenho da loja.';

export const fieldReportDays = z.coerce
  .number({ error: `Dias: de 1 a ${FIELD_RETENTION_DAYS}.` })
  .int(`Dias: de 1 a ${FIELD_RETENTION_DAYS}.`)
  .min(1, `Dias: de 1 a ${FIELD_RETENTION_DAYS}.`)
  .max(FIELD_RETENTION_DAYS, `Dias: de 1 a ${FIELD_RETENTION_DAYS}.`)
  .default(FIELD_REPORT_DAYS);

const reportLine = z.object({
  pagina: z.string(),
  aparelho: z.enum(DEVICE_CLASSES),
  navegador: z.string(),
  metrica: z.enum(FIELD_METRICS),
  amostras: z.number().int(),
  p50: z.number(),
  p75: z.number(),
  p95: z.number(),
});
export type FieldReportLine = z.output<typeof reportLine>;

export const fieldReport = z.object({
  dias: z.number().int(),
  desde: z.string(),
  linhas: z.array(reportLine),
  /** p75 of LCP and INP per day (every page and device), for the chart; null: no sample that day. */
  porDia: z.array(z.object({ dia: z.string(), LCP: z.number().nullable(), INP: z.number().nullable() })),
});
export type FieldReport = z.output<typeof fieldReport>;

export const storePerformanceOperation = defineOperation({
  name: 'LOJA_DESEMPENHO',
  method: 'GET',
  query: z.object({ dias: fieldReportDays }),
  answer: fieldReport,
  doc: "What shoppers' browsers measured over the last `dias` days (28 by default): p50, p75 and p95 per page type, device and browser for each figure, and p75 LCP and INP per day. Managers (gerente) on a paired tablet only: 401 without, 403 for a seller.",
});
