// chrome-launcher comes with lighthouse (its own launcher); no separate dependency.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../chromium';
import type { BenchPage } from './floor';
import { median, spread } from './stats';

/** The browser tests' flags, with the headless mode Lighthouse wants. */
export const CHROME_FLAGS = CHROMIUM_FLAGS.map((flag) => (flag === '--headless' ? '--headless=new' : flag));

export interface LighthouseRun {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  benchmarkIndex: number;
  lcpElement?: string;
  /**
   * Script files whose download ended before the observed largest paint. Lighthouse's simulation
   * counts each of them in the paint's path (its LCP graph keeps every request that ended before the
   * observed paint but low-priority images), so a run with any gives a much later LCP.
   */
  scriptsBeforeLcp: number;
}

export interface Summary {
  median: number;
  min: number;
  max: number;
}

/**
 * store: this checkout; baseline: the revision given as BENCH_BASELINE; floor: plain HTML;
 * floor-css: the same plain HTML with the store page's stylesheets linked (their round trip alone).
 */
export type Variant = 'store' | 'baseline' | 'floor' | 'floor-css';

export interface LighthousePageResult {
  page: string;
  variant: Variant;
  url: string;
  runs: LighthouseRun[];
  score: Summary;
  lcp: Summary;
  tbt: Summary;
  cls: Summary;
  fcp: Summary;
  benchmarkIndex: number;
  lcpElement?: string;
  /** Runs in which scripts ended before the observed largest paint (see LighthouseRun). */
  runsWithScriptsBeforeLcp: number;
}

const summary = (values: number[]): Summary => ({ median: median(values), ...spread(values) });

/** One Lighthouse run (mobile defaults: simulated slow 4G and 4x CPU) in a fresh Chromium. */
async function runOnce(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const lcpItems = (
      lhr.audits['largest-contentful-paint-element']?.details as
        { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
    )?.items;
    return {
      scriptsBeforeLcp: scriptsBeforeLcp(lhr),
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      fcp: value('first-contentful-paint'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet?.slice(0, 120),
    };
  } finally {
    chrome.kill();
  }
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function scriptsBeforeLcp(lhr: Report): number {
  const metrics = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)
    ?.items?.[0];
  const network = lhr.audits['network-requests']?.details as
    | {
        items?: Array<{ resourceType?: string; networkEndTime?: number }>;
        debugData?: { networkStartTimeTs?: number };
      }
    | undefined;
  const lcpTs = metrics?.observedLargestContentfulPaintTs;
  const startTs = network?.debugData?.networkStartTimeTs;
  if (lcpTs === undefined || startTs === undefined) return Number.NaN;
  return (network?.items ?? []).filter(
    (r) =>
      r.resourceType === 'Script' &&
      r.networkEndTime !== undefined &&
      startTs + r.networkEndTime * 1000 < lcpTs,
  ).length;
}

/**
 * N runs of each page, of its floor and (with a baseline server) of the same path on the baseline,
 * interleaved so drift in machine load hits them all alike. The floor is served by the store.
 */
/** `attempt` until it succeeds, at most `tries` times; the last failure is thrown. */
async function retried<T>(
  attempt: () => Promise<T>,
  tries: number,
  onFailure: (error: unknown) => void,
): Promise<T> {
  for (let left = tries - 1; ; left--) {
    try {
      return await attempt();
    } catch (error) {
      if (left === 0) throw error;
      onFailure(error);
    }
  }
}

export async function runLighthouse(
  baseUrl: string,
  pages: BenchPage[],
  runs: number,
  log: (line: string) => void,
  baselineUrl?: string,
): Promise<LighthousePageResult[]> {
  const collected = new Map<string, { page: string; variant: Variant; url: string; runs: LighthouseRun[] }>();
  const variants: Variant[] = [...(baselineUrl ? ['baseline' as const] : []), 'store', 'floor', 'floor-css'];
  const urlOf = (page: BenchPage, variant: Variant) =>
    ({
      floor: baseUrl + page.floorPath,
      'floor-css': baseUrl + page.floorCssPath,
      baseline: baselineUrl + page.path,
      store: baseUrl + page.path,
    })[variant];
  for (let i = 0; i < runs; i++) {
    for (const page of pages) {
      for (const variant of variants) {
        const url = urlOf(page, variant);
        const key = `${page.name}/${variant}`;
        const entry = collected.get(key) ?? { page: page.name, variant, url, runs: [] };
        // Lighthouse sometimes loses the trace (NO_NAVSTART), twice in a row too: up to three tries.
        const run = await retried(
          () => runOnce(url),
          3,
          (error) => log(`  lighthouse ${key}: ${String(error)}; running it again`),
        );
        entry.runs.push(run);
        collected.set(key, entry);
        log(
          `  lighthouse ${i + 1}/${runs} ${key}: score ${run.score}, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms`,
        );
      }
    }
  }
  return [...collected.values()].map((entry) => ({
    ...entry,
    score: summary(entry.runs.map((r) => r.score)),
    lcp: summary(entry.runs.map((r) => r.lcp)),
    tbt: summary(entry.runs.map((r) => r.tbt)),
    cls: summary(entry.runs.map((r) => r.cls)),
    fcp: summary(entry.runs.map((r) => r.fcp)),
    benchmarkIndex: median(entry.runs.map((r) => r.benchmarkIndex)),
    lcpElement: entry.runs.at(-1)?.lcpElement,
    runsWithScriptsBeforeLcp: entry.runs.filter((r) => r.scriptsBeforeLcp > 0).length,
  }));
}
