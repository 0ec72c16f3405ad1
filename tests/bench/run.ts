import { execFileSync } from 'node:child_process';
import { cpus, tmpdir, totalmem } from 'node:os';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { loadStore, type ApiResult } from './api';
import { measureOfflineSearch, measureVisits, type OfflineSearchResult, type VisitResult } from './browser';
import { baselineRevision, prepareBaseline, removeBaseline, type Baseline } from './baseline';
import { buildStackFloor, buildStore, bundleReport, type BundleReport } from './bundle';
import { writeFloorPages } from './floor';
import { measureFieldCost, type FieldCostResult } from './field';
import { CHROMIUM } from '../chromium';
import { measureLongTasks } from './long-tasks';
import { runLighthouse, type LighthousePageResult } from './lighthouse';
import { htmlSizes, measureInteraction, SLOW_PHONE, tapTargets, type InteractionResult } from './interaction';
import { renderMarkdown } from './report';
import { startStore, type RunningServer } from './server';

// `npm run bench [-- --only=lighthouse,bundle,repeat,interaction,field,api,offline-search] [--baseline=<git rev>]`:
// builds the store, starts the real server on fresh databases and prints/writes the figures
// (bench-results/). Not a test: nothing here fails on a number. BENCH_RUNS (Lighthouse and visit
// runs, default 5) and BENCH_SECONDS (per API route, default 10) shorten a run. BENCH_BASELINE (or
// --baseline) names a revision to measure beside this checkout in the lighthouse, repeat and
// interaction sections: the "before" of a change made for speed (tests/bench/baseline.ts).

export const SECTIONS = [
  'lighthouse',
  'bundle',
  'repeat',
  'interaction',
  'field',
  'api',
  'offline-search',
] as const;
type Section = (typeof SECTIONS)[number];

export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  machine: { cpus: number; cpuModel: string; node: string; memoryGiB: number };
  settings: {
    runs: number;
    seconds: number;
    sections: Section[];
    databases: string[];
    baseline?: Omit<Baseline, 'dir' | 'staticDir' | 'ssrDir'>;
  };
  bundle?: BundleReport & { buildSeconds: number };
  lighthouse?: LighthousePageResult[];
  visits?: VisitResult;
  baselineVisits?: VisitResult;
  interaction?: InteractionResult;
  field?: FieldCostResult;
  api?: ApiResult[];
  offlineSearch?: OfflineSearchResult;
}

