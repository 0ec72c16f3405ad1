import type { FieldReport } from '../api/field-measurement';
import { formatMetric, METRIC_NAMES, rateMetric } from '../domain/field-measurement';
import type { CommandGroup } from './cli-admin';

// `rum:report`: what shoppers' browsers measured (issue 39), as the manager's page shows it
// (src/features/store-mode/components/store-performance-page.tsx).

export const FIELD_USAGE = `  rum:report [--dias 28]                   medições dos navegadores: p50, p75, p95 e amostras por página, aparelho e navegador
`;

/** The report's lines as text: one block per figure, one line per page × device × browser. */
export function fieldReportText(report: FieldReport): string {
  if (report.linhas.length === 0)
    return `Nenhuma medição nos últimos ${report.dias} dias (desde ${report.desde}).\n`;
  const out = [
    `Medições dos últimos ${report.dias} dias (desde ${report.desde}); p75 avaliado pelos limites das Web Vitals.`,
  ];
  let metric = '';
  for (const line of report.linhas) {
    if (line.metrica !== metric) {
      metric = line.metrica;
      out.push('', METRIC_NAMES[line.metrica]);
    }
    const figure = (value: number) => formatMetric(line.metrica, value);
    out.push(
      `  ${line.pagina}  ${line.aparelho}  ${line.navegador}  p75 ${figure(line.p75)} (${rateMetric(line.metrica, line.p75)})` +
        `  p50 ${figure(line.p50)}  p95 ${figure(line.p95)}  ${line.amostras} amostra(s)`,
    );
  }
  return `${out.join('\n')}\n`;
}

/** Runs rum:report; false for any other command. */
export const runFieldCommand: CommandGroup = async (command, _positional, options, admin) => {
  if (command !== 'rum:report') return false;
  const query = options.dias ? `?dias=${encodeURIComponent(options.dias)}` : '';
  const report = (await admin('GET', `/field-report${query}`)) as unknown as FieldReport;
  process.stdout.write(fieldReportText(report));
  return true;
};
