import { Alert, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { callOperation } from '../../../api/client';
import { messageOf } from '../../../api/errors';
import { usePageTitle } from '../../../hooks/use-page-title';
import { FIELD_REPORT_DAYS, formatMetric, METRIC_NAMES, rateMetric } from '../../../domain/field-measurement';
import { formatIsoDate } from '../../../domain/store-calendar';
import { staffKeys, useManagerQuery } from '../api/staff';
import { ManagerOnly } from './manager-only';
import { StaffTable } from './staff-table';

// uPlot comes with this page only, after its table.
const PerformanceChart = lazy(() =>
  import('./performance-chart').then((module) => ({ default: module.PerformanceChart })),
);

const TITLE = 'Desempenho da loja';

/**
 * /loja/desempenho: what shoppers' browsers measured (field measurement, issue 39) over the last 28
 * days: p75 LCP and INP per day in a chart, and p50/p75/p95 per page, device and browser, each p75
 * rated by the Web Vitals thresholds. The manager (gerente) only.
 */
export function StorePerformancePage() {
  usePageTitle(TITLE);
  const { manager, query: report } = useManagerQuery(staffKeys.performance(FIELD_REPORT_DAYS), async () =>
    callOperation((await import('../../../api/field-measurement')).storePerformanceOperation, {
      query: { dias: FIELD_REPORT_DAYS },
    }),
  );
  // The server's FIELD_REPORT_MANAGER_ONLY_MESSAGE, written out: the contract (zod) loads with the call only.
  if (!manager)
    return <ManagerOnly title={TITLE} message="Somente o gerente da loja vê o desempenho da loja." />;
  const data = report.data;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {TITLE}
      </Title>
      <Text>
        O que os navegadores dos clientes mediram nos últimos {FIELD_REPORT_DAYS} dias. O p75 é o valor que 3
        de cada 4 visitas não passam; avaliado pelos limites das Web Vitals.
      </Text>
      {report.isPending && <Text>Carregando as medições…</Text>}
      {report.isError && (
        <Alert color="red" role="alert">
          {messageOf(report.error, 'Não foi possível carregar as medições.')}
        </Alert>
      )}
      {data && data.linhas.length === 0 && <Text>Nenhuma medição desde {formatIsoDate(data.desde)}.</Text>}
      {data && data.linhas.length > 0 && (
        <>
          <Title order={2} size="h3">
            p75 de LCP e INP por dia
          </Title>
          <Suspense fallback={<Text>Carregando o gráfico…</Text>}>
            <PerformanceChart days={data.porDia} />
          </Suspense>
          <details>
            <summary>Valores por dia</summary>
            <StaffTable
              label="p75 de LCP e INP por dia"
              columns={['Dia', 'LCP p75', 'INP p75']}
              rows={data.porDia.map((day) => ({
                key: day.dia,
                cells: [
                  formatIsoDate(day.dia),
                  day.LCP === null ? '-' : formatMetric('LCP', day.LCP),
                  day.INP === null ? '-' : formatMetric('INP', day.INP),
                ],
              }))}
            />
          </details>
          <Title order={2} size="h3">
            Por página, aparelho e navegador
          </Title>
          <StaffTable
            label="Medições por página, aparelho e navegador"
            columns={[
              'Página',
              'Aparelho',
              'Navegador',
              'Medida',
              'p75',
              'Avaliação',
              'p50',
              'p95',
              'Amostras',
            ]}
            rows={data.linhas.map((line) => ({
              key: `${line.pagina} ${line.aparelho} ${line.navegador} ${line.metrica}`,
              cells: [
                line.pagina,
                line.aparelho,
                line.navegador,
                METRIC_NAMES[line.metrica],
                formatMetric(line.metrica, line.p75),
                rateMetric(line.metrica, line.p75),
                formatMetric(line.metrica, line.p50),
                formatMetric(line.metrica, line.p95),
                line.amostras,
              ],
            }))}
          />
        </>
      )}
    </Stack>
  );
}
