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
}

export interface Summary {
  median: number;
  min: number;
  max: number;
}

/** store: this checkout; baseline: the revision given as BENCH_BASELINE; floor: plain HTML. */
export type Variant = 'store' | 'baseline' | 'floor';

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
  const variants: Variant[] = baselineUrl ? ['baseline', 'store', 'floor'] : ['store', 'floor'];
  const urlOf = (page: BenchPage, variant: Variant) =>
    variant === 'floor'
      ? baseUrl + page.floorPath
      : variant === 'baseline'
        ? baselineUrl + page.path
        : baseUrl + page.path;
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
  }));
}
