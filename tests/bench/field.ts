import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildStore, type BuildOutput } from './bundle';
import { firstLoads, readManifest } from './first-load';
import { htmlSizes, measureInteraction, SLOW_PHONE, tapTargets, type InteractionResult } from './interaction';
import { interactionMarkdown } from './report-interaction';
import { startStore } from './server';

// `npm run bench -- --only=field`: what the field measurement (issue 39, src/features/field-measurement)
// costs a shopper. The store built twice, with the measurement and with VITE_RUM_SAMPLE_PERCENT=0
// (which leaves it out of the build), compared on the first screen's JavaScript, the page's early
// script and the early tap on a slow phone.

/** Turns the measurement off in a build. */
export const FIELD_OFF_ENV = { VITE_RUM_SAMPLE_PERCENT: '0' } as const;

interface Bytes {
  raw: number;
  gzip: number;
}

export interface FieldCostResult {
  /** Entry + route closure JS of each shopper route, with and without the measurement. */
  firstLoad: Array<{ route: string; with: Bytes; without: Bytes }>;
  /** index.html's inline scripts (src/early), with and without. */
  earlyScript: { with: Bytes; without: Bytes };
  /** The measurement's own chunk (web-vitals), loaded after the app started, for a sampled view. */
  lazyChunk?: { file: string } & Bytes;
  taps: InteractionResult;
}

const bytesOf = (content: Buffer | string): Bytes => ({
  raw: Buffer.byteLength(content),
  gzip: gzipSync(content, { level: 9 }).length,
});

function firstLoadJs(outDir: string): Map<string, Bytes> {
  const { routes } = firstLoads(readManifest(outDir));
  return new Map(
    routes.map(({ route, js }) => {
      const total = { raw: 0, gzip: 0 };
      for (const file of js) {
        const sizes = bytesOf(readFileSync(join(outDir, file)));
        total.raw += sizes.raw;
        total.gzip += sizes.gzip;
      }
      return [route, total];
    }),
  );
}

function earlyScript(outDir: string): Bytes {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('');
  return bytesOf(inline);
}

async function buildWithout(work: string): Promise<BuildOutput> {
  const saved = process.env.VITE_RUM_SAMPLE_PERCENT;
  process.env.VITE_RUM_SAMPLE_PERCENT = FIELD_OFF_ENV.VITE_RUM_SAMPLE_PERCENT;
  try {
    return await buildStore(join(work, 'dist-field-off'), join(work, 'dist-ssr-field-off'));
  } finally {
    if (saved === undefined) delete process.env.VITE_RUM_SAMPLE_PERCENT;
    else process.env.VITE_RUM_SAMPLE_PERCENT = saved;
  }
}

export async function measureFieldCost(
  work: string,
  built: BuildOutput,
  runs: number,
  log: (line: string) => void,
): Promise<FieldCostResult> {
  log('field: building the store without the measurement (VITE_RUM_SAMPLE_PERCENT=0) ...');
  const off = await buildWithout(work);
  const on = firstLoadJs(built.outDir);
  const without = firstLoadJs(off.outDir);
  const manifest = readManifest(built.outDir);
  const chunk = Object.values(manifest).find((entry) => entry.file.includes('measure-page-view'));
  const withStore = await startStore({
    staticDir: built.outDir,
    ssrDir: built.ssrOutDir,
    dataDir: join(work, 'data-field-on'),
  });
  const withoutStore = await startStore({
    staticDir: off.outDir,
    ssrDir: off.ssrOutDir,
    dataDir: join(work, 'data-field-off'),
  });
  try {
    const best = (await (await fetch(`${withStore.url}/datasnap/rest/TFireFlay/APP_0041`)).json()) as {
      produtos: Array<{ idprd: number }>;
    };
    const productPath = `/produto/${best.produtos[0]!.idprd}`;
    log(`field: early taps on a slow phone, with and without the measurement, ${runs} run(s) ...`);
    const [measured, baseline] = await measureInteraction(
      [withStore.url, withoutStore.url],
      tapTargets(productPath),
      runs,
    );
    const pages = [
      { name: 'product', path: productPath },
      { name: 'home', path: '/' },
    ];
    return {
      firstLoad: [...on].map(([route, sizes]) => ({ route, with: sizes, without: without.get(route)! })),
      earlyScript: { with: earlyScript(built.outDir), without: earlyScript(off.outDir) },
      ...(chunk
        ? { lazyChunk: { file: chunk.file, ...bytesOf(readFileSync(join(built.outDir, chunk.file))) } }
        : {}),
      taps: {
        settings: { ...SLOW_PHONE, runs },
        store: measured!,
        baseline: baseline!,
        html: {
          store: await htmlSizes(withStore.url, pages),
          baseline: await htmlSizes(withoutStore.url, pages),
        },
      },
    };
  } finally {
    await withStore.stop();
    await withoutStore.stop();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(2);

export function fieldMarkdown(result: FieldCostResult): string[] {
  const rows = result.firstLoad.map(
    (row) =>
      `| ${row.route} | ${kb(row.without.gzip)} | ${kb(row.with.gzip)} | ${row.with.gzip - row.without.gzip} |`,
  );
  const early = result.earlyScript;
  return [
    '',
    '### Field measurement: the first screen with and without it (gzip -9; sizes exact)',
    '',
    '| first load (entry + route JS) | without, KiB | with, KiB | difference, bytes |',
    '| --- | --- | --- | --- |',
    ...rows,
    `| early script (index.html inline) | ${kb(early.without.gzip)} | ${kb(early.with.gzip)} | ${early.with.gzip - early.without.gzip} |`,
    '',
    result.lazyChunk
      ? `The measurement's own chunk (\`${result.lazyChunk.file}\`, web-vitals): ${kb(result.lazyChunk.gzip)} KiB gzip, ` +
        'asked for once the app has started, for a sampled page view only.'
      : 'No measurement chunk found in the build.',
    ...interactionMarkdown(result.taps, 'VITE_RUM_SAMPLE_PERCENT=0'),
  ];
}
