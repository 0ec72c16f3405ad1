import { lt, sql } from 'drizzle-orm';
import type { FieldReport, FieldReportLine } from '../../api/field-measurement';
import {
  browserFamily,
  deviceClass,
  FIELD_METRICS,
  FIELD_RETENTION_DAYS,
  type ConnectionType,
  type FieldMetric,
} from '../../domain/field-measurement';
import { addDays, type IsoDate } from '../../domain/store-calendar';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { fieldSamples } from '../db/schema';

// What shoppers' browsers measured (issue 39): stored raw, one row per figure, so the report's
// percentiles are exact on the samples of its span: nearest-rank (percentile_disc), the smallest
// sample with at least p of them at or below it.

export interface BeaconSample {
  rota: string;
  largura: number;
  conexao: ConnectionType;
  metricas: Partial<Record<FieldMetric, number>>;
}

/** Stores a beacon's figures under `day`; drops what is older than the retention in the same go. */
export async function recordBeacon(
  db: Db,
  beacon: BeaconSample,
  userAgent: string,
  day: IsoDate,
): Promise<void> {
  const group = {
    day,
    page: beacon.rota,
    device: deviceClass(beacon.largura),
    browser: browserFamily(userAgent),
    connection: beacon.conexao,
  };
  const figures = FIELD_METRICS.flatMap((metric) => {
    const value = beacon.metricas[metric];
    return value === undefined ? [] : [{ ...group, metric, value }];
  });
  await db.transaction(async (tx) => {
    await tx.insert(fieldSamples).values(figures);
    await tx.delete(fieldSamples).where(lt(fieldSamples.day, addDays(day, -FIELD_RETENTION_DAYS)));
  });
}

interface LineRow {
  page: string;
  device: FieldReportLine['aparelho'];
  browser: string;
  metric: FieldMetric;
  samples: number | string;
  p50: number | string;
  p75: number | string;
  p95: number | string;
}

/** The last `days` days up to `today`: p50/p75/p95 per page, device, browser and figure, and p75 LCP and INP per day. */
export async function fieldReport(db: Db, days: number, today: IsoDate): Promise<FieldReport> {
  const since = addDays(today, 1 - days);
  const lines = await queryRows<LineRow>(
    db,
    sql`SELECT page, device, browser, metric, count(*) AS samples,
          percentile_disc(0.5) WITHIN GROUP (ORDER BY value) AS p50,
          percentile_disc(0.75) WITHIN GROUP (ORDER BY value) AS p75,
          percentile_disc(0.95) WITHIN GROUP (ORDER BY value) AS p95
        FROM field_samples WHERE day BETWEEN ${since}::date AND ${today}::date
        GROUP BY page, device, browser, metric`,
  );
  const daily = await queryRows<{ day: string | Date; metric: 'LCP' | 'INP'; p75: number | string }>(
    db,
    sql`SELECT day, metric, percentile_disc(0.75) WITHIN GROUP (ORDER BY value) AS p75
        FROM field_samples
        WHERE day BETWEEN ${since}::date AND ${today}::date AND metric IN ('LCP', 'INP')
        GROUP BY day, metric`,
  );
  const byDay = new Map<string, { LCP: number | null; INP: number | null }>();
  for (let offset = 0; offset < days; offset += 1)
    byDay.set(addDays(since, offset), { LCP: null, INP: null });
  for (const row of daily) {
    const day = typeof row.day === 'string' ? row.day.slice(0, 10) : row.day.toISOString().slice(0, 10);
    const entry = byDay.get(day);
    if (entry) entry[row.metric] = Number(row.p75);
  }
  const metricOrder = (metric: FieldMetric) => FIELD_METRICS.indexOf(metric);
  return {
    dias: days,
    desde: since,
    linhas: lines
      .map((row) => ({
        pagina: row.page,
        aparelho: row.device,
        navegador: row.browser,
        metrica: row.metric,
        amostras: Number(row.samples),
        p50: Number(row.p50),
        p75: Number(row.p75),
        p95: Number(row.p95),
      }))
      .sort(
        (a, b) =>
          a.pagina.localeCompare(b.pagina) ||
          a.aparelho.localeCompare(b.aparelho) ||
          a.navegador.localeCompare(b.navegador) ||
          metricOrder(a.metrica) - metricOrder(b.metrica),
      ),
    porDia: [...byDay].map(([dia, p75]) => ({ dia, ...p75 })),
  };
}
