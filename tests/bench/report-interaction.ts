import type { HtmlSize, InteractionPage, InteractionResult } from './interaction';
import type { LongTaskPage } from './long-tasks';
import { check, TARGETS } from './targets';

// The early-tap section of the bench's Markdown (tests/bench/interaction.ts).

const ms = (value: number) => (Number.isFinite(value) ? Math.round(value).toString() : '—');

const spread = (values: number[], median: number) =>
  `${ms(median)} [${ms(Math.min(...values))}–${ms(Math.max(...values))}]`;

function rows(pages: InteractionPage[], variant: string): string[][] {
  return pages.map(({ page, runs, median }) => [
    `${page} (${variant})`,
    spread(
      runs.map((r) => r.visible),
      median.visible,
    ),
    spread(
      runs.map((r) => r.tap),
      median.tap,
    ),
    check(
      spread(
        runs.map((r) => r.feedback),
        median.feedback,
      ),
      median.feedback <= TARGETS.tapFeedbackMs,
    ),
    check(
      spread(
        runs.map((r) => r.result),
        median.result,
      ),
      median.result <= TARGETS.tapResultMs,
    ),
    check(
      spread(
        runs.map((r) => r.worstSettled),
        median.worstSettled,
      ),
      median.worstSettled <= TARGETS.settledInteractionMs,
    ),
    spread(
      runs.map((r) => r.takeover),
      median.takeover,
    ),
  ]);
}

function htmlRows(sizes: HtmlSize[], variant: string): string[][] {
  return sizes.map(({ page, path, raw, gzip }) => [
    `${page} \`${path}\` (${variant})`,
    check(`${(raw / 1000).toFixed(1)} KB`, raw / 1000 <= TARGETS.htmlRawKB),
    `${(gzip / 1000).toFixed(1)} KB`,
  ]);
}

function longTaskRows(pages: LongTaskPage[], variant: string): string[][] {
  return pages.map(({ page, path, runs, median }) => [
    `${page} \`${path}\` (${variant})`,
    check(
      spread(
        runs.map((r) => r.longest),
        median.longest,
      ),
      median.longest <= TARGETS.longTaskBeforeTakeoverMs,
    ),
    spread(
      runs.map((r) => r.blocking),
      median.blocking,
    ),
    spread(
      runs.map((r) => r.count),
      median.count,
    ),
    spread(
      runs.map((r) => r.takeover),
      median.takeover,
    ),
    median.cause,
  ]);
}

function longTaskMarkdown(result: InteractionResult, baselineRev?: string): string[] {
  if (!result.longTasks) return [];
  const { store, floor, baseline } = result.longTasks;
  return [
    '',
    `Long tasks before the app took the page over (the same slow phone; median [min–max] of ${result.settings.runs}, ms).`,
    "The floor's rows are the same content as plain HTML with no script, all its tasks until the",
    'network rests: what the browser itself spends on a page (committing the navigation, the first',
    'style and layout), which no change of the store can take away.',
    '',
    `| page | longest task ≤ ${TARGETS.longTaskBeforeTakeoverMs} ms | blocking time (each task's part over 50 ms) | tasks over 50 ms | app took over | the longest frame before it: scripts (invoker) ms |`,
    '| --- | --- | --- | --- | --- | --- |',
    ...[
      ...(baseline ? longTaskRows(baseline, `baseline \`${baselineRev}\``) : []),
      ...longTaskRows(store, 'store'),
      ...(floor ? longTaskRows(floor, 'floor: plain HTML') : []),
    ].map((row) => `| ${row.join(' | ')} |`),
  ];
}

export function interactionMarkdown(result: InteractionResult, baselineRev?: string): string[] {
  const { settings } = result;
  const head = [
    'page',
    'action visible (from navigation)',
    'tapped at',
    `feedback ≤ ${TARGETS.tapFeedbackMs} ms after the tap`,
    `result ≤ ${TARGETS.tapResultMs} ms after the tap`,
    `worst settled interaction ≤ ${TARGETS.settledInteractionMs} ms`,
    'app took over (from navigation)',
  ];
  const body = [
    ...(result.baseline ? rows(result.baseline, `baseline \`${baselineRev}\``) : []),
    ...rows(result.store, 'store'),
  ];
  return [
    '',
    `### Early tap on a slow phone (fresh browser; ${settings.latencyMs} ms RTT, ` +
      `${((settings.downloadBytesPerSecond * 8) / 1024 / 1024).toFixed(1)} Mbit/s down, ` +
      `CPU ${settings.cpuSlowdown}x; median [min–max] of ${settings.runs}, ms)`,
    '',
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...body.map((row) => `| ${row.join(' | ')} |`),
    '',
    "Product: 'COMPRAR AGORA', answered by the cart dialog; home: the first 'Adicionar', answered by " +
      'its toast. Feedback is the first frame showing the tap was taken (the button busy, the status ' +
      'line, or the answer). The settled figure is the longest Event Timing duration of three more ' +
      'taps once the page is idle (16 means none reached the 16 ms the API reports). The app took over ' +
      "when `<html data-pronto>` was set: from then on every button (the menu, '+') answers at once.",
    '',
    `| server-rendered HTML | raw ≤ ${TARGETS.htmlRawKB} KB | gzip -9 |`,
    '| --- | --- | --- |',
    ...[
      ...(result.html.baseline ? htmlRows(result.html.baseline, `baseline \`${baselineRev}\``) : []),
      ...htmlRows(result.html.store, 'store'),
    ].map((row) => `| ${row.join(' | ')} |`),
    ...longTaskMarkdown(result, baselineRev),
  ];
}
