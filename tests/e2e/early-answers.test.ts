import { describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  allowErrors,
  appReady,
  baseURL,
  failedResource,
  holdAppScript,
  markDocument,
  openPage,
  phone,
  sameDocument,
  test,
  visit,
} from './browser';
import { expectAccessible } from './axe';
import { OPERATIONS } from './shopper';

// On a slow phone the app's code arrives seconds after the page shows. 'COMPRAR AGORA' and the
// home's 'Adicionar' are answered by the page itself in that time (src/early), as the app would
// answer them, and the app puts those adds in the cart once it is there. Here the app's code is
// held back for 5 s, as such a connection would.

const HELD_MS = 5000;

/** A best seller sold by the unit (no lotes): its page's 'COMPRAR AGORA' adds one. */
async function unitProduct() {
  const answer = (await (await fetch(`${baseURL()}${OPERATIONS}/APP_0041`)).json()) as {
    produtos: Array<{
      idprd: number;
      descricao: string;
      codundvenda: string | null;
      multiploprdvenda: unknown;
    }>;
  };
  const product = answer.produtos.find((candidate) => !candidate.multiploprdvenda)!;
  const name = product.codundvenda ? `${product.descricao} (${product.codundvenda})` : product.descricao;
  return { ...product, name };
}

/** Opens `path` with the app's code held back; resolves with the function that lets it through after 5 s. */
async function openHeld(page: Page, path: string): Promise<() => Promise<void>> {
  const release = await holdAppScript(page);
  const openedAt = Date.now();
  await page.goto(path, { waitUntil: 'commit' });
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, openedAt + HELD_MS - Date.now())));
    release();
  };
}

const appHasTakenOver = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-pronto'));

const cartLines = (page: Page) => page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem');

/** A product page opened with the app's code held back, 'COMPRAR AGORA' tapped and the page's dialog showing. */
async function buyNowBeforeTheApp(browser: Browser) {
  const product = await unitProduct();
  const opened = await openPage(browser, phone);
  const release = await openHeld(opened.page, `/produto/${product.idprd}`);
  await opened.page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
  const dialog = opened.page.getByRole('dialog', { name: 'Produto no carrinho' });
  await dialog.getByText(`${product.name} foi adicionado ao carrinho.`).waitFor();
  return { ...opened, product, release, dialog };
}

