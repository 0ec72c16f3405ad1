import { beforeAll, describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { categoryMenu } from '../../src/domain/categories';
import { LISTING_PAGE_SIZE_MAX } from '../../src/domain/catalogue-limits';
import { expectAccessible } from './axe';
import { openPage, phone, test, visit } from './browser';
import { confirmPix, listProducts, placePixOrder, signIn } from './shopper';
import { STORE, addStaff, pair, staffSignIn } from './store-staff';

// The header and category bar at every width, the store staff's pages on phones and tablets, the
// small visual defects, and where the offline-catalogue box is offered.

let productPath: string;
/** The product with the longest name of the first listing page: its breadcrumb is the longest. */
let longNamePath: string;
beforeAll(async () => {
  const [product] = await listProducts('grupo=mat-hidraulico&por_pagina=1');
  productPath = `/produto/${product.idprd}`;
  const listed = await listProducts(`por_pagina=${LISTING_PAGE_SIZE_MAX}`);
  const longest = listed.reduce((best, next) =>
    next.descricao.length > best.descricao.length ? next : best,
  );
  longNamePath = `/produto/${longest.idprd}`;
});

/** 320, 370, ... 1920 px, and the widths either side of the breakpoints. */
const WIDTHS = [...Array.from({ length: 33 }, (_, i) => 320 + i * 50), 599, 601, 767, 768, 1117];

/** The page laid out at `width`: how many pixels it then scrolls sideways (0 when it fits). */
async function sidewaysScrollAt(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 800 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`not on screen: ${locator.toString()}`);
  return found;
}

describe('header and category bar at every width', () => {
  test('no page scrolls sideways from 320 to 1920 px', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    // A page of each kind: home, listing, products (one with a long name), cart, sign-in, content.
    for (const path of [
      '/',
      '/produtos/pisos-e-revestimentos/pisosporcelanatos',
      productPath,
      longNamePath,
      '/carrinho',
      '/login',
      '/faq',
    ]) {
      await visit(page, path);
      await page.getByRole('main').getByRole('heading').first().waitFor();
      const overflowing: string[] = [];
      for (const width of WIDTHS) {
        const extra = await sidewaysScrollAt(page, width);
        if (extra > 0) overflowing.push(`${width} px: ${extra} px too wide`);
      }
      expect(overflowing, path).toEqual([]);
    }
    assertNoErrors();
    await context.close();
  });

  test("switches at 600 px: 'Minha Conta' from 600 px, the menu button under 768 px, the bar from 768 px", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, {
      viewport: { width: 320, height: 800 },
    });
    await visit(page, '/');
    const account = page.getByRole('banner').getByRole('link', { name: /Minha Conta/ });
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    const bar = page.getByRole('navigation', { name: 'Categorias', exact: true });
    const cases: [number, boolean, boolean, boolean][] = [
      // width, account in the bar, menu button, category bar
      [320, false, true, false],
      [599, false, true, false],
      [601, true, true, false],
      [767, true, true, false],
      [768, true, false, true],
      [1117, true, false, true],
      [1366, true, false, true],
    ];
    for (const [width, withAccount, withMenu, withBar] of cases) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => account.isVisible(), { message: `account at ${width}` }).toBe(withAccount);
      expect(await menuButton.isVisible(), `menu button at ${width}`).toBe(withMenu);
      expect(await bar.isVisible(), `category bar at ${width}`).toBe(withBar);
    }
    assertNoErrors();
    await context.close();
  });

  test('shows every category of the bar whole, with touch targets of 48 px, on tablets', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, {
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
    });
    await visit(page, '/');
    const bar = page.getByRole('navigation', { name: 'Categorias', exact: true });
    for (const width of [768, 820, 1024, 1117]) {
      await page.setViewportSize({ width, height: 1024 });
      for (const group of categoryMenu('desktop')) {
        const link = bar.getByRole('link', { name: group.label, exact: true });
        const toggle = bar.getByRole('button', { name: `Subcategorias de ${group.label}` });
        for (const target of [link, toggle]) {
          const { x, width: w, height: h } = await box(target);
          expect(x, `${group.label} at ${width}`).toBeGreaterThanOrEqual(0);
          expect(x + w, `${group.label} at ${width}`).toBeLessThanOrEqual(width);
          expect(h, `${group.label} height at ${width}`).toBeGreaterThanOrEqual(48);
        }
        expect((await box(toggle)).width, `${group.label} toggle at ${width}`).toBeGreaterThanOrEqual(48);
      }
      for (const name of [/Minha Conta/, /^Carrinho/]) {
        const target = await box(page.getByRole('banner').getByRole('link', { name }).first());
        expect(target.height, `${name} at ${width}`).toBeGreaterThanOrEqual(48);
      }
    }
    await page.setViewportSize({ width: 700, height: 1024 });
    const menu = await box(page.getByRole('banner').getByRole('button', { name: 'Menu' }));
    expect(Math.min(menu.width, menu.height)).toBeGreaterThanOrEqual(48);
    assertNoErrors();
    await context.close();
  });
});

