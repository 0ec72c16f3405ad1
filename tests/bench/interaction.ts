import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../chromium';
import type { LongTaskPage } from './long-tasks';
import { median } from './stats';

// The early tap, as a new shopper on a mid-range phone meets it: a fresh browser (no cache, no
// service worker) on a throttled 4G connection with the CPU 4x slower taps the page's primary
// action the moment it shows, then keeps using the settled page. Timings come from the page's own
// clock (performance.now(), the navigation's start is 0), read in animation frames: what a frame
// shows is what the shopper sees.

/** Lighthouse's mobile settings: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x. */
export const SLOW_PHONE = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

export const PHONE = {
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
};

/** The first element of `selector` whose text holds `text`: found the same way by every revision. */
interface Finder {
  selector: string;
  text?: string;
}

/** One page's primary action and what shows once it has been answered. */
export interface TapTarget {
  page: 'product' | 'home';
  path: string;
  action: Finder;
  /** What its answer puts on screen. */
  result: Finder;
  /** Taps on the settled page whose Event Timing entries give the worst interaction. */
  settled: Finder[];
  /** What closes the answer (a dialog) before the next tap, if it stays on screen. */
  close?: Finder;
}

export interface TapRun {
  /** Ms from the navigation's start to the first frame showing the action. */
  visible: number;
  /** Ms from the navigation's start to the tap (pointerdown). */
  tap: number;
  /** Ms from the tap to the first frame showing that it was taken (busy button, status line or the answer). */
  feedback: number;
  /** Ms from the tap to the first frame showing its answer. */
  result: number;
  /** Longest Event Timing duration of the taps on the settled page (entries under 16 ms are not reported: 16). */
  worstSettled: number;
  /** Ms from the navigation's start to the frame after the app took the page over (`<html data-pronto>`): when every other button answers. */
  takeover: number;
}

export interface InteractionPage {
  page: TapTarget['page'];
  path: string;
  runs: TapRun[];
  median: TapRun;
}

/** A page's server-rendered HTML as a new visitor gets it: raw and gzip bytes. */
export interface HtmlSize {
  page: string;
  path: string;
  raw: number;
  gzip: number;
}

export interface InteractionResult {
  settings: typeof SLOW_PHONE & { runs: number };
  store: InteractionPage[];
  baseline?: InteractionPage[];
  html: { store: HtmlSize[]; baseline?: HtmlSize[] };
  /** Issue 40: long tasks before the takeover on home, listing, search and product (long-tasks.ts). */
  longTasks?: { store: LongTaskPage[]; floor?: LongTaskPage[]; baseline?: LongTaskPage[] };
}