describe('a tap on an add button before the app has taken over', () => {
  test("'COMPRAR AGORA' is answered at once, and the cart holds the product once the app is there", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors, product, release, dialog } = await buyNowBeforeTheApp(browser);
    expect(await appHasTakenOver(page)).toBe(false);
    // A modal dialog a keyboard and a screen reader use like the app's: focus inside it, named by its title.
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
    await expectAccessible(page, 'the early cart dialog');
    // 'Finalizar Compra' before the app's code has come: the cart page (held too) gets the add.
    await dialog.getByRole('link', { name: 'Finalizar Compra' }).click();
    await page.waitForURL((url) => url.pathname === '/carrinho', { waitUntil: 'commit' });
    await release();
    await appReady(page);
    await expect.poll(() => cartLines(page).count()).toBe(1);
    const line = page.getByRole('listitem', { name: product.descricao });
    expect(await line.locator('output').innerText()).toBe('1');
    // The add was put in the cart once: a page opened later adds nothing more.
    await visit(page, `/produto/${product.idprd}`);
    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await dialog.getByText(`${product.name} já está no seu carrinho.`).waitFor();
    await visit(page, '/carrinho');
    await expect.poll(() => cartLines(page).count()).toBe(1);
    expect(await line.locator('output').innerText()).toBe('1');
    assertNoErrors();
    await context.close();
  });

  test("the page's dialog, still open when the app arrives, follows 'Finalizar Compra' through the app without a reload", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors, release, dialog } = await buyNowBeforeTheApp(browser);
    await release();
    await appReady(page);
    await markDocument(page);
    await dialog.getByRole('link', { name: 'Finalizar Compra' }).click();
    await page.waitForURL((url) => url.pathname === '/carrinho');
    await expect.poll(() => cartLines(page).count()).toBe(1);
    expect(await sameDocument(page)).toBe(true);
    expect(await page.locator('dialog[open]').count()).toBe(0);
    assertNoErrors();
    await context.close();
  });

  test("the home's 'Adicionar' is answered at once with the app's toast, and '+' before it still counts", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    const release = await openHeld(page, '/');
    const buttons = page.locator('main button[aria-label^="Adicionar "]');
    await buttons.first().waitFor();
    const labels = await buttons.evaluateAll((all) =>
      all.map((button) => button.getAttribute('aria-label')!),
    );
    const nameOf = (label: string) => label.replace(/^Adicionar /, '').replace(/ ao carrinho$/, '');
    const [first, second] = labels.map(nameOf);

    // A product may sit on two shelves: the first card that shows it.
    await page
      .getByRole('button', { name: `Adicionar ${first} ao carrinho`, exact: true })
      .first()
      .click();
    const earlyToast = page.getByRole('status').filter({ hasText: `${first} foi adicionado ao carrinho.` });
    await earlyToast.waitFor();
    expect(await appHasTakenOver(page)).toBe(false);
    const earlyBox = (await earlyToast.boundingBox())!;
    // '+' then 'Adicionar' on another card: the '+' waits for the app, so the add waits behind it
    // and adds two.
    await page
      .getByRole('group', { name: `Quantidade de ${second}`, exact: true })
      .first()
      .getByRole('button', { name: 'Aumentar quantidade' })
      .click();
    await page
      .getByRole('button', { name: `Adicionar ${second} ao carrinho`, exact: true })
      .first()
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Um instante: terminando de carregar a página' })
      .waitFor();
    await release();
    await appReady(page);
    const appToast = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: `${second} foi adicionado ao carrinho.` });
    await appToast.waitFor();
    // The page's toast showed where the app's shows, as wide, once the app's has slid in (its
    // entrance moves it sideways for a moment).
    const offBy = async () => {
      const appBox = await appToast.boundingBox({ timeout: 1_000 });
      if (!appBox) return Number.POSITIVE_INFINITY;
      return Math.max(
        Math.abs(earlyBox.y - appBox.y),
        Math.abs(earlyBox.x + earlyBox.width - (appBox.x + appBox.width)),
        Math.abs(earlyBox.width - appBox.width),
      );
    };
    await expect.poll(offBy).toBeLessThanOrEqual(2);

    await visit(page, '/carrinho');
    await expect.poll(() => cartLines(page).count()).toBe(2);
    const quantities = await cartLines(page).evaluateAll((items) =>
      Object.fromEntries(
        items.map((item) => [item.getAttribute('aria-label'), item.querySelector('output')?.textContent]),
      ),
    );
    expect(Object.values(quantities).sort()).toEqual(['1', '2']);
    assertNoErrors();
    await context.close();
  });

  test("a product the stock cannot cover gets the server's message, and nothing goes in the cart", async ({
    browser,
  }) => {
    const product = await unitProduct();
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    allowErrors(page, failedResource(406));
    // Sold out between the page's render and the tap: APP_0034's answer for that (its contract).
    const refusal = 'Quantidade indisponível em estoque. Disponível: 0';
    await page.route(`**${OPERATIONS}/APP_0034?*`, (route) =>
      route.fulfill({ status: 406, json: { resposta: refusal, disponivel: 0 } }),
    );
    const release = await openHeld(page, `/produto/${product.idprd}`);
    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await page.getByRole('status').filter({ hasText: refusal }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await release();
    await appReady(page);
    await visit(page, '/carrinho');
    await page.getByRole('heading', { name: 'Seu carrinho está vazio' }).waitFor();
    assertNoErrors();
    await context.close();
  });
});
