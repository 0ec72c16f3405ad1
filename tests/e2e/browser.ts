import { STATUS_CODES } from 'node:http';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Response,
} from 'playwright-core';
import { afterEach, beforeEach, inject, it } from 'vitest';
import { launchChromium } from '../chromium';
import { READY_ATTRIBUTE } from '../../src/domain/takeover';

export const baseURL = () => inject('baseURL');

export const phone: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
};
export const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/** Resolves once the app has taken over the page (hydrated or rendered): `<html data-pronto>`. */
export const appReady = (page: Page) =>
  page.waitForSelector(`html[${READY_ATTRIBUTE}]`, { state: 'attached' });

/**
 * Opens `url` and waits until the app has taken over the server-rendered page, as a person waits for
 * a page to respond: tests then act on the app, not on the HTML before it. A test that wants the
 * moment before (typing into the server's HTML) calls `page.goto(url, { waitUntil: 'commit' })`.
 */
export async function visit(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await appReady(page);
  return response;
}

/** Holds the app's script back (as a slow network would) until the returned function is called. */
/**
 * Marks the page's current document, so that `sameDocument` can tell a move within the app (the
 * router) from a full page load (a link or form the app did not take).
 */
export const markDocument = (page: Page) =>
  page.evaluate(() => {
    Object.assign(window, { semRecarga: true });
  });
export const sameDocument = (page: Page) => page.evaluate(() => 'semRecarga' in window);

/** What a screen reader reads after a field's name: the text of the elements its aria-describedby names. */
export const describedBy = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' '),
  );

export async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Reloads the page and waits until the app has taken it over again (see `visit`). */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await appReady(page);
}

/**
 * Waits until the service worker controls the page (the first visit installs it; a reload uses it),
 * so what follows goes through it.
 */
export async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await reloadApp(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * What one browser context logged: every uncaught exception and console error of any of its pages,
 * and the exact messages the running test allowed. After each test, any message it did not allow
 * fails it (docs/decisions/020-tests-fail-on-console-errors.md), so no test has to remember to ask.
 */
interface PageErrors {
  seen: { line: string; message: string }[];
  /** The lines of `seen`, kept as one live array for tests that count them. */
  lines: string[];
  allowed: Set<string>;
  /** How many of `seen` earlier tests already answered for (a beforeAll's context outlives a test). */
  checked: number;
  closed: boolean;
}

const watched = new WeakMap<BrowserContext, PageErrors>();
const live = new Set<PageErrors>();

function unexpected(errors: PageErrors): string[] {
  return errors.seen
    .slice(errors.checked)
    .filter(({ message }) => !errors.allowed.has(message))
    .map(({ line }) => line);
}

function record(errors: PageErrors, line: string, message: string): void {
  errors.seen.push({ line, message });
  errors.lines.push(line);
}

function watch(context: BrowserContext): PageErrors {
  const existing = watched.get(context);
  if (existing) return existing;
  const errors: PageErrors = { seen: [], lines: [], allowed: new Set(), checked: 0, closed: false };
  watched.set(context, errors);
  live.add(errors);
  context.on('weberror', (error) => {
    const message = error.error().message;
    record(errors, `pageerror: ${message}`, message);
  });
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const where = message.location().url;
    record(errors, `console.error: ${text}${where ? ` (${where})` : ''}`, text);
  });
  context.on('close', () => (errors.closed = true));
  return errors;
}

/** The contexts the running test opened: closed after it (a context of a beforeAll lives on). */
let openedInThisTest: BrowserContext[] = [];
beforeEach(() => {
  openedInThisTest = [];
});

// Registered on every test file that imports this module (Vitest isolates each file's modules).
afterEach(async () => {
  await Promise.all(openedInThisTest.map((context) => context.close()));
  openedInThisTest = [];
  const lines: string[] = [];
  for (const errors of live) {
    lines.push(...unexpected(errors));
    errors.checked = errors.seen.length;
    errors.allowed.clear();
    if (errors.closed) live.delete(errors);
  }
  if (lines.length) throw new Error(`Unexpected errors in the page:\n${lines.join('\n')}`);
});

/** Chromium's console line for a resource answered with `status` (it logs every 4xx and 5xx). */
export const failedResource = (status: number) =>
  `Failed to load resource: the server responded with a status of ${status} (${STATUS_CODES[status]})`;

/** Chromium's console line for a resource that could not load at all (offline: `ERR_INTERNET_DISCONNECTED`). */
export const failedLoad = (netError: string) => `Failed to load resource: net::${netError}`;

/**
 * Chromium's console line when the connection is cut while it fetches /sw.js to look for a new
 * version: the app asks on every 'online' event, and the browser after navigations. The app catches
 * the failure. A test that cuts the connection again after being back online may see it, or not.
 */
export const workerUpdateCut = 'An unknown error occurred when fetching the script.';

/**
 * Allows these exact messages (console text or exception message) in the pages of `target`'s
 * context for the rest of the test; any other error still fails it.
 */
export function allowErrors(target: Page | BrowserContext, ...messages: string[]): void {
  const context = 'context' in target ? target.context() : target;
  const errors = watch(context);
  for (const message of messages) errors.allowed.add(message);
}

/**
 * A fresh browser context on the test server, in pt-BR, watched for errors (see `allowErrors`) and
 * closed after the test that opened it, whether it passed or not.
 */
export async function openContext(
  browser: Browser,
  options: BrowserContextOptions = desktop,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: 'pt-BR', ...options });
  watch(context);
  openedInThisTest.push(context);
  return context;
}

/**
 * A fresh context and page on the test server. Its errors fail the test after it ends unless
 * allowed with `allowErrors`; `assertNoErrors()` fails earlier, at a point of the test's choosing.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = desktop,
): Promise<{ context: BrowserContext; page: Page; errors: string[]; assertNoErrors(): void }> {
  const context = await openContext(browser, options);
  const errors = watch(context);
  const page = await context.newPage();
  return {
    context,
    page,
    errors: errors.lines,
    assertNoErrors() {
      const lines = unexpected(errors);
      if (lines.length) throw new Error(`Unexpected errors in the page:\n${lines.join('\n')}`);
    },
  };
}

/**
 * The browser tests' `test`: its `browser` fixture is one Chromium for the whole file, launched on
 * the first test that asks for it and closed after the file.
 */
export const test = it.extend<{ browser: Browser }>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's needs from this pattern.
    async ({}, use) => {
      const browser = await launchChromium();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
});
