// The service worker's product-image route (sw/image-download.ts): one download per image, whoever
// asks and however often, and a request the page gives up breaks nothing (issue 36, item 18).
// Run `npm run build` first.
import { describe, expect } from 'vitest';
import type { Route } from 'playwright-core';
import { controlledByWorker, openPage, phone, test, visit } from './browser';
import { OPERATIONS } from './shopper';

describe("the worker's image route", () => {
  test("the home's first load after the worker takes over asks the server once for its main image", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    const asked = new Map<string, number>();
    // Routing also turns the browser's HTTP cache off, so every request the worker makes is seen.
    await context.route(/\/imagens\//, async (route: Route) => {
      const path = new URL(route.request().url()).pathname;
      asked.set(path, (asked.get(path) ?? 0) + 1);
      await route.continue();
    });
    await visit(page, '/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    asked.clear();
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const main = page.locator('main img[fetchpriority="high"][src^="/imagens/"]').first();
    const src = (await main.getAttribute('src'))!;
    await page.waitForFunction(
      (path) => document.querySelector<HTMLImageElement>(`img[src="${path}"]`)?.complete === true,
      src,
    );
    expect(await main.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(asked.get(src)).toBe(1);
    // The server's preload of that image asks exactly as the <img> does.
    const [preload, shown] = await page.evaluate((path) => {
      const link = document.querySelector(`link[rel="preload"][as="image"][href="${path}"]`);
      const img = document.querySelector(`img[src="${path}"]`)!;
      return [
        link && [
          link.getAttribute('fetchpriority'),
          link.getAttribute('crossorigin'),
          link.getAttribute('imagesrcset'),
          link.getAttribute('imagesizes'),
        ],
        [
          img.getAttribute('fetchpriority'),
          img.getAttribute('crossorigin'),
          img.getAttribute('srcset'),
          img.getAttribute('sizes'),
        ],
      ];
    }, src);
    expect(preload).toEqual(shown);
    assertNoErrors();
    await context.close();
  });

  test('an image request the page aborts mid-way leaves the download to the next one, from the worker', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    await controlledByWorker(page);
    // A product far from the home, so no card has asked for its image yet.
    const listing = await (await page.request.get(`${OPERATIONS}/APP_0027?pagina=3&por_pagina=48`)).json();
    const image = `/imagens/${(listing.produtos as Array<{ idprd: number }>)[0].idprd}/1.png`;

    // The server's answer is held until the test releases it.
    let serverAsked = 0;
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(
      (url) => url.pathname === image,
      async (route: Route) => {
        serverAsked++;
        reached();
        await held;
        await route.continue().catch(() => undefined);
      },
    );

    // Two requests at once, as Firefox's preload and <img> on the first load after the takeover;
    // the page gives the first up while the server still holds the answer.
    await page.evaluate((url) => {
      const controller = new AbortController();
      const state = window as unknown as { abortImage: () => void; second: Promise<number> };
      state.abortImage = () => controller.abort();
      void fetch(url, { signal: controller.signal }).catch(() => undefined);
      state.second = fetch(url).then(async (response) =>
        response.ok ? (await response.arrayBuffer()).byteLength : 0,
      );
    }, image);
    await arrived;
    await page.evaluate(() => (window as unknown as { abortImage: () => void }).abortImage());
    release();
    expect(
      await page.evaluate(() => (window as unknown as { second: Promise<number> }).second),
    ).toBeGreaterThan(0);

    const answer = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: (await response.arrayBuffer()).byteLength,
      };
    }, image);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^image\//);
    expect(answer.bytes).toBeGreaterThan(0);
    // One download, finished although the page gave the first request up, answered both others.
    expect(serverAsked).toBe(1);
    const stored = await page.evaluate(async (url) => {
      const response = await caches.match(url);
      return response ? (await response.arrayBuffer()).byteLength : 0;
    }, image);
    expect(stored).toBe(answer.bytes);
    assertNoErrors();
    await context.close();
  });
});
