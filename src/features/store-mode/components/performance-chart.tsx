import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { FieldReport } from '../../../api/field-measurement';
import { formatIsoDate } from '../../../domain/store-calendar';

// The manager's chart of p75 LCP and INP per day (store-performance-page.tsx), drawn by uPlot. In a
// chunk of its own, loaded by that page only: never with a shopper's screens.

const HEIGHT = 280;
const LCP_COLOR = '#1864ab';
const INP_COLOR = '#c2255c';

/** 'dd/mm' of a day's timestamp (its noon, UTC: the day itself whatever the zone). */
const dayMonth = (ts: number) =>
  new Date(ts * 1000).toISOString().slice(5, 10).split('-').reverse().join('/');

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;

export function PerformanceChart({ days }: { days: FieldReport['porDia'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = days.map((day) => Date.parse(`${day.dia}T12:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        // Dates as the store lives them, whatever the tablet's zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        scales: { x: { time: true }, lcp: { auto: true }, inp: { auto: true } },
        series: [
          {
            label: 'Dia',
            value: (_chart, ts) =>
              ts == null ? '' : formatIsoDate(new Date(ts * 1000).toISOString().slice(0, 10)),
          },
          {
            label: 'LCP p75',
            scale: 'lcp',
            stroke: LCP_COLOR,
            width: 2,
            // A day between days without samples is a point, not a line.
            points: { show: true, size: 7, fill: LCP_COLOR },
            value: (_chart, ms) => (ms == null ? '-' : seconds(ms)),
          },
          {
            label: 'INP p75',
            scale: 'inp',
            stroke: INP_COLOR,
            width: 2,
            dash: [6, 4],
            points: { show: true, size: 7, fill: INP_COLOR },
            value: (_chart, ms) => (ms == null ? '-' : `${Math.round(ms)} ms`),
          },
        ],
        axes: [
          { values: (_chart, ticks) => ticks.map(dayMonth) },
          { scale: 'lcp', label: 'LCP', stroke: LCP_COLOR, values: (_chart, ticks) => ticks.map(seconds) },
          {
            scale: 'inp',
            side: 1,
            label: 'INP',
            stroke: INP_COLOR,
            grid: { show: false },
            values: (_chart, ticks) => ticks.map((ms) => `${ms} ms`),
          },
        ],
      },
      [x, days.map((day) => day.LCP), days.map((day) => day.INP)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);
  return (
    <div
      ref={box}
      role="img"
      aria-label={`Gráfico do p75 de LCP e de INP por dia, de ${formatIsoDate(days[0]?.dia ?? '')} a ${formatIsoDate(days.at(-1)?.dia ?? '')}; os valores de cada dia estão em 'Valores por dia'.`}
    />
  );
}
