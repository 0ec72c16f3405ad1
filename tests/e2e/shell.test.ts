import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { categoryMenu } from '../../src/domain/categories';
import { expectAccessible } from './axe';
import {
  baseURL,
  desktop,
  markDocument,
  openPage,
  phone,
  reloadApp,
  sameDocument,
  test,
  visit,
} from './browser';
import { buyShownProduct, shelfShown, signIn } from './shopper';

const desktopMenu = categoryMenu('desktop');
const mobileMenu = categoryMenu('mobile');

/** The decoded path of the page, so 'Acessorios para Pintura' compares as spelled. */
const pathOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

async function waitForPath(page: Page, path: string) {
  await page
    .waitForURL((url) => decodeURIComponent(url.pathname) === path)
    .catch(async (error: Error) => {
      const dialogs = await page.getByRole('dialog').count();
      throw new Error(`expected ${path}, still at ${pathOf(page)} (${dialogs} dialogs): ${error.message}`);
    });
}

describe('header search', () => {
  test('suggests in two groups after 2 characters and Enter opens the search results', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/');
    const search = page.getByRole('combobox', { name: 'Buscar produtos' });
    const asked: string[] = [];
    page.on('request', (request) => {
      const term = new URL(request.url()).searchParams.get('produto');
      if (term !== null) asked.push(term);
    });
    await search.fill('p');
    expect(await page.getByRole('listbox').count()).toBe(0);

    await search.fill('piso');
    const listbox = page.getByRole('listbox');
    await listbox.waitFor();
    // One character asked the server nothing; the suggestions came for the word.
    expect(asked).not.toContain('p');
    expect(asked).toContain('piso');
    const groups = listbox.getByRole('group');
    await expect.poll(() => groups.count()).toBe(2);
    expect(await groups.nth(0).getByText('Sugestão', { exact: true }).count()).toBe(1);
    expect(await groups.nth(1).getByText('Produtos', { exact: true }).count()).toBe(1);
    expect(await groups.nth(0).getByRole('option').count()).toBeLessThanOrEqual(5);
    const products = groups.nth(1).getByRole('option');
    expect(await products.count()).toBeGreaterThan(0);
    expect(await products.count()).toBeLessThanOrEqual(5);
    const thumbnail = products.first().locator('img');
    expect(await thumbnail.getAttribute('width')).toBe('40');
    expect(await thumbnail.getAttribute('height')).toBe('40');

    await search.press('Enter');
    await waitForPath(page, '/produtos/pesquisar/piso');
    expect(await page.evaluate(() => sessionStorage.getItem('pesquisa'))).toBe('piso');
    assertNoErrors();
    await context.close();
  });

  test("says 'Nenhum resultado encontrado' for a term that matches nothing", async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/');
    await page.getByRole('combobox', { name: 'Buscar produtos' }).fill('qqqqzzzzxxxx');
    await page.getByText('Nenhum resultado encontrado').waitFor();
    assertNoErrors();
    await context.close();
  });

  test('picking a suggestion with the keyboard fills the text', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    const search = page.getByRole('combobox', { name: 'Buscar produtos' });
    await search.fill('torn');
    const first = page.getByRole('listbox').getByRole('option').first();
    await first.waitFor();
    const text = (await first.innerText()).trim();
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect.poll(() => search.inputValue()).toBe(text);
    expect(pathOf(page)).toBe('/');
    assertNoErrors();
    await context.close();
  });
});

