// Field measurement (issue 39): the figures real shoppers' browsers send, how they are grouped and
// how each is judged. The Web Vitals thresholds are Google's (web.dev/articles/vitals); the early
// tap's are ours, held to INP's (a tap is an interaction, whoever answers it).

/** Every figure a beacon may carry: the Web Vitals, and the early tap's (src/early/keep-taps.ts). */
export const FIELD_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'TAP_FEEDBACK', 'TAP_ANSWER'] as const;
export type FieldMetric = (typeof FIELD_METRICS)[number];

/** Good up to the first figure, poor above the second (ms; CLS has no unit). */
export const METRIC_THRESHOLDS: Record<FieldMetric, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
  TAP_FEEDBACK: [200, 500],
  TAP_ANSWER: [200, 500],
};

/** What each figure is, as the manager reads it. */
export const METRIC_NAMES: Record<FieldMetric, string> = {
  LCP: 'LCP (maior elemento)',
  INP: 'INP (resposta ao toque)',
  CLS: 'CLS (estabilidade)',
  FCP: 'FCP (primeira pintura)',
  TTFB: 'TTFB (primeiro byte)',
  TAP_FEEDBACK: 'Toque antecipado: retorno',
  TAP_ANSWER: 'Toque antecipado: resposta',
};

export const RATINGS = ['bom', 'precisa melhorar', 'ruim'] as const;
export type Rating = (typeof RATINGS)[number];

/** A figure judged by its thresholds (the boundary itself is still the better side, as web.dev's). */
export function rateMetric(metric: FieldMetric, value: number): Rating {
  const [good, poor] = METRIC_THRESHOLDS[metric];
  if (value <= good) return 'bom';
  return value <= poor ? 'precisa melhorar' : 'ruim';
}

/** '2,53 s', '180 ms', '0,031': as the manager reads a figure. */
export function formatMetric(metric: FieldMetric, value: number): string {
  if (metric === 'CLS') return value.toLocaleString('pt-BR', { maximumFractionDigits: 3 });
  if (value >= 1000)
    return `${(value / 1000).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} s`;
  return `${Math.round(value)} ms`;
}

export const DEVICE_CLASSES = ['celular', 'tablet', 'computador'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** By the viewport's CSS width, at the theme's sm (768 px) and lg (1200 px) breakpoints. */
export function deviceClass(viewportWidth: number): DeviceClass {
  if (viewportWidth < 768) return 'celular';
  return viewportWidth < 1200 ? 'tablet' : 'computador';
}

/** The Network Information API's effectiveType, or 'desconhecida' (Safari and Firefox have none). */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g', 'desconhecida'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** The browser family of a User-Agent: enough to group by, nothing that tells one person apart. */
export function browserFamily(userAgent: string): string {
  if (/SamsungBrowser\//.test(userAgent)) return 'Samsung Internet';
  if (/Edg(A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/CriOS\/|Chrome\/|Chromium\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'outro';
}

/** How long samples are kept: the report's longest span is well inside it. */
export const FIELD_RETENTION_DAYS = 90;
/** The report's and the manager's page's default span. */
export const FIELD_REPORT_DAYS = 28;

/** Where the page sends its one beacon per page view (src/server/routes/field-measurement.ts). */
export const FIELD_BEACON_PATH = '/rum';
/** A beacon is a few hundred bytes: anything much larger is not one of ours. */
export const FIELD_BEACON_MAX_BYTES = 2048;
