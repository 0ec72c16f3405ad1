import type { BenchResults } from './run';
import { STACK_FLOOR_ENTRY, type Sizes } from './bundle';
import type { VisitResult } from './browser';
import type { LighthousePageResult } from './lighthouse';
import { interactionMarkdown } from './report-interaction';
import { fieldMarkdown } from './field';
import { apiTargetRows, bundleTargetRows, lighthouseTargetRows, STACK_FLOOR_ROW, TARGETS } from './targets';

// The Markdown the bench prints and writes (bench-results/latest.md); docs/performance.md copies from it.

const KiB = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => (Number.isFinite(value) ? Math.round(value).toString() : '—');
const ms1 = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');

function table(head: string[], rows: Array<Array<string | number>>): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

const sizes = (s: Sizes) => [KiB(s.raw), KiB(s.gzip), KiB(s.brotli)];

/** "before → after" of two medians, with the floor's beside them when there is one. */
const change = (before: string, after: string, floor?: string) =>
  `${before} → ${after}${floor === undefined ? '' : ` (floor ${floor})`}`;

const lighthouseTargetsTable = (lighthouse: LighthousePageResult[], variant: 'store' | 'baseline') =>
  table(
    [
      variant === 'store' ? 'page (store)' : 'page (baseline)',
      `score = ${TARGETS.score}`,
      `LCP ≤ ${TARGETS.lcpOverFloor}x floor`,
      `TBT ≤ ${TARGETS.tbtMs} ms`,
      `CLS ≤ ${TARGETS.cls}`,
    ],
    lighthouseTargetRows(lighthouse, variant),
  );

/** Per page: baseline → store medians, the floor's beside them. */
function beforeAfter(lighthouse: LighthousePageResult[]): string {
  const of = (page: string, variant: string) =>
    lighthouse.find((r) => r.page === page && r.variant === variant);
  const pages = [...new Set(lighthouse.map((r) => r.page))];
  return table(
    ['page', 'score', 'LCP ms', 'LCP / floor', 'TBT ms', 'CLS', 'FCP ms'],
    pages.flatMap((page) => {
      const [before, after, floor] = [of(page, 'baseline'), of(page, 'store'), of(page, 'floor')];
      if (!before || !after) return [];
      const ratio = (r: LighthousePageResult) => (floor ? (r.lcp.median / floor.lcp.median).toFixed(2) : '—');
      return [
        [
          page,
          change(
            String(before.score.median),
            String(after.score.median),
            floor && String(floor.score.median),
          ),
          change(ms(before.lcp.median), ms(after.lcp.median), floor && ms(floor.lcp.median)),
          change(ratio(before), ratio(after)),
          change(ms(before.tbt.median), ms(after.tbt.median), floor && ms(floor.tbt.median)),
          change(before.cls.median.toFixed(3), after.cls.median.toFixed(3), floor?.cls.median.toFixed(3)),
          change(ms(before.fcp.median), ms(after.fcp.median), floor && ms(floor.fcp.median)),
        ],
      ];
    }),
  );
}

const spreadOf = (v: { median: number; min: number; max: number }) =>
  `${ms(v.median)} [${ms(v.min)}–${ms(v.max)}]`;

/** One row per visit measure, one column per server (the baseline's first). */
const visitRows = (columns: VisitResult[]) => [
  ['repeat visit to / — LCP, no throttling', ...columns.map((v) => spreadOf(v.repeatLcp))],
  ['repeat visit to / — LCP, 4x CPU slowdown', ...columns.map((v) => spreadOf(v.repeatLcp4x))],
  [
    `offline ${columns[0].productPath} — product name on screen`,
    ...columns.map((v) => spreadOf(v.offlineProduct)),
  ],
];