describe("the store staff's pages on phones and tablets", () => {
  const STAFF_WIDTHS = [320, 390, 1024, 1366];

  /**
   * At each width: no sideways scroll, each control on screen with its text whole (those in
   * `shortened` may end it with an ellipsis) and, on phones, 44 px tall or more.
   */
  async function fits(page: Page, path: string, controls: Locator[], shortened: Locator[] = []) {
    const problems: string[] = [];
    for (const width of STAFF_WIDTHS) {
      const extra = await sidewaysScrollAt(page, width);
      if (extra > 0) problems.push(`${width} px: ${extra} px too wide`);
      for (const control of controls) {
        const { x, width: w, height: h } = await box(control);
        if (x < 0 || x + w > width) problems.push(`${width} px: ${control.toString()} off screen`);
        if (!shortened.includes(control) && (await control.evaluate((e) => e.scrollWidth > e.clientWidth)))
          problems.push(`${width} px: ${control.toString()} cut`);
        // Phones; the tablet layout (Mantine's sizes, some fields 36 px) is left as it was.
        if (width < 600 && h < 44) problems.push(`${width} px: ${control.toString()} ${h} px tall`);
      }
    }
    expect(problems, path).toEqual([]);
  }

  test('a paired tablet with a seller signed in keeps a whole GTIN in the search box, and the logo, store and seller whole, at 768 to 1366 px', async ({
    browser,
  }) => {
    const seller = await addStaff('Vanessa Cabeçalho', 'vendedor');
    const { page, assertNoErrors } = await openPage(browser, {
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
    });
    await pair(page);
    await staffSignIn(page, seller);
    const header = page.getByRole('banner');
    const search = header.getByRole('combobox', { name: 'Buscar produtos' });
    const logo = header.getByRole('link', { name: /página inicial/ });
    const whole = [
      logo,
      header.getByRole('link', { name: `Modo loja: ${STORE.name}` }),
      header.getByRole('link', { name: 'Vendedor: Vanessa' }),
      header.getByRole('button', { name: 'Sair' }),
      header.getByRole('button', { name: 'Ler código de barras' }),
    ];
    await whole[2].waitFor();
    await search.fill('7891234567895');
    const problems: string[] = [];
    for (const width of [768, 1024, 1199, 1200, 1366]) {
      const extra = await sidewaysScrollAt(page, width);
      if (extra > 0) problems.push(`${width} px: ${extra} px too wide`);
      if (await search.evaluate((input) => input.scrollWidth > input.clientWidth))
        problems.push(`${width} px: the GTIN does not fit the search box`);
      const field = await box(search);
      const mark = await box(logo);
      if (field.x < mark.x + mark.width) problems.push(`${width} px: the search box is over the logo`);
      for (const item of whole) {
        const { x, width: w } = await box(item);
        if (x < 0 || x + w > width) problems.push(`${width} px: ${item.toString()} off screen`);
        if (await item.evaluate((e) => e.scrollWidth > e.clientWidth))
          problems.push(`${width} px: ${item.toString()} cut`);
      }
    }
    expect(problems).toEqual([]);
    assertNoErrors();
  });

  test('fit from 320 px, with touch targets of 44 px on phones: pairing, signing in, the counter and the sales', async ({
    browser,
  }) => {
    const manager = await addStaff('Gabriela Larguras', 'gerente');
    const { page, assertNoErrors } = await openPage(browser, {
      viewport: { width: 320, height: 800 },
      hasTouch: true,
    });
    await visit(page, '/loja');
    await fits(page, '/loja (not paired)', [
      page.getByLabel('Código de pareamento'),
      page.getByRole('button', { name: 'Parear tablet' }),
    ]);

    await pair(page);
    await page.getByRole('radio', { name: manager.nome }).waitFor();
    await fits(page, '/loja (signing in)', [
      page.getByLabel('PIN', { exact: true }),
      page.getByRole('button', { name: 'Entrar', exact: true }),
    ]);

    await staffSignIn(page, manager);
    // A pickup order placed on this tablet: on the counter, and in the store's sales of the day.
    await signIn(page);
    const orderId = await placePixOrder(page, STORE.id);
    await confirmPix(orderId);
    await visit(page, '/loja');
    const header = page.getByRole('banner');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Vendas do dia' }).waitFor();
    // On a phone the store's name and who is signed in share one row and may be shortened.
    const names = [
      header.getByRole('link', { name: `Modo loja: ${STORE.name}` }),
      header.getByRole('link', { name: 'Gerente: Gabriela' }),
    ];
    await fits(
      page,
      '/loja (signed in)',
      [
        ...names,
        header.getByRole('button', { name: 'Sair' }),
        header.getByRole('button', { name: 'Ler código de barras' }),
        main.getByRole('link', { name: 'Retiradas' }),
        main.getByRole('link', { name: 'Vendas do dia' }),
        main.getByRole('button', { name: 'Sair' }),
      ],
      names,
    );

    await visit(page, '/loja/retiradas');
    const card = page.getByRole('article', { name: `Pedido ${orderId}` });
    await card.getByRole('button', { name: 'Separar' }).waitFor();
    await fits(page, '/loja/retiradas', [
      main.getByLabel('Número do pedido'),
      main.getByLabel('CPF/CNPJ do cliente'),
      main.getByRole('button', { name: 'Consultar' }),
      card.getByRole('button', { name: 'Separar' }),
      card.getByRole('button', { name: 'Pronto para retirada' }),
    ]);
    await expectAccessible(page, '/loja/retiradas');
    // axe leaves a 1:1 label to a person ('incomplete'): each step's label differs from its button.
    for (const name of ['Separar', 'Pronto para retirada']) {
      const [label, background] = await card
        .getByRole('button', { name })
        .evaluate((button) => [
          getComputedStyle(button.querySelector('.mantine-Button-label')!).color,
          getComputedStyle(button).backgroundColor,
        ]);
      expect(label, name).not.toBe(background);
    }

    await visit(page, '/loja/vendas');
    await page.getByRole('row', { name: new RegExp(`^${orderId} `) }).waitFor();
    // A table wider than a phone scrolls in its own box; the page itself does not.
    await fits(page, '/loja/vendas', []);
    await expectAccessible(page, '/loja/vendas');
    assertNoErrors();
  });
});

