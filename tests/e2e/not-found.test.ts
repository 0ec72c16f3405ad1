import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

it('shows the not-found screen with a link home for an unknown path', async () => {
  const { page, context, errors } = await openPage(browser);
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/caminho/que/nao/existe');
  await page.getByRole('heading', { name: '404' }).waitFor();
  await page.getByText('Oops! Page not found').waitFor();
  expect(logged.some((line) => line.includes('/caminho/que/nao/existe'))).toBe(true);
  await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // The only console error allowed is the browser's own line about the 404 the page answered.
  expect(errors.filter((line) => !line.includes('status of 404'))).toEqual([]);
  await context.close();
});