describe('desktop category bar (1280 px)', () => {
  test('opens one dropdown at a time on hover and every category link lands on its listing', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/');
    const bar = page.getByRole('navigation', { name: 'Categorias', exact: true });
    for (const group of desktopMenu) {
      const top = bar.getByRole('link', { name: group.label, exact: true });
      await top.hover();
      const toggle = bar.getByRole('button', { name: `Subcategorias de ${group.label}` });
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await bar.locator('button[aria-expanded="true"]').count()).toBe(1);
      await top.click();
      await waitForPath(page, `/produtos/${group.categoria}`);
      expect(await bar.locator('button[aria-expanded="true"]').count()).toBe(0);
    }
    assertNoErrors();
    await context.close();
  });

  test('a subcategory link from the dropdown lands on its listing and closes the dropdown', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/');
    const bar = page.getByRole('navigation', { name: 'Categorias', exact: true });
    await bar.getByRole('link', { name: 'Banheiro', exact: true }).hover();
    await bar.getByRole('link', { name: 'Chuveiros', exact: true }).click();
    await waitForPath(page, '/produtos/banheiro/chuveiros');
    expect(await bar.getByRole('link', { name: 'Chuveiros', exact: true }).isVisible()).toBe(false);
    assertNoErrors();
    await context.close();
  });

  test('opens a dropdown from the keyboard and Escape closes it', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/');
    const bar = page.getByRole('navigation', { name: 'Categorias', exact: true });
    const toggle = bar.getByRole('button', { name: 'Subcategorias de Ferramentas' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    assertNoErrors();
    await context.close();
  });

  test('a phone turned to a tablet width gets the bar, working without a reload', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    const bar = page.getByRole('navigation', { name: 'Categorias', exact: true });
    expect(await bar.isVisible()).toBe(false);
    await markDocument(page);

    await page.setViewportSize({ width: 1024, height: 800 });
    const toggle = bar.getByRole('button', { name: 'Subcategorias de Banheiro' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await bar.getByRole('link', { name: 'Chuveiros', exact: true }).click();
    await waitForPath(page, '/produtos/banheiro/chuveiros');
    expect(await sameDocument(page)).toBe(true);
    assertNoErrors();
    await context.close();
  });
});

/**
 * Clicks a link of the drawer once a tap on it would reach it: an accordion panel grows for 200 ms
 * with its overflow clipped, and a tap on a clipped link lands on what lies beneath.
 */
async function tapWhenReachable(link: Locator) {
  await link.waitFor();
  await expect
    .poll(async () => {
      await link.scrollIntoViewIfNeeded();
      return link.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      });
    })
    .toBe(true);
  await link.click();
}

describe('mobile drawer (375 px)', () => {
  async function openGroup(page: Page, label: string) {
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await drawer.getByRole('button', { name: label, exact: true }).click();
    return drawer;
  }

  test('every category link lands on its listing and closes the drawer', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    expect(await page.getByRole('navigation', { name: 'Categorias', exact: true }).isVisible()).toBe(false);
    for (const group of mobileMenu) {
      const drawer = await openGroup(page, group.label);
      await tapWhenReachable(drawer.getByRole('link', { name: `Ver tudo em ${group.label}` }));
      await waitForPath(page, `/produtos/${group.categoria}`);
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    assertNoErrors();
    await context.close();
  });

  test('a subcategory and the Kit link (segment kiy) land on their listings', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    let drawer = await openGroup(page, 'Pisos e Revestimentos');
    await tapWhenReachable(drawer.getByRole('link', { name: 'Porcelanatos', exact: true }));
    await waitForPath(page, '/produtos/pisos-e-revestimentos/pisosporcelanatos');

    drawer = await openGroup(page, 'Acessórios para Pintura');
    await tapWhenReachable(drawer.getByRole('link', { name: 'Kit', exact: true }));
    await waitForPath(page, '/produtos/Acessorios para Pintura/kiy');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assertNoErrors();
    await context.close();
  });

  test('keeps one group open at a time, and closes by its button or a tap outside', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    const drawer = await openGroup(page, 'Banheiro');
    const banheiro = drawer.getByRole('button', { name: 'Banheiro', exact: true });
    const ferramentas = drawer.getByRole('button', { name: 'Ferramentas', exact: true });
    expect(await banheiro.getAttribute('aria-expanded')).toBe('true');
    await ferramentas.click();
    expect(await ferramentas.getAttribute('aria-expanded')).toBe('true');
    expect(await banheiro.getAttribute('aria-expanded')).toBe('false');
    await ferramentas.click();
    expect(await ferramentas.getAttribute('aria-expanded')).toBe('false');

    // The drawer sits below the 80 px header row and takes 80% of the width.
    const box = (await drawer.boundingBox())!;
    expect(Math.round(box.y)).toBe(80);
    expect(Math.round(box.width)).toBe(300);

    await drawer.getByRole('button', { name: 'Fechar menu' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await page.mouse.click(360, 400);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assertNoErrors();
    await context.close();
  });

  test('has the account entry and the sign-in link to /entrar', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Entrar / Cadastrar').waitFor();
    await drawer.getByRole('link', { name: 'Entrar', exact: true }).click();
    await waitForPath(page, '/entrar');
    assertNoErrors();
    await context.close();
  });
});

