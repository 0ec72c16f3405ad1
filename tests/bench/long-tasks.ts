import type { Page } from 'playwright-core';
import { launchChromium } from '../chromium';
import { slowPhone, PHONE } from './interaction';
import { median } from './stats';

// Issue 40's figure: the main thread's long tasks before the app has taken a page over, on a slow
// phone (the interaction section's settings: a fresh browser, 150 ms RTT, 1.6 Mbit/s, CPU 4x). The
// page's own Long Tasks observer (installed before any of its scripts) records every task over 50 ms
// with its start and length; the takeover is the first frame with `<html data-pronto>`. Reported
// per page: the longest task that started before the takeover, and their blocking time (the sum of
// each one's part over 50 ms, as Lighthouse's TBT counts it, but up to the takeover only).

export interface LongTaskRun {
  /** Ms, the longest task that started before the takeover (0 when there was none over 50 ms). */
  longest: number;
  /** Ms, the sum over those tasks of (length - 50). */
  blocking: number;
  /** How many tasks over 50 ms started before the takeover. */
  count: number;
  /** Ms from the navigation's start to the frame that showed the takeover. */
  takeover: number;
  /**
   * What ran in the longest animation frame before the takeover (Long Animation Frames' script
   * attribution): its scripts, longest first, as 'file (what invoked it) ms'.
   */
  cause: string;
}

export interface LongTaskPage {
  page: string;
  path: string;
  runs: LongTaskRun[];
  median: LongTaskRun;
}

interface Watch {
  tasks: Array<{ start: number; duration: number }>;
  frames: Array<{
    start: number;
    duration: number;
    scripts: string[];
    styleAndLayout: number;
    render: number;
  }>;
  takeover: number;
  done?: Promise<void>;
}

function watcher() {
  const watch: Watch = { tasks: [], frames: [], takeover: NaN };
  (window as unknown as { __longTasks: Watch }).__longTasks = watch;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      watch.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  type Script = { sourceURL: string; invoker: string; duration: number };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { scripts: Script[]; renderStart: number; styleAndLayoutStart: number }
      >)
        watch.frames.push({
          start: entry.startTime,
          duration: entry.duration,
          // The frame's rendering (requestAnimationFrame callbacks, style, layout, paint) and, of it,
          // style and layout: what is left is script and the browser's own tasks (parsing the HTML).
          render: entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0,
          styleAndLayout: entry.styleAndLayoutStart
            ? entry.startTime + entry.duration - entry.styleAndLayoutStart
            : 0,
          scripts: [...entry.scripts]
            .sort((a, b) => b.duration - a.duration)
            .slice(0, 3)
            .map(
              (script) =>
                `${script.sourceURL.split('/').pop() || 'the page'} (${script.invoker.slice(0, 60)}) ${Math.round(script.duration)}`,
            ),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No Long Animation Frames in this browser: no cause is reported.
  }
  // Waited for by an evaluation of this promise, not by Playwright's polling (its injected script
  // would be a task of the measurement's own on the page's main thread).
  watch.done = new Promise((resolve) => {
    const frame = () => {
      if (document.documentElement.hasAttribute('data-pronto')) {
        watch.takeover = performance.now();
        resolve();
      } else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * One load of `url`. `app`: the store's page, whose tasks count up to the takeover; otherwise a
 * plain page (the floor), which has no app to take over: all its tasks up to the network's rest.
 */
async function loadOnce(page: Page, url: string, app: boolean): Promise<LongTaskRun> {
  await page.addInitScript({ content: `(() => { const __name = (f) => f; (${watcher.toString()})(); })();` });
  await slowPhone(page);
  await page.goto(url, { waitUntil: app ? 'commit' : 'load', timeout: 60_000 });
  if (app)
    await page.evaluate(() => (window as unknown as { __longTasks: Watch }).__longTasks.done, undefined);
  // A task still running at the takeover's frame is reported when it ends.
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  const {
    tasks,
    frames,
    takeover: tookOver,
  } = await page.evaluate(() => {
    const { tasks, frames, takeover } = (window as unknown as { __longTasks: Watch }).__longTasks;
    return { tasks, frames, takeover };
  });
  const takeover = app ? tookOver : Infinity;
  const before = tasks.filter((task) => task.start < takeover);
  const longestFrame = frames
    .filter((frame) => frame.start < takeover)
    .sort((a, b) => b.duration - a.duration)[0];
  return {
    cause: longestFrame
      ? `${Math.round(longestFrame.duration)} ms, of which rendering ${Math.round(longestFrame.render)} ` +
        `(style and layout ${Math.round(longestFrame.styleAndLayout)}); scripts: ${longestFrame.scripts.join('; ') || 'none attributed'}`
      : '—',
    longest: Math.max(0, ...before.map((task) => task.duration)),
    blocking: before.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    count: before.length,
    takeover: app ? takeover : NaN,
  };
}

/**
 * `runs` loads of each page on each server of `baseUrls` in turn, each in a fresh context, and last
 * in each turn the page's floor (the same content as plain HTML, no script: `floorPath`) on the
 * first server: the tasks the browser spends on any page, which no change of the store removes.
 * The floor's figures come last in the answer.
 */
export async function measureLongTasks(
  baseUrls: string[],
  pages: Array<{ name: string; path: string; floorPath: string }>,
  runs: number,
): Promise<LongTaskPage[][]> {
  const browser = await launchChromium();
  try {
    const loads = [
      ...baseUrls.map((baseUrl) => ({ baseUrl, app: true })),
      { baseUrl: baseUrls[0]!, app: false },
    ];
    const measured = loads.map(() => pages.map(() => [] as LongTaskRun[]));
    for (let i = 0; i < runs; i++)
      for (const [p, { path, floorPath }] of pages.entries())
        for (const [s, { baseUrl, app }] of loads.entries()) {
          const context = await browser.newContext(PHONE);
          try {
            measured[s]![p]!.push(
              await loadOnce(await context.newPage(), baseUrl + (app ? path : floorPath), app),
            );
          } finally {
            await context.close();
          }
        }
    return measured.map((byPage, s) =>
      byPage.map((runsOf, p) => ({
        page: pages[p]!.name,
        path: loads[s]!.app ? pages[p]!.path : pages[p]!.floorPath,
        runs: runsOf,
        median: {
          longest: median(runsOf.map((r) => r.longest)),
          blocking: median(runsOf.map((r) => r.blocking)),
          count: median(runsOf.map((r) => r.count)),
          takeover: median(runsOf.map((r) => r.takeover)),
          // The cause of the run whose longest task is the median one.
          cause: [...runsOf].sort((a, b) => a.longest - b.longest)[Math.floor(runsOf.length / 2)]!.cause,
        },
      })),
    );
  } finally {
    await browser.close();
  }
}