function parseSections(argv: string[]): Section[] {
  const only = argv.find((arg) => arg.startsWith('--only='));
  if (!only) return [...SECTIONS];
  const chosen = only
    .slice('--only='.length)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = chosen.filter((s) => !SECTIONS.includes(s as Section));
  if (unknown.length)
    throw new Error(`unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  return chosen as Section[];
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const log = (line: string) => console.log(line);
const since = (started: number) => `${Math.round((performance.now() - started) / 1000)} s`;

async function withPostgresDatabase<T>(
  baseUrl: string,
  name: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    try {
      return await use(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

async function productNameOf(baseUrl: string, productPath: string): Promise<string> {
  const id = productPath.split('/').pop();
  const response = await fetch(`${baseUrl}/datasnap/rest/TFireFlay/APP_0027?codigo=${id}`);
  const detail = (await response.json()) as { produtos: Array<{ descricao: string }> };
  return detail.produtos[0]?.descricao ?? '';
}

async function main() {
  const sections = parseSections(process.argv.slice(2));
  const baselineRev = baselineRevision(process.argv.slice(2));
  const runs = Math.round(positive(process.env.BENCH_RUNS, 5));
  const seconds = Math.round(positive(process.env.BENCH_SECONDS, 10));
  const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
  const has = (section: Section) => sections.includes(section);
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
    },
    settings: { runs, seconds, sections, databases: ['PGlite', ...(postgresUrl ? ['PostgreSQL'] : [])] },
  };
  const work = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  const staticDir = join(work, 'dist');
  const ssrDir = join(work, 'dist-ssr');
  // The server render's build imports its dependencies by name: they resolve from the folder above.
  const modulesLink = join(work, 'node_modules');
  symlinkSync(resolve('node_modules'), modulesLink, 'dir');
  const removeWork = () => {
    rmSync(modulesLink, { force: true }); // the link only: not recursive
    rmSync(work, { recursive: true, force: true });
  };
  const baselineDir = join(work, 'baseline');
  // Ctrl-C: the finally below does not run, but the baseline's worktree must not stay registered.
  const interrupted = () => {
    if (baselineRev) removeBaseline(baselineDir);
    removeWork();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const outDir = resolve('bench-results');
  const began = performance.now();
  const write = () => {
    mkdirSync(outDir, { recursive: true });
    const json = JSON.stringify(results, null, 2);
    const markdown = renderMarkdown(results);
    writeFileSync(join(outDir, 'latest.json'), json);
    writeFileSync(join(outDir, 'latest.md'), markdown);
    const stamp = results.startedAt.replace(/[:.]/g, '-');
    writeFileSync(join(outDir, `bench-${stamp}.json`), json);
    writeFileSync(join(outDir, `bench-${stamp}.md`), markdown);
    return markdown;
  };

  let store: RunningServer | undefined;
  let baselineServer: RunningServer | undefined;
  const compares = has('lighthouse') || has('repeat') || has('interaction');
  if (baselineRev && !compares)
    log(`baseline ${baselineRev} ignored: only the lighthouse, repeat and interaction sections measure it`);
  try {
    if (compares || has('field') || has('offline-search'))
      // Debian's Chromium, installed as `npm test` installs it when it is missing.
      execFileSync(process.execPath, ['scripts/ensure-chromium.mjs'], {
        stdio: 'inherit',
        env: { ...process.env, CHROMIUM_PATH: CHROMIUM },
      });
    // Every section needs the build, the api section too: its HTML rows measure the server render.
    log(`building the store into ${staticDir} and ${ssrDir} ...`);
    const built = await buildStore(staticDir, ssrDir);
    log(`  built in ${built.seconds.toFixed(1)} s`);
    if (has('bundle')) {
      const stackFloor = await buildStackFloor(join(work, 'stack-floor'));
      results.bundle = { ...bundleReport(built, stackFloor), buildSeconds: built.seconds };
    }

    if (has('field')) {
      const started = performance.now();
      results.field = await measureFieldCost(work, built, runs, log);
      log(`  field measurement's cost done in ${since(started)}`);
    }

    if (compares) {
      const dataDir = join(work, 'data-pages');
      if (baselineRev) {
        const baseline = await prepareBaseline(baselineRev, baselineDir, log);
        const { rev, commit, subject, buildScript, buildSeconds } = baseline;
        results.settings.baseline = { rev, commit, subject, buildScript, buildSeconds };
        log(`starting the baseline ${rev} (PGlite, seeded catalogue) ...`);
        baselineServer = await startStore({
          staticDir: baseline.staticDir,
          ssrDir: baseline.ssrDir,
          dataDir: join(work, 'data-baseline'),
          cwd: baseline.dir,
        });
      }
      log('starting the store (PGlite, seeded catalogue) for the page measurements ...');
      store = await startStore({ staticDir, ssrDir, dataDir });
      const pages = await writeFloorPages(store.url, staticDir);
      // The static plugin lists files at start: restart on the same database to serve the floor.
      const port = store.port;
      await store.stop();
      store = await startStore({ staticDir, ssrDir, dataDir, port });
      const product = pages.find((p) => p.name === 'product')!;
      const productName = await productNameOf(store.url, product.path);
      if (baselineServer && (await productNameOf(baselineServer.url, product.path)) !== productName)
        throw new Error(
          `the baseline's catalogue differs from the store's (${product.path} is not "${productName}"): ` +
            'the same pages could not be compared',
        );
      if (has('lighthouse')) {
        const started = performance.now();
        log(
          `lighthouse: ${pages.length} pages${baselineServer ? ', the baseline' : ''} and their floors, ${runs} run(s) each ...`,
        );
        results.lighthouse = await runLighthouse(store.url, pages, runs, log, baselineServer?.url);
        log(`  lighthouse done in ${since(started)}`);
      }
      if (has('repeat')) {
        const started = performance.now();
        log(`repeat and offline visits${baselineServer ? ' (store and baseline in turn)' : ''} ...`);
        const [visits, baselineVisits] = await measureVisits(
          [store.url, ...(baselineServer ? [baselineServer.url] : [])],
          product.path,
          productName,
          runs,
        );
        results.visits = visits;
        if (baselineVisits) results.baselineVisits = baselineVisits;
        log(`  visits done in ${since(started)}`);
      }
      if (has('interaction')) {
        const started = performance.now();
        log(
          `early taps on a slow phone, product and home, ${runs} run(s)${baselineServer ? ' (store and baseline in turn)' : ''} ...`,
        );
        const [measured, baseline] = await measureInteraction(
          [store.url, ...(baselineServer ? [baselineServer.url] : [])],
          tapTargets(product.path),
          runs,
        );
        log(`long tasks before the takeover, ${pages.length} pages, ${runs} run(s) ...`);
        const measuredLongTasks = await measureLongTasks(
          [store.url, ...(baselineServer ? [baselineServer.url] : [])],
          pages,
          runs,
        );
        const [longTasks, baselineLongTasks] = measuredLongTasks;
        const floorLongTasks = measuredLongTasks.at(-1)!;
        results.interaction = {
          settings: { ...SLOW_PHONE, runs },
          store: measured,
          ...(baseline ? { baseline } : {}),
          html: {
            store: await htmlSizes(store.url, pages),
            ...(baselineServer ? { baseline: await htmlSizes(baselineServer.url, pages) } : {}),
          },
          longTasks: {
            store: longTasks!,
            floor: floorLongTasks,
            ...(baselineServer ? { baseline: baselineLongTasks! } : {}),
          },
        };
        log(`  early taps done in ${since(started)}`);
      }
      await store.stop();
      store = undefined;
      await baselineServer?.stop();
      baselineServer = undefined;
    }

    if (has('api') || has('offline-search')) {
      results.api = [];
      const sizes = has('api') ? [5_000, 50_000] : [50_000];
      const kinds: Array<'PGlite' | 'PostgreSQL'> =
        has('api') && postgresUrl ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
      for (const database of kinds) {
        for (const products of sizes) {
          const measure = async (databaseUrl?: string) => {
            const started = performance.now();
            log(
              `starting the store on ${database} with ${products.toLocaleString('en')} synthetic products ...`,
            );
            store = await startStore({
              staticDir,
              ssrDir,
              dataDir: join(work, `data-${products}`),
              databaseUrl,
              seedProducts: products,
            });
            const startSeconds = (performance.now() - started) / 1000;
            log(`  up in ${startSeconds.toFixed(1)} s`);
            if (has('api')) {
              const routes = await loadStore(store, seconds, log);
              results.api!.push({ database, products, startSeconds, routes });
            }
            if (has('offline-search') && database === 'PGlite' && products === 50_000) {
              const searchStarted = performance.now();
              log('offline search over the downloaded catalogue ...');
              results.offlineSearch = await measureOfflineSearch(store.url);
              log(`  offline search done in ${since(searchStarted)}`);
            }
            await store.stop();
            store = undefined;
            rmSync(join(work, `data-${products}`), { recursive: true, force: true });
          };
          if (database === 'PostgreSQL')
            await withPostgresDatabase(postgresUrl!, `storefront_bench_${products}_${process.pid}`, measure);
          else await measure();
        }
      }
      if (!has('api')) delete results.api;
    }
  } finally {
    if (store) await store.stop();
    if (baselineServer) await baselineServer.stop();
    if (baselineRev) removeBaseline(baselineDir);
    removeWork();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  results.finishedAt = new Date().toISOString();
  const markdown = write();
  console.log('\n' + markdown);
  log(`bench finished in ${since(began)}; written to bench-results/latest.md and latest.json`);
}

await main();
