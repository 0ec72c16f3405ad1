import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from '../chromium';

export const baseURL = () => inject('baseURL');

export const launchBrowser = launchChromium;

export const phone: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
};
export const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/** Resolves once the app has taken over the page (hydrated or rendered): `<html data-pronto>`. */
export const appReady = (page: Page) => page.waitForSelector('html[data-pronto]', { state: 'attached' });

/**
 * `goto` and `reload` also wait until the app has taken over the server-rendered page, as a person
 * waits for a page to respond: tests then act on the app, not on the HTML before it. A test that
 * wants the moment before (typing into the server's HTML) passes `waitUntil: 'commit'`.
 */
function waitForTheAppOnNavigation(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await appReady(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await appReady(page);
    return response;
  };
}

/**
 * A page whose console errors and uncaught exceptions are collected; `assertNoErrors()` fails the
 * test on any (a test fails on an unexpected console error, STYLE.md rule 12).
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = desktop,
): Promise<{ context: BrowserContext; page: Page; errors: string[]; assertNoErrors(): void }> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: 'pt-BR', ...options });
  const page = await context.newPage();
  waitForTheAppOnNavigation(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  return {
    context,
    page,
    errors,
    assertNoErrors() {
      if (errors.length) throw new Error(`Errors in the page:\n${errors.join('\n')}`);
    },
  };
}