describe('small visual defects', () => {
  test("keeps the phone banner's arrows off the words on its left", async ({ browser }) => {
    for (const width of [320, 390, 600]) {
      const { page, context, assertNoErrors } = await openPage(browser, {
        ...phone,
        viewport: { width, height: 800 },
      });
      await visit(page, '/');
      const carousel = page.getByRole('region', { name: 'Destaques', exact: true });
      const banner = await box(carousel.locator('img').first());
      // Every banner writes its kicker, title, text and button within the left 60 % (scripts/make-banners.mjs).
      const wordsEnd = banner.x + banner.width * 0.6;
      for (const name of ['Banner anterior', 'Próximo banner']) {
        const arrow = await box(carousel.getByRole('button', { name }));
        expect(arrow.x, `${name} at ${width} px`).toBeGreaterThanOrEqual(wordsEnd);
      }
      assertNoErrors();
      await context.close();
    }
  });

  test("titles a listing with the menu's label and keeps the route", async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, {
      viewport: { width: 1366, height: 800 },
    });
    await visit(page, '/produtos/pisos-e-revestimentos/pisosporcelanatos');
    await page
      .getByRole('heading', { level: 1, name: 'Pisos e Revestimentos / Porcelanatos', exact: true })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/produtos/pisos-e-revestimentos/pisosporcelanatos');
    expect(await page.getByText('pisosporcelanatos', { exact: false }).count()).toBe(0);
    assertNoErrors();
    await context.close();
  });

  test("names the phone drawer's links for where they go: 'Louças Sanitárias' and 'Torneiras para Banheiro'", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: 'Banheiro', exact: true }).click();
    const href = (name: string) =>
      drawer
        .getByRole('link', { name, exact: true })
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await drawer.getByRole('link', { name: 'Louças Sanitárias', exact: true }).waitFor();
    expect(await href('Louças Sanitárias')).toEqual(['/produtos/banheiro/loucas-sanitarias']);
    expect(await href('Torneiras para Banheiro')).toEqual(['/produtos/banheiro/torneiras-para-banheiro']);
    assertNoErrors();
    await context.close();
  });
});

describe("'Baixar catálogo para uso offline'", () => {
  const DOWNLOAD = 'Baixar catálogo para uso offline';

  test('is offered on the home page, a listing and the account area, and not on a product or the cart', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    for (const [path, offered] of [
      ['/', true],
      ['/produtos/banheiro', true],
      [productPath, false],
      ['/carrinho', false],
    ] as const) {
      await visit(page, path);
      await page.getByRole('main').getByRole('heading').first().waitFor();
      // The app-status UI mounts once the browser is idle after the first screen (src/app/app.tsx).
      await page.locator('[data-avisos]').waitFor({ state: 'attached' });
      if (offered) await page.getByRole('button', { name: DOWNLOAD }).waitFor();
      expect(await page.getByRole('button', { name: DOWNLOAD }).count(), path).toBe(offered ? 1 : 0);
    }
    assertNoErrors();
    await context.close();
  });
});
