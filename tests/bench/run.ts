import { execFileSync } from 'node:child_process';
import { cpus, tmpdir, totalmem } from 'node:os';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { loadStore, type ApiResult } from './api';
import { measureOfflineSearch, measureVisits, type OfflineSearchResult, type VisitResult } from './browser';
import { buildStore, bundleReport, type BundleReport } from './bundle';
import { writeFloorPages } from './floor';
import { CHROMIUM } from '../chromium';
import { runLighthouse, type LighthousePageResult } from './lighthouse';
import { renderMarkdown } from './report';
import { startStore, type RunningServer } from './server';

// `npm run bench [-- --only=lighthouse,bundle,repeat,api,offline-search]`: builds the store, starts
// the real server on fresh databases and prints/writes the figures (bench-results/). Not a test:
// nothing here fails on a number. BENCH_RUNS (Lighthouse and visit runs, default 5) and
// BENCH_SECONDS (per API route, default 10) shorten a run.

export const SECTIONS = ['lighthouse', 'bundle', 'repeat', 'api', 'offline-search'] as const;
type Section = (typeof SECTIONS)[number];

export interface BenchResults {
  startedAt: string;
  finishedAt?: string;
  machine: { cpus: number; cpuModel: string; node: string; memoryGiB: number };
  settings: { runs: number; seconds: number; sections: Section[]; databases: string[] };
  bundle?: BundleReport & { buildSeconds: number };
  lighthouse?: LighthousePageResult[];
  visits?: VisitResult;
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

async function main() {
  const sections = parseSections(process.argv.slice(2));
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
  try {
    if (has('lighthouse') || has('repeat') || has('offline-search'))
      // Debian's Chromium, installed as `npm test` installs it when it is missing.
      execFileSync(process.execPath, ['scripts/ensure-chromium.mjs'], {
        stdio: 'inherit',
        env: { ...process.env, CHROMIUM_PATH: CHROMIUM },
      });
    const needsBuild = has('bundle') || has('lighthouse') || has('repeat') || has('offline-search');
    if (needsBuild) {
      log(`building the store into ${staticDir} ...`);
      const built = await buildStore(staticDir);
      log(`  built in ${built.seconds.toFixed(1)} s`);
      if (has('bundle')) results.bundle = { ...bundleReport(built), buildSeconds: built.seconds };
    }

    if (has('lighthouse') || has('repeat')) {
      const dataDir = join(work, 'data-pages');
      log('starting the store (PGlite, seeded catalogue) for the page measurements ...');
      store = await startStore({ staticDir, dataDir });
      const pages = await writeFloorPages(store.url, staticDir);
      // The static plugin lists files at start: restart on the same database to serve the floor.
      const port = store.port;
      await store.stop();
      store = await startStore({ staticDir, dataDir, port });
      if (has('lighthouse')) {
        const started = performance.now();
        log(`lighthouse: ${pages.length} pages and their floors, ${runs} run(s) each ...`);
        results.lighthouse = await runLighthouse(store.url, pages, runs, log);
        log(`  lighthouse done in ${since(started)}`);
      }
      if (has('repeat')) {
        const started = performance.now();
        const product = pages.find((p) => p.name === 'product')!;
        const detail = (await (
          await fetch(`${store.url}/datasnap/rest/TFireFlay/APP_0027?codigo=${product.path.split('/').pop()}`)
        ).json()) as { produtos: Array<{ descricao: string }> };
        log('repeat and offline visits ...');
        results.visits = await measureVisits(store.url, product.path, detail.produtos[0].descricao, runs);
        log(`  visits done in ${since(started)}`);
      }
      await store.stop();
      store = undefined;
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
    rmSync(work, { recursive: true, force: true });
  }
  results.finishedAt = new Date().toISOString();
  const markdown = write();
  console.log('\n' + markdown);
  log(`bench finished in ${since(began)}; written to bench-results/latest.md and latest.json`);
}

await main();
