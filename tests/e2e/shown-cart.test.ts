import { describe, expect } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { openPage, phone, reloadApp, test, visit } from './browser';
import { readQrCode } from './qr';
import { listProducts, staffRequest } from './shopper';

// 'Mostrar ao vendedor': the shopper's phone shows its cart as a QR, and the seller's tablet (at
// 1024 and 1366 px) opens those lines from it, the phone keeping its own cart.

async function pair(page: Page, loja: number) {
  const response = await staffRequest('POST', '/tablets/pairing-codes', { loja });
  const { codigo } = (await response.json()) as { codigo: string };
  await visit(page, '/loja');
  await page.getByLabel('Código de pareamento').fill(codigo);
  await page.getByRole('button', { name: 'Parear tablet' }).click();
  await page.getByText('Tablet pareado à').waitFor();
}

/** A phone with a product in its cart, 'Mostrar ao vendedor' chosen: the dialog with the QR and the code. */
async function showCartOnPhone(browser: Browser) {
  const [product] = await listProducts('grupo=ferramentas&por_pagina=1');
  const shopper = await openPage(browser, phone);
  await visit(shopper.page, `/produto/${product!.idprd}`);
  await shopper.page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
  await shopper.page.getByRole('dialog').getByRole('link', { name: 'Finalizar Compra' }).click();
  await shopper.page.waitForURL((url) => url.pathname === '/carrinho');
  await shopper.page.getByRole('button', { name: 'Mostrar ao vendedor' }).click();
  return { product: product!, shopper };
}

describe.each([
  ['1024', { viewport: { width: 1024, height: 768 }, hasTouch: true }],
  ['1366', { viewport: { width: 1366, height: 1024 }, hasTouch: true }],
] as [string, BrowserContextOptions][])("a shopper's cart shown to a %s px tablet", (_width, tablet) => {
  test('is read from the QR on the phone and opens on the tablet, the phone keeping its cart', async ({
    browser,
  }) => {
    const { product, shopper } = await showCartOnPhone(browser);
    const qr = shopper.page.getByRole('dialog').getByRole('img', { name: 'QR code do carrinho' });
    await qr.waitFor();
    const [link] = await readQrCode(await qr.screenshot());
    const url = new URL(link!);
    expect(url.pathname).toMatch(/^\/loja\/carrinho\/[A-Za-z0-9_-]{16,}$/);

    const seller = await openPage(browser, tablet);
    await pair(seller.page, 1);
    await visit(seller.page, url.pathname);
    await seller.page.waitForURL((at) => at.pathname === '/carrinho');
    await seller.page.getByRole('link', { name: product.descricao }).first().waitFor();
    // The phone's cart is still there.
    await reloadApp(shopper.page);
    await shopper.page.getByRole('link', { name: product.descricao }).first().waitFor();
    seller.assertNoErrors();
    shopper.assertNoErrors();
    await seller.context.close();
    await shopper.context.close();
  });

  test('opens on a tablet without a camera from the short code typed into its search box', async ({
    browser,
  }) => {
    const { product, shopper } = await showCartOnPhone(browser);
    const dialog = shopper.page.getByRole('dialog');
    await dialog.getByText('Sem câmera? O vendedor digita na busca do tablet o código').waitFor();
    const code = (await dialog.getByTestId('shown-cart-code').textContent())!;
    expect(code).toMatch(/^C-\d{6}$/);

    const seller = await openPage(browser, tablet);
    await pair(seller.page, 1);
    const search = seller.page.getByRole('banner').getByRole('combobox', { name: 'Buscar produtos' });
    // As a seller types it: lower case, with a space.
    await search.fill(`c ${code.slice(2, 5)} ${code.slice(5)}`);
    await search.press('Enter');
    await seller.page.waitForURL((at) => at.pathname === '/carrinho');
    await seller.page.getByRole('link', { name: product.descricao }).first().waitFor();
    seller.assertNoErrors();
    shopper.assertNoErrors();
  });
});