export function renderMarkdown(results: BenchResults): string {
  const out: string[] = [];
  const { machine, settings } = results;
  const benchmarkIndex = results.lighthouse?.[0]?.benchmarkIndex;
  out.push(
    `## npm run bench — ${results.startedAt}`,
    '',
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}` +
      (benchmarkIndex ? `, Lighthouse benchmarkIndex ${Math.round(benchmarkIndex)}` : '') +
      `. Runs ${settings.runs}, ${settings.seconds} s per API route, sections: ${settings.sections.join(', ')}.`,
  );
  const baseline = settings.baseline;
  if (baseline)
    out.push(
      '',
      `Baseline (before): \`${baseline.rev}\` = ${baseline.commit.slice(0, 7)} "${baseline.subject}", ` +
        `built with its own \`${baseline.buildScript}\` (${baseline.buildSeconds.toFixed(1)} s) and served by its ` +
        'own server on its own seeded database. Store (after): this checkout. Their runs alternate.',
    );

  if (results.lighthouse) {
    const floors = new Map(
      results.lighthouse.filter((r) => r.variant === 'floor').map((r) => [r.page, r] as const),
    );
    out.push(
      '',
      '### Lighthouse 12, mobile defaults (median, [min–max])',
      '',
      "`floor`: the page as plain HTML with inline CSS; `floor-css`: the same with the store page's " +
        'stylesheets linked. "Runs with scripts before the paint": runs in which script files ended ' +
        'before the observed largest paint, each counted in the simulated LCP.',
      '',
      table(
        [
          'page',
          'variant',
          'score',
          'LCP ms',
          'TBT ms',
          'CLS',
          'FCP ms',
          'LCP / floor',
          'runs with scripts before the paint',
          'benchmarkIndex',
        ],
        results.lighthouse.map((r) => [
          r.page,
          r.variant,
          `${r.score.median} [${r.score.min}–${r.score.max}]`,
          `${ms(r.lcp.median)} [${ms(r.lcp.min)}–${ms(r.lcp.max)}]`,
          `${ms(r.tbt.median)} [${ms(r.tbt.min)}–${ms(r.tbt.max)}]`,
          r.cls.median.toFixed(3),
          `${ms(r.fcp.median)} [${ms(r.fcp.min)}–${ms(r.fcp.max)}]`,
          r.variant !== 'floor' && floors.get(r.page)
            ? (r.lcp.median / floors.get(r.page)!.lcp.median).toFixed(2)
            : '',
          `${r.runsWithScriptsBeforeLcp} of ${r.runs.length}`,
          Math.round(r.benchmarkIndex),
        ]),
      ),
      ...(['store', 'baseline'] as const)
        .filter((variant) => results.lighthouse!.some((r) => r.variant === variant))
        .flatMap((variant) => [
          '',
          `LCP element (last run, ${variant}): ` +
            results
              .lighthouse!.filter((r) => r.variant === variant)
              .map((r) => `${r.page}: \`${(r.lcpElement ?? '?').replace(/`/g, "'")}\``)
              .join('; '),
        ]),
    );
    if (baseline)
      out.push(
        '',
        `#### Before → after: baseline \`${baseline.rev}\` → store (medians; the floor in brackets)`,
        '',
        beforeAfter(results.lighthouse),
      );
    out.push(
      '',
      '#### Issue 13 targets (medians)',
      '',
      lighthouseTargetsTable(results.lighthouse, 'store'),
      ...(baseline ? ['', lighthouseTargetsTable(results.lighthouse, 'baseline')] : []),
    );
  }

  if (results.bundle) {
    const b = results.bundle;
    out.push(
      '',
      `### Bundle (build ${b.buildSeconds.toFixed(1)} s; KiB raw / gzip -9 / brotli -11)`,
      '',
      table(
        [
          'first load of',
          'JS files',
          'JS raw',
          'JS gzip',
          'JS br',
          'CSS files',
          'CSS raw',
          'CSS gzip',
          'CSS br',
        ],
        [
          [
            'index.html (render-blocking)',
            b.entry.jsFiles.length,
            ...sizes(b.entry.js),
            b.entry.cssFiles.length,
            ...sizes(b.entry.css),
          ],
          ...b.routes.map((r) => [r.route, r.jsFiles, ...sizes(r.js), r.cssFiles, ...sizes(r.css)]),
          [STACK_FLOOR_ROW, b.stackFloor.jsFiles, ...sizes(b.stackFloor), '–', '–', '–', '–'],
        ],
      ),
      '',
      `A route's row is what its first visit loads before it is interactive: the entry and the route's ` +
        'static imports (the server preloads the ones the entry lacks with the rendered page). ' +
        `The last row is the stack with no code of the store's own (\`${STACK_FLOOR_ENTRY}\`: React DOM, ` +
        "React Router's data router, TanStack Query, Mantine's provider and one button): the least any " +
        'page built on it loads.',
      '',
      table(
        [
          'route',
          'JS before interactive (gzip)',
          `of which the store's own: beyond the stack alone ≤ ${TARGETS.ownJsOverStackFloorKiB} KiB`,
          'of which beyond the entry (gzip)',
          `largest route chunk ≤ ${TARGETS.routeChunkGzipKiB} KiB gzip`,
        ],
        bundleTargetRows(b),
      ),
      '',
      'Largest chunks:',
      '',
      table(
        ['file', 'raw KiB', 'gzip KiB', 'br KiB'],
        b.chunks.slice(0, 10).map((c) => [c.file, ...sizes(c)]),
      ),
      '',
      'Largest modules (rendered size before minification, summed per package):',
      '',
      table(
        ['module', 'KiB', 'chunks'],
        b.modules.slice(0, 15).map((m) => [m.id, KiB(m.bytes), m.chunk]),
      ),
    );
  }

  if (results.visits) {
    const v = results.visits;
    out.push(
      '',
      '### Repeat and offline visits (Chromium, phone viewport, service worker warm; median [min–max] ms)',
      '',
      results.baselineVisits
        ? table(
            ['measure', `baseline \`${baseline?.rev}\` (before)`, 'store (after)'],
            visitRows([results.baselineVisits, v]),
          )
        : table(['measure', 'median [min–max]'], visitRows([v])),
    );
  }

  if (results.interaction) out.push(...interactionMarkdown(results.interaction, baseline?.rev));
  if (results.field) out.push(...fieldMarkdown(results.field));

  if (results.api) {
    out.push('', '### API load (autocannon, 10 connections, loopback; latency ms)', '');
    for (const run of results.api) {
      out.push(
        `**${run.database}, ${run.products.toLocaleString('en')} synthetic products** (server up in ${run.startSeconds.toFixed(1)} s)`,
        '',
        table(
          ['route', 'req/s', 'vs hello', 'p50', 'p95', 'p99', 'requests', 'non-2xx'],
          run.routes.map((r) => [
            r.route,
            Math.round(r.requestsPerSecond),
            r.ratio === undefined ? '1' : `${(r.ratio * 100).toFixed(1)} %`,
            ms1(r.p50),
            ms1(r.p95),
            ms1(r.p99),
            r.requests,
            r.non2xx + r.errors,
          ]),
        ),
        '',
      );
    }
  }

  if (results.api) {
    const rows = apiTargetRows(results.api);
    if (rows.length)
      out.push('#### Issue 13 server targets', '', table(['run', 'target', 'measured'], rows), '');
  }

  if (results.offlineSearch) {
    const s = results.offlineSearch;
    out.push(
      '',
      `### Offline search (${s.products.toLocaleString('en')} products, ${s.queries} typed queries; ms)`,
      '',
      table(
        ['measure', 'p50', 'p95', 'max'],
        [
          [
            'suggestions via service worker, offline — no throttling',
            ms1(s.worker.unthrottled.p50),
            ms1(s.worker.unthrottled.p95),
            ms1(s.worker.unthrottled.max),
          ],
          [
            'suggestions via service worker, offline — 4x CPU set on the page (the worker thread may not be slowed)',
            ms1(s.worker.cpu4x.p50),
            ms1(s.worker.cpu4x.p95),
            ms1(s.worker.cpu4x.max),
          ],
          [
            'search function on main thread — no throttling',
            ms1(s.searchFunction.unthrottled.p50),
            ms1(s.searchFunction.unthrottled.p95),
            ms1(s.searchFunction.unthrottled.max),
          ],
          [
            'search function on main thread — 4x CPU',
            ms1(s.searchFunction.cpu4x.p50),
            ms1(s.searchFunction.cpu4x.p95),
            ms1(s.searchFunction.cpu4x.max),
          ],
        ],
      ),
      '',
      `Building the index once: ${ms(s.searchFunction.buildIndexMs)} ms (${ms(s.searchFunction.buildIndexMs4x)} ms at 4x).`,
    );
  }
  return out.join('\n') + '\n';
}
