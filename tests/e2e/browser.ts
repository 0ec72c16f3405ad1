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
