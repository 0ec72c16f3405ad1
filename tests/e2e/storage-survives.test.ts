// Storage that survives (issue 37): a lost IndexedDB connection under the running app costs no cart
// write, a site whose storage was cleared while open comes back from the server, and the status
// says whether the browser keeps this device's data. Run against a build (`npm run build` first).
import { beforeAll, describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { EVICTABLE_TEXT, PERSISTED_TEXT } from '../../src/features/offline/storage-persistence';
import { baseURL, controlledByWorker, openPage, phone, reloadApp, test, visit } from './browser';
import { listProducts, shelfShown, type CatalogueProduct } from './shopper';

let product: CatalogueProduct;
beforeAll(async () => {
  const products = await listProducts('produto=torneira&por_pagina=24');
  product = products.find((item) => !item.multiploprdvenda && (item.estoque ?? 0) >= 3)!;
  expect(product).toBeTruthy();
});

/**
 * Fault injection: `window.perderConexaoIdb()` does to the page's IndexedDB what WebKit does when it
 * loses its database server (the "Connection to Indexed Database server lost" reports): every open
 * connection is closed with its `close` event, and the next write to the cart fails with that
 * UnknownError. Installed before the app's scripts run.
 */
async function armLostConnection(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const connections: IDBDatabase[] = [];
    let failNextCartWrite = false;
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
      const request = open.apply(this, args);
      request.addEventListener('success', () => connections.push(request.result));
      return request;
    };
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (
      this: IDBDatabase,
      ...args: Parameters<IDBDatabase['transaction']>
    ) {
      const [stores, mode] = args;
      const names = typeof stores === 'string' ? [stores] : [...stores];
      if (failNextCartWrite && mode === 'readwrite' && names.includes('cartLines')) {
        failNextCartWrite = false;
        throw new DOMException(
          'Connection to Indexed Database server lost. Refresh the page to try again',
          'UnknownError',
        );
      }
      return transaction.apply(this, args);
    };
    Object.assign(window, {
      perderConexaoIdb() {
        for (const connection of connections.splice(0)) {
          connection.close();
          connection.dispatchEvent(new Event('close'));
        }
        failNextCartWrite = true;
      },
    });
  });
}

describe('storage that survives', () => {
  test('a cart write after the IndexedDB connection was lost succeeds and is there after a reload', async ({
    browser,
  }) => {
    const { page } = await openPage(browser, phone);
    await armLostConnection(page);
    await visit(page, `/produto/${product.idprd}`);
    await page.getByRole('heading', { name: product.descricao }).waitFor();
    // The app's storage is open (the header's cart badge comes from it) before it is lost.
    await page.waitForFunction(() => sessionStorage.getItem('cartItemCount') !== null);
    await page.evaluate(() => (window as unknown as { perderConexaoIdb(): void }).perderConexaoIdb());

    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await page.getByRole('dialog', { name: 'Produto no carrinho' }).waitFor();

    await visit(page, '/carrinho');
    await reloadApp(page);
    await page.getByRole('listitem', { name: product.descricao }).waitFor();
  });

  test('a restart after the site storage was cleared under the open app renders the catalogue from the server', async ({
    browser,
  }) => {
    const { page, context } = await openPage(browser, phone);
    await visit(page, `/produto/${product.idprd}`);
    await controlledByWorker(page);
    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await page.getByRole('dialog', { name: 'Produto no carrinho' }).waitFor();

    // What 'Limpar dados do site' does, while the page is open: IndexedDB, the service worker and
    // its caches, localStorage, cookies.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Storage.clearDataForOrigin', { origin: baseURL(), storageTypes: 'all' });

    await visit(page, '/');
    await shelfShown(page, 'Mais vendidos');
    await page.getByRole('banner').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('cartItemCount'))).not.toBe('1');
    // The store's database is built again: the cart takes a product.
    await visit(page, `/produto/${product.idprd}`);
    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await page.getByRole('dialog', { name: 'Produto no carrinho' }).waitFor();
    await visit(page, '/carrinho');
    await page.getByRole('listitem', { name: product.descricao }).waitFor();
  });

  /** Puts the product in the cart (a reason to keep the data) and opens the home, where the status is. */
  async function cartThenHome(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await visit(page, `/produto/${product.idprd}`);
    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await page.getByRole('dialog', { name: 'Produto no carrinho' }).waitFor();
    await visit(page, '/');
    return page;
  }

  test("says in the status whether the browser keeps the device's data, with the amount used", async ({
    browser,
  }) => {
    // A fresh profile: Chromium's persist() refuses (no engagement, not installed, not bookmarked).
    const { context: refused } = await openPage(browser, phone);
    const refusedPage = await cartThenHome(refused);
    await refusedPage
      .getByText(new RegExp(`^${EVICTABLE_TEXT} \\(.+ usados de .+ disponíveis\\)$`))
      .waitFor();

    // The browser grants it (what Chromium does for an installed app): the line says so.
    const { context: granted, page } = await openPage(browser, phone);
    const devtools = await granted.newCDPSession(page);
    const { targetInfo } = await devtools.send('Target.getTargetInfo');
    await devtools.send('Browser.grantPermissions', {
      origin: baseURL(),
      permissions: ['durableStorage'],
      browserContextId: targetInfo.browserContextId,
    });
    const grantedPage = await cartThenHome(granted);
    await grantedPage
      .getByText(new RegExp(`^${PERSISTED_TEXT} \\(.+ usados de .+ disponíveis\\)$`))
      .waitFor();
  });
});
