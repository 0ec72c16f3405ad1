import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { allowErrors, failedResource, launchBrowser, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('shows the not-found screen with a link home for an unknown path', async () => {
  const { page, context } = await openPage(browser);
  // The page itself answers 404, and Chromium logs that as a console error.
  allowErrors(page, failedResource(404));
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/caminho/que/nao/existe');
  await page.getByRole('heading', { name: '404' }).waitFor();
  await page.getByText('Oops! Page not found').waitFor();
  expect(logged.some((line) => line.includes('/caminho/que/nao/existe'))).toBe(true);
  await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await context.close();
});