describe('account block and cart badge', () => {
  test('hides the badge at 0 and counts the cart lines after a product is added', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    const response = await fetch(`${baseURL()}/datasnap/rest/TFireFlay/APP_0041`);
    const [product] = ((await response.json()) as { produtos: { idprd: number }[] }).produtos;
    await visit(page, '/');
    const cart = page.getByRole('banner').getByRole('link', { name: /^Carrinho/ });
    expect(await cart.getAttribute('aria-label')).toBe('Carrinho');
    expect((await cart.innerText()).trim()).toBe('');

    await visit(page, `/produto/${product.idprd}`);
    await buyShownProduct(page);
    await waitForPath(page, '/');
    const badge = page.getByRole('banner').getByRole('link', { name: 'Carrinho, 1 item' });
    expect((await badge.innerText()).trim()).toBe('1');
    // The count is read on load too.
    await reloadApp(page);
    await badge.click();
    await waitForPath(page, '/carrinho');
    assertNoErrors();
    await context.close();
  });

  test("shows 'Minha Conta' to a visitor and the stored name with 'Meus Pedidos' when signed in", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: /Minha Conta.*Entrar \/ Cadastrar/ }).waitFor();
    // Signed in for real: the app, seeing a stored name, also reads and joins the account's cart,
    // which a name stored without a session would have refused (401).
    const shopper = await signIn(page);
    await reloadApp(page);
    await header.getByText(shopper.nome).waitFor();
    await header.getByRole('link', { name: 'Meus Pedidos' }).waitFor();
    expect(await header.getByText('Minha Conta').count()).toBe(0);
    assertNoErrors();
    await context.close();
  });
});

describe('navigation overlay', () => {
  test("shows 'Carregando...' while the next screen loads, for at most 2 s, then the screen", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/');
    // Hold the FAQ screen's code back for 4 s, as a very slow network would.
    await page.route(/\/assets\/faq-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Perguntas frequentes' }).click();
    const overlay = page.getByText('Carregando...');
    await overlay.waitFor();
    await overlay.waitFor({ state: 'detached' });
    // The overlay gave up after 2 s although the screen is still on its way.
    expect(await page.getByRole('heading', { name: 'Perguntas frequentes', level: 1 }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Perguntas frequentes', level: 1 }).waitFor();
    assertNoErrors();
    await context.close();
  });
});

describe('landmarks and accessibility', () => {
  test('has a skip link, header, navigation, main and footer, and no serious axe violation on home', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/');
    await page.getByRole('banner').waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('main').waitFor();
    await page.getByRole('contentinfo').waitFor();
    await page.getByRole('navigation', { name: 'Categorias', exact: true }).waitFor();
    await shelfShown(page, 'Mais vendidos');
    await expectAccessible(page, 'home (desktop)');
    assertNoErrors();
    await context.close();
  });

  test('has no serious axe violation on the phone home with the drawer open', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    await shelfShown(page, 'Mais vendidos');
    await expectAccessible(page, 'home (phone)');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Banheiro', exact: true }).click();
    await expectAccessible(page, 'home (phone, drawer open)');
    assertNoErrors();
    await context.close();
  });
});
