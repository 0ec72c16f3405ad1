// A first visit asks for the first screen's catalogue answer and largest image from index.html,
// before the app's JavaScript can run (src/app/early-requests.ts). The app must take that answer
// over: each is asked for once, and the screen shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, phone } from './browser';
import { listProducts, OPERATIONS } from './shopper';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Every request of the page, as path + query, in the order asked. */
function recordRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    asked.push(url.pathname + url.search);
  });
  return asked;
}

/**
 * Whether the request began while the HTML was still being parsed, that is before any of the app's
 * module scripts could run (they run after `domInteractive`): only index.html's inline script can.
 */
async function startedWhileParsing(page: Page, path: string): Promise<boolean> {
  return page.evaluate((wanted) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => new URL(resource.name).pathname + new URL(resource.name).search === wanted);
    return !!entry && entry.startTime < navigation.domInteractive;
  }, path);
}

describe('first screen asked for early', () => {
  it('home: the best sellers and the first one’s image once each', async () => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    const asked = recordRequests(page);
    await page.goto('/');
    await page.getByRole('region', { name: 'Mais vendidos' }).getByRole('heading').first().waitFor();
    expect(asked.filter((path) => path === `${OPERATIONS}/APP_0041`)).toHaveLength(1);
    const answer = (await (await page.request.get(`${OPERATIONS}/APP_0041`)).json()) as {
      produtos: { idprd: number; descricao: string }[];
    };
    const image = `/imagens/${answer.produtos[0].idprd}/1.png`;
    expect(asked.filter((path) => path === image)).toHaveLength(1);
    expect(await startedWhileParsing(page, `${OPERATIONS}/APP_0041`)).toBe(true);
    assertNoErrors();
    await context.close();
  });

  it('product: the detail and its first image once each, and the page shows the product', async () => {
    const [product] = await listProducts('produto=torneira&por_pagina=1');
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    const asked = recordRequests(page);
    await page.goto(`/produto/${product.idprd}`);
    await page.getByRole('heading', { name: product.descricao }).waitFor();
    expect(asked.filter((path) => path === `${OPERATIONS}/APP_0027?codigo=${product.idprd}`)).toHaveLength(1);
    expect(asked.filter((path) => path === `/imagens/${product.idprd}/1.png`)).toHaveLength(1);
    expect(await startedWhileParsing(page, `${OPERATIONS}/APP_0027?codigo=${product.idprd}`)).toBe(true);
    // The screen's code was preloaded with the HTML, and the app's import reused it (one fetch).
    const screenFetches = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/product-[\w-]{8}\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.name),
    );
    expect(screenFetches).toHaveLength(1);
    expect(await startedWhileParsing(page, new URL(screenFetches[0]).pathname)).toBe(true);
    assertNoErrors();
    await context.close();
  });
});