/** The HTML of each page (fetch undoes any compression: raw is what the browser parses). */
export async function htmlSizes(baseUrl: string, pages: Array<{ name: string; path: string }>) {
  const sizes: HtmlSize[] = [];
  for (const { name, path } of pages) {
    const body = Buffer.from(await (await fetch(baseUrl + path)).arrayBuffer());
    sizes.push({ page: name, path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  return sizes;
}

/** Installed before any of the page's scripts: frame-by-frame watch of the action and its answer. */
interface Bench {
  visible: number;
  tap: number;
  feedback: number;
  result: number;
  takeover: number;
  events: Array<{ interactionId: number; duration: number; startTime: number }>;
}

function recorder({ action, result }: { action: Finder; result: Finder }) {
  const bench: Bench = { visible: NaN, tap: NaN, feedback: NaN, result: NaN, takeover: NaN, events: [] };
  (window as unknown as { __bench: Bench }).__bench = bench;
  const find = ({ selector, text }: Finder) =>
    [...document.querySelectorAll(selector)].find((element) => !text || element.textContent?.includes(text));
  const shows = (element: Element | undefined) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  addEventListener(
    'pointerdown',
    (event) => {
      if (Number.isNaN(bench.tap)) bench.tap = event.timeStamp;
    },
    true,
  );
  // performance.now() in the callback, not the frame's start time: a frame that began before the tap
  // but paints after it would read as feedback before the tap.
  const frame = () => {
    const now = performance.now();
    const button = find(action);
    if (Number.isNaN(bench.visible) && shows(button)) bench.visible = now;
    if (Number.isNaN(bench.takeover) && document.documentElement.hasAttribute('data-pronto'))
      bench.takeover = now;
    if (!Number.isNaN(bench.tap)) {
      const answered = shows(find(result));
      if (Number.isNaN(bench.result) && answered) bench.result = now;
      const busy =
        answered ||
        !!document.getElementById('toque-guardado') ||
        !!document.querySelector('button[aria-busy=true], button[data-loading]');
      if (Number.isNaN(bench.feedback) && busy) bench.feedback = now;
    }
    if (Number.isNaN(bench.result) || Number.isNaN(bench.takeover)) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { interactionId?: number }>)
        if (entry.interactionId)
          bench.events.push({
            interactionId: entry.interactionId,
            duration: entry.duration,
            startTime: entry.startTime,
          });
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  } catch {
    // No Event Timing in this browser: the settled figure stays empty.
  }
}

export async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
    uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
}

const locate = (page: Page, { selector, text }: Finder) =>
  (text ? page.locator(selector).filter({ hasText: text }) : page.locator(selector)).first();

async function tapOnce(context: BrowserContext, baseUrl: string, target: TapTarget): Promise<TapRun> {
  const page = await context.newPage();
  try {
    // As source: tsx's transform wraps named functions in a `__name(...)` helper the page lacks.
    const args = JSON.stringify({ action: target.action, result: target.result });
    await page.addInitScript({
      content: `(() => { const __name = (f) => f; (${recorder.toString()})(${args}); })();`,
    });
    await slowPhone(page);
    await page.goto(baseUrl + target.path, { waitUntil: 'commit' });
    // Tapped as soon as it shows: Playwright's click waits for it to be visible and steady.
    await locate(page, target.action).click({ timeout: 60_000 });
    await page.waitForFunction(
      () => {
        const { result, takeover } = (window as unknown as { __bench: Bench }).__bench;
        return !Number.isNaN(result) && !Number.isNaN(takeover);
      },
      undefined,
      {
        timeout: 60_000,
      },
    );
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const close = async () => {
      if (!target.close) return;
      await locate(page, target.close).click();
      await locate(page, target.result).waitFor({ state: 'detached' });
    };
    await close();
    const settledFrom = await page.evaluate(() => performance.now());
    for (const element of target.settled) {
      await locate(page, element).click();
      await close();
    }
    // Event Timing entries arrive after the frame that follows the event.
    await page.waitForTimeout(500);
    const bench = await page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);
    const settled = bench.events
      .filter((event) => event.startTime >= settledFrom)
      .map((event) => event.duration);
    return {
      visible: bench.visible,
      tap: bench.tap,
      feedback: bench.feedback - bench.tap,
      result: bench.result - bench.tap,
      worstSettled: Math.max(16, ...settled),
      takeover: bench.takeover,
    };
  } finally {
    await page.close();
  }
}

const medianRun = (runs: TapRun[]): TapRun => ({
  visible: median(runs.map((r) => r.visible)),
  tap: median(runs.map((r) => r.tap)),
  feedback: median(runs.map((r) => r.feedback)),
  result: median(runs.map((r) => r.result)),
  worstSettled: median(runs.map((r) => r.worstSettled)),
  takeover: median(runs.map((r) => r.takeover)),
});

/**
 * `runs` early taps per page on each server of `baseUrls` (the store, then the baseline when
 * there is one), taken in turn so machine load hits both alike; each in a fresh context.
 */
export async function measureInteraction(
  baseUrls: string[],
  targets: TapTarget[],
  runs: number,
): Promise<InteractionPage[][]> {
  const browser = await launchChromium();
  try {
    const measured = baseUrls.map(() => targets.map(() => [] as TapRun[]));
    for (let i = 0; i < runs; i++)
      for (const [t, target] of targets.entries())
        for (const [s, baseUrl] of baseUrls.entries()) {
          const context = await browser.newContext(PHONE);
          try {
            measured[s][t].push(await tapOnce(context, baseUrl, target));
          } finally {
            await context.close();
          }
        }
    return measured.map((byTarget) =>
      byTarget.map((runsOf, t) => ({
        page: targets[t].page,
        path: targets[t].path,
        runs: runsOf,
        median: medianRun(runsOf),
      })),
    );
  } finally {
    await browser.close();
  }
}

/**
 * The product page's 'COMPRAR AGORA' (its cart dialog) and the home's first 'Adicionar' (its toast):
 * the app's (Mantine's modal and notification) or, before the app has taken over, the page's own
 * (src/early: a native <dialog> and a status line).
 */
export function tapTargets(productPath: string): TapTarget[] {
  const buyNow = { selector: 'main button', text: 'COMPRAR AGORA' };
  const plus = { selector: 'main button[aria-label="Aumentar quantidade"]' };
  return [
    {
      page: 'product',
      path: productPath,
      action: buyNow,
      result: { selector: ':is(dialog, [role=dialog]) a[href="/carrinho"]' },
      settled: [buyNow, buyNow, buyNow],
      close: { selector: ':is(dialog, [role=dialog]) button[aria-label="Fechar"]' },
    },
    {
      page: 'home',
      path: '/',
      action: { selector: 'main button[aria-label^="Adicionar "]' },
      result: { selector: '.mantine-Notification-root, .antecipado-aviso', text: 'adicionado ao carrinho' },
      settled: [plus, plus, plus],
    },
  ];
}
