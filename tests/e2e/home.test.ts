import { beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, desktop, openPage, phone, test, visit } from './browser';
import { homeShelf, shelfShown } from './shopper';

interface Product {
  idprd: number;
  descricao: string;
  codundvenda?: string;
}

let bestSellers: Product[];

beforeAll(async () => {
  const response = await fetch(`${baseURL()}/datasnap/rest/TFireFlay/APP_0041`);
  expect(response.status).toBe(200);
  bestSellers = ((await response.json()) as { produtos: Product[] }).produtos;
});

const cardName = (product: Product) =>
  product.codundvenda ? `${product.descricao} (${product.codundvenda})` : product.descricao;

/** The card titles of the best-sellers grid, in order. */
/** The names on the grid's cards (their text: a card out of view is not rendered, so has no innerText). */
async function gridNames(page: Page): Promise<string[]> {
  await shelfShown(page, 'Mais vendidos');
  return homeShelf(page, 'Mais vendidos').getByRole('article').getByRole('heading').allTextContents();
}

describe('home', () => {
  test('opens at / with the header search box and the best sellers the server returns', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/');
    await page.getByPlaceholder('O que deseja procurar?').first().waitFor();
    expect(bestSellers.length).toBeGreaterThan(0);
    const names = await gridNames(page);
    expect(names).toEqual(bestSellers.slice(0, 12).map(cardName));
    const first = homeShelf(page, 'Mais vendidos').getByRole('article').first();
    const text = (await first.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/R\$ [\d.]+,\d{2} no Pix/);
    expect(text).toMatch(/até \d+x sem juros/);
    assertNoErrors();
    await context.close();
  });

  test('pages the best sellers 12 at a time and scrolls back to the section, its heading below the header', async ({
    browser,
  }) => {
    for (const options of [desktop, phone, { viewport: { width: 820, height: 1180 } }]) {
      const { page, context, assertNoErrors } = await openPage(browser, options);
      await visit(page, '/');
      await gridNames(page);
      const pages = page.getByRole('navigation', { name: 'Páginas de mais vendidos' });
      await pages.scrollIntoViewIfNeeded();
      await pages.getByRole('button', { name: 'Página 2' }).click();
      await expect.poll(() => gridNames(page)).toEqual(bestSellers.slice(12, 24).map(cardName));
      // The 'MAIS VENDIDOS' heading ends up whole on screen, just under the sticky header.
      const place = () =>
        page.evaluate(() => ({
          header: document.querySelector('header')!.getBoundingClientRect().bottom,
          heading: document.getElementById('mais-vendidos')!.getBoundingClientRect().top,
        }));
      await expect
        .poll(
          async () => {
            const { header, heading } = await place();
            return heading >= header && heading <= header + 40;
          },
          // Smooth scrolling on a loaded machine can take longer than the 1 s default.
          { message: JSON.stringify(options.viewport), timeout: 10_000 },
        )
        .toBe(true);
      await expect(
        pages.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current'),
      ).resolves.toBe('page');
      assertNoErrors();
      await context.close();
    }
  });

  test('shows five banners that open in a new tab, and lets the shopper pause them', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    const carousel = page.getByRole('region', { name: 'Destaques', exact: true });
    await carousel.locator('img').first().waitFor();
    const links = carousel.locator('a[target="_blank"]');
    await expect(links.count()).resolves.toBe(5);
    for (const rel of await links.evaluateAll((all) => all.map((a) => a.getAttribute('rel')))) {
      expect(rel).toContain('noopener');
    }
    const images = carousel.locator('img');
    expect(
      await images.evaluateAll((all) =>
        all.every((img) => img.getAttribute('width') && img.getAttribute('height')),
      ),
    ).toBe(true);
    await expect(images.first().getAttribute('fetchpriority')).resolves.toBe('high');
    await carousel.getByRole('button', { name: 'Próximo banner' }).click();
    await expect(
      carousel.getByRole('button', { name: 'Mostrar banner 2 de 5' }).getAttribute('aria-current'),
    ).resolves.toBe('true');
    await carousel.getByRole('button', { name: 'Pausar rotação dos banners' }).click();
    await carousel.getByRole('button', { name: 'Retomar rotação dos banners' }).waitFor();
    assertNoErrors();
    await context.close();
  });
});
