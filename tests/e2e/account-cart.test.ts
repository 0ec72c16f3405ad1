// One cart per signed-in customer across devices (run `npm run build` first): two browsers of one
// customer, one of them offline, end with the same cart, no line lost or doubled; a signed-out cart
// joins the account's at sign-in; an open checkout's cart is kept and the shopper is told.
import { beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHECKOUT_CART_KEPT_TEXT } from '../../src/storage/account-cart';
import { allowErrors, failedLoad, openPage, phone, test, visit } from './browser';
import {
  buyShownProduct,
  OPERATIONS,
  registerShopper,
  type CatalogueProduct,
  type Shopper,
  buyProduct,
  paintsInStock,
} from './shopper';

let products: CatalogueProduct[];
beforeAll(async () => {
  products = await paintsInStock();
});

/** Signs in through the login screen, as a shopper does, and waits for the screen it leads to. */
async function signInByForm(page: Page, customer: Shopper) {
  if (!new URL(page.url()).pathname.startsWith('/login')) await visit(page, '/login');
  await page.getByLabel('CNPJ ou CPF').fill(customer.doc);
  await page.getByLabel('Senha', { exact: true }).fill(customer.senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Another device of the customer, signed in by the contract: it writes the account's cart. */
async function otherDevice(browser: Browser, customer: Shopper) {
  const { page } = await openPage(browser);
  const login = await page.request.post(`${OPERATIONS}/APP_0045`, {
    data: { email: customer.doc, senha: customer.senha },
  });
  expect(login.status()).toBe(200);
  return {
    set: async (changes: { id: number; quantidade: number }[]) => {
      const answer = await page.request.post(`${OPERATIONS}/CARRINHO_CONTA_ALTERAR`, {
        data: { base: 0, mudancas: changes.map((change) => ({ ...change, em: Date.now() })) },
      });
      expect(answer.status()).toBe(200);
    },
    read: async () => {
      const answer = await page.request.get(`${OPERATIONS}/CARRINHO_CONTA`);
      expect(answer.status()).toBe(200);
      const cart = (await answer.json()) as { produtos: { idprd: number; quantity: number }[] };
      return cart.produtos.map((line) => `${line.idprd}x${line.quantity}`).sort();
    },
  };
}

/** The device's cart as its session keys carry it: 'idxquantity', sorted. */
const cartOf = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(sessionStorage.getItem('cartItems') ?? '[]') as Array<{ id: string; quantity: number }>)
      .map((item) => `${item.id}x${item.quantity}`)
      .sort(),
  );

const expected = (...lines: [CatalogueProduct, number][]) =>
  lines.map(([product, quantity]) => `${product.idprd}x${quantity}`).sort();

/** What the window getting the focus does (the test's browsers never lose it). */
const focus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

const line = (page: Page, product: CatalogueProduct) =>
  page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem', { name: product.descricao });

describe("a signed-in customer's cart", () => {
  test('is the same on two devices after one edits offline and the other online', async ({ browser }) => {
    const [drill, paint, brush] = products as [CatalogueProduct, CatalogueProduct, CatalogueProduct];
    const a = await openPage(browser, phone);
    const b = await openPage(browser);
    // Offline, the product images not yet seen do not load (the worker keeps the catalogue's answers, not every image).
    allowErrors(a.context, failedLoad('ERR_INTERNET_DISCONNECTED'), failedLoad('ERR_FAILED'));
    const customer = await registerShopper(a.page);
    await signInByForm(a.page, customer);
    await signInByForm(b.page, customer);

    await buyProduct(a.page, drill);
    await buyProduct(a.page, brush);
    await expect.poll(() => cartOf(a.page)).toEqual(expected([drill, 1], [brush, 1]));
    await focus(b.page);
    await expect.poll(() => cartOf(b.page)).toEqual(expected([drill, 1], [brush, 1]));

    // A loses the network and adds a product; B, online, changes a quantity and removes a line.
    await visit(a.page, `/produto/${paint.idprd}`);
    await a.page.getByRole('heading', { name: paint.descricao }).waitFor();
    await a.context.setOffline(true);
    await buyShownProduct(a.page);
    await expect.poll(() => cartOf(a.page)).toEqual(expected([drill, 1], [brush, 1], [paint, 1]));

    await visit(b.page, '/carrinho');
    await line(b.page, drill).getByRole('button', { name: 'Aumentar quantidade' }).click();
    await expect.poll(() => cartOf(b.page)).toEqual(expected([drill, 2], [brush, 1]));
    await line(b.page, brush)
      .getByRole('button', { name: `Remover ${brush.descricao}` })
      .click();
    await expect.poll(() => cartOf(b.page)).toEqual(expected([drill, 2]));

    // A comes back: its add is sent, then it reads what B did.
    await a.context.setOffline(false);
    const both = expected([drill, 2], [paint, 1]);
    await expect.poll(() => cartOf(a.page)).toEqual(both);
    await focus(b.page);
    await expect.poll(() => cartOf(b.page)).toEqual(both);
    await visit(b.page, '/carrinho');
    await line(b.page, paint).waitFor();
    await expect(line(b.page, brush).count()).resolves.toBe(0);
  });

  test("joins a signed-out cart at sign-in, summing the same product's quantities", async ({ browser }) => {
    const [drill, paint] = products as [CatalogueProduct, CatalogueProduct];
    const { page } = await openPage(browser, phone);
    const customer = await registerShopper(page);
    const computer = await otherDevice(browser, customer);
    await computer.set([{ id: drill.idprd, quantidade: 2 }]);

    await buyProduct(page, drill);
    await buyProduct(page, paint);
    await signInByForm(page, customer);
    const joined = expected([drill, 3], [paint, 1]);
    await expect.poll(() => cartOf(page)).toEqual(joined);
    await expect.poll(() => computer.read()).toEqual(joined);
  });

  test("keeps an open checkout's cart at sign-in and says so", async ({ browser }) => {
    const [drill, paint] = products as [CatalogueProduct, CatalogueProduct];
    const { page } = await openPage(browser, phone);
    const customer = await registerShopper(page);
    const computer = await otherDevice(browser, customer);
    await computer.set([{ id: drill.idprd, quantidade: 3 }]);

    await buyProduct(page, paint);
    // The checkout, signed out, sends the shopper to sign in and back.
    await visit(page, '/checkout');
    await page.waitForURL((url) => url.pathname.startsWith('/login'));
    await signInByForm(page, customer);
    await page.getByText(CHECKOUT_CART_KEPT_TEXT).waitFor();
    await expect.poll(() => cartOf(page)).toEqual(expected([paint, 1]));
    await expect.poll(() => computer.read()).toEqual(expected([paint, 1]));
  });
});
