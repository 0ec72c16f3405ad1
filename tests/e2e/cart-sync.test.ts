// Carts that converge (run `npm run build` first): what a shopper changed offline stays changed
// after reconnecting; two tabs of one browser show the same cart within a second, each tab's
// session keys included; a product taken off sale while it sat in an offline cart is flagged at
// checkout, never dropped.
import { beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PRODUCT_UNAVAILABLE_TEXT } from '../../src/features/offline/cart-recheck';
import {
  allowErrors,
  controlledByWorker,
  failedLoad,
  failedResource,
  openPage,
  phone,
  reloadApp,
  test,
  visit,
} from './browser';
import {
  OPERATIONS,
  signIn,
  staffRequest,
  type CatalogueProduct,
  buyProduct,
  paintsInStock,
} from './shopper';

let products: CatalogueProduct[];
beforeAll(async () => {
  products = await paintsInStock();
});

const line = (page: Page, product: CatalogueProduct) =>
  page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem', { name: product.descricao });
const quantityOf = (page: Page, product: CatalogueProduct) =>
  line(page, product)
    .getByRole('group', { name: `Quantidade de ${product.descricao}` })
    .locator('output');
const sessionCart = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(sessionStorage.getItem('cartItems') ?? '[]') as Array<{ id: string; quantity: number }>).map(
      (item) => `${item.id}x${item.quantity}`,
    ),
  );

describe('a cart changed offline', () => {
  test('keeps a line removed and a quantity lowered offline after the network returns', async ({
    browser,
  }) => {
    const [kept, removed] = products;
    const { page, context } = await openPage(browser, phone);
    await visit(page, '/');
    await controlledByWorker(page);
    await buyProduct(page, kept!);
    await buyProduct(page, removed!);
    await visit(page, '/carrinho');
    const more = line(page, kept!).getByRole('button', { name: 'Aumentar quantidade' });
    await more.click();
    await expect.poll(() => quantityOf(page, kept!).textContent()).toBe('2');
    await more.click();
    await expect.poll(() => quantityOf(page, kept!).textContent()).toBe('3');

    await context.setOffline(true);
    await line(page, kept!).getByRole('button', { name: 'Diminuir quantidade' }).click();
    await line(page, removed!)
      .getByRole('button', { name: `Remover ${removed!.descricao}` })
      .click();
    await line(page, removed!).waitFor({ state: 'detached' });

    const rechecked = page.waitForResponse((response) => response.url().includes(`${OPERATIONS}/APP_0034`));
    await context.setOffline(false);
    await rechecked;
    await reloadApp(page);
    await line(page, kept!).waitFor();
    expect(await quantityOf(page, kept!).textContent()).toBe('2');
    expect(await line(page, removed!).count()).toBe(0);
    expect(await sessionCart(page)).toEqual([`${kept!.idprd}x2`]);
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'));
    await context.close();
  });
});

describe('two tabs of one browser', () => {
  test('show the same cart after a change in either, without a reload, session keys included', async ({
    browser,
  }) => {
    const [first, second] = products;
    const { page: tabA, context, assertNoErrors } = await openPage(browser, phone);
    await buyProduct(tabA, first!);
    await buyProduct(tabA, second!);
    await visit(tabA, '/carrinho');
    const tabB = await context.newPage();
    await visit(tabB, '/carrinho');
    await line(tabB, second!).waitFor();

    await line(tabA, first!).getByRole('button', { name: 'Aumentar quantidade' }).click();
    await expect.poll(() => quantityOf(tabB, first!).textContent()).toBe('2');
    await expect.poll(() => sessionCart(tabB)).toContain(`${first!.idprd}x2`);

    await line(tabB, second!)
      .getByRole('button', { name: `Remover ${second!.descricao}` })
      .click();
    await line(tabA, second!).waitFor({ state: 'detached' });
    await expect.poll(() => sessionCart(tabA)).toEqual([`${first!.idprd}x2`]);
    await expect.poll(() => sessionCart(tabB)).toEqual([`${first!.idprd}x2`]);
    assertNoErrors();
    await context.close();
  });
});

describe('a product taken off sale while it sat in an offline cart', () => {
  test('is flagged at checkout with a pt-BR message, and stays in the order summary', async ({ browser }) => {
    const product = products[2]!;
    const { page, context } = await openPage(browser, phone);
    await signIn(page);
    await visit(page, '/');
    await controlledByWorker(page);
    await visit(page, `/produto/${product.idprd}`);
    await page.getByRole('heading', { name: product.descricao }).waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await page.getByRole('dialog', { name: 'Produto no carrinho' }).waitFor();
    await visit(page, '/checkout');
    const summary = page.getByRole('list', { name: 'Itens do pedido' });
    await summary.getByText(product.descricao, { exact: false }).waitFor();

    await staffRequest('POST', `/products/${product.idprd}/active`, { ativo: false });
    // The product's detail now answers 404, which Chromium logs.
    allowErrors(page, failedResource(404));
    try {
      await context.setOffline(false);
      const notice = summary.getByRole('status').filter({ hasText: PRODUCT_UNAVAILABLE_TEXT });
      await notice.waitFor();
      expect(await summary.getByText(product.descricao, { exact: false }).count()).toBeGreaterThan(0);
    } finally {
      await staffRequest('POST', `/products/${product.idprd}/active`, { ativo: true });
    }
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'));
    await context.close();
  });
});
