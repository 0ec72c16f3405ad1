import { beforeAll, describe, expect } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import { HANDOFF_USED_MESSAGE } from '../../src/api/store-mode';
import { isValidGtin13 } from '../../src/domain/gtin';
import { allowErrors, baseURL, failedResource, openPage, phone, test, visit } from './browser';
import { OPERATIONS, listProducts, signIn, staffRequest, type CatalogueProduct } from './shopper';

// Store mode at tablet size: pair, look a product up as a handheld scanner does (digits
// and Enter in the search box), read this store's and the others' stock, build a cart, hand it to
// a phone by its code, and a shared tablet's idle sign-out.

const tablet: BrowserContextOptions = {
  viewport: { width: 1024, height: 768 },
  hasTouch: true,
  isMobile: false,
};

let tile: CatalogueProduct & { gtin: string };

async function pairingCode(loja: number): Promise<string> {
  const response = await staffRequest('POST', '/tablets/pairing-codes', { loja });
  return ((await response.json()) as { codigo: string }).codigo;
}

beforeAll(async () => {
  const tiles = (await listProducts('grupo=pisos-e-revestimentos&por_pagina=24')) as (CatalogueProduct & {
    gtin: string;
  })[];
  tile = tiles.find((product) => product.multiploprdvenda && (product.estoque ?? 0) >= 5 && product.gtin)!;
  expect(tile).toBeTruthy();
  expect(isValidGtin13(tile.gtin)).toBe(true);
});

describe('store mode on a tablet', () => {
  test('pairs, finds a product by its GTIN typed like a scanner, shows stock per store and hands the cart to a phone', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, tablet);
    await visit(page, '/loja');
    const code = await pairingCode(2);
    await page.getByLabel('Código de pareamento').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Parear tablet' }).click();
    await page.getByText('Tablet pareado à Loja Taquaral').waitFor();
    const badge = page.getByRole('link', { name: 'Modo loja: Loja Taquaral' });
    await badge.waitFor();
    const camera = page.getByRole('button', { name: 'Ler código de barras' });
    await camera.waitFor();
    // The credential is HttpOnly: the page cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('tablet=');

    // A handheld scanner types the digits and Enter into the search box.
    const search = page.getByRole('combobox', { name: 'Buscar produtos' });
    await search.click();
    await page.keyboard.type(tile.gtin);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/produto/${tile.idprd}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(tile.descricao.slice(0, 20)) }).waitFor();

    const panel = page.getByTestId('store-stock');
    await panel.getByText(/^Nesta loja: \d+ cx/).waitFor();
    const stock = (await (
      await page.request.get(`${OPERATIONS}/LOJA_ESTOQUE?codigo=${tile.idprd}`)
    ).json()) as { lojas: { id: number; nome: string; estoque: number }[] };
    expect(stock.lojas[0].id).toBe(2);
    const m2 = (units: number) =>
      (units * tile.multiploprdvenda!).toLocaleString('pt-BR', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    await panel
      .getByText(`Nesta loja: ${stock.lojas[0].estoque} cx (${m2(stock.lojas[0].estoque)} m²)`)
      .waitFor();
    for (const other of stock.lojas.slice(1))
      await panel.getByText(`${other.nome}: ${other.estoque} cx (${m2(other.estoque)} m²)`).waitFor();

    // Tablet layout: gallery and stock side by side, nothing wider than the screen, 48 px targets.
    const gallery = await page.getByRole('region', { name: `Imagens de ${tile.descricao}` }).boundingBox();
    const panelBox = (await panel.boundingBox())!;
    expect(gallery!.x + gallery!.width).toBeLessThanOrEqual(panelBox.x + 1);
    for (const target of [badge, camera])
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    // The header's staff additions fit in landscape and portrait, clear of the search and the cart.
    const cart = page.getByRole('banner').getByRole('link', { name: /carrinho/i });
    for (const size of [
      { width: 1024, height: 768 },
      { width: 768, height: 1024 },
    ]) {
      await page.setViewportSize(size);
      for (const target of [badge, camera, search, cart]) {
        const box = (await target.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      }
      const [badgeBox, cameraBox, cartBox] = await Promise.all(
        [badge, camera, cart].map((t) => t.boundingBox()),
      );
      expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(cameraBox!.x);
      // Under 1200 px the store's tools have a row of their own, under the cart.
      const cameraBeforeCart = cameraBox!.x + cameraBox!.width <= cartBox!.x;
      const cameraUnderCart = cameraBox!.y >= cartBox!.y + cartBox!.height;
      expect(cameraBeforeCart || cameraUnderCart).toBe(true);
    }
    await page.setViewportSize(tablet.viewport!);

    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await page
      .getByRole('dialog', { name: 'Produto no carrinho' })
      .getByRole('link', { name: 'Finalizar Compra' })
      .or(
        page
          .getByRole('dialog', { name: 'Produto no carrinho' })
          .getByRole('button', { name: 'Finalizar Compra' }),
      )
      .click();
    await page.waitForURL('**/carrinho');
    await page.getByRole('button', { name: 'Enviar para o celular do cliente' }).click();
    const sent = page.getByRole('dialog', { name: 'Carrinho enviado' });
    const link = await sent.getByTestId('handoff-link').getAttribute('href');
    expect(link).toMatch(new RegExp(`^${baseURL()}/carrinho/c/[A-Za-z0-9_-]{16}$`));
    await sent.getByRole('img', { name: 'QR code do carrinho' }).waitFor();
    await sent.getByRole('button', { name: 'Concluir' }).click();
    // The tablet's cart is empty for the next customer.
    await page.getByRole('heading', { name: 'Seu carrinho está vazio' }).waitFor();

    // The customer's phone opens the link and finds the line in its own cart.
    const shopper = await openPage(browser, phone);
    await visit(shopper.page, link!);
    await shopper.page.waitForURL('**/carrinho');
    await shopper.page.getByRole('listitem', { name: tile.descricao }).waitFor();
    // The same link again says it was already used.
    allowErrors(shopper.page, failedResource(410));
    await visit(shopper.page, link!);
    await shopper.page.getByText(HANDOFF_USED_MESSAGE).waitFor();
    shopper.assertNoErrors();
    await shopper.context.close();
    assertNoErrors();
    await context.close();
  });

  test('signs an idle customer out after five minutes, with a countdown, and empties the cart', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, tablet);
    await page.clock.install();
    await visit(page, '/loja');
    await page.getByLabel('Código de pareamento').fill(await pairingCode(4));
    await page.getByRole('button', { name: 'Parear tablet' }).click();
    await page.getByText('Tablet pareado à Loja Ouro Verde').waitFor();
    const shopper = await signIn(page);
    await visit(page, `/produto/${tile.idprd}`);
    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await page
      .getByRole('dialog', { name: 'Produto no carrinho' })
      .getByRole('button', { name: 'Continuar Comprando' })
      .or(
        page
          .getByRole('dialog', { name: 'Produto no carrinho' })
          .getByRole('link', { name: 'Continuar Comprando' }),
      )
      .click();
    await page.getByText(shopper.nome).first().waitFor();

    // The idle watch mounts with the app-status UI once the browser is idle (at most 2 s, on the
    // page's clock), and its code loads over the network: let both happen before the idle time.
    await page.clock.fastForward('00:03');
    await page.waitForLoadState('networkidle');
    // 4 min 40 s without a touch: the countdown shows; 30 s more: the visit is over.
    await page.clock.fastForward('04:40');
    const countdown = page.getByRole('alertdialog');
    await countdown.getByText(/sessão será encerrada e o carrinho esvaziado em \d+ s/).waitFor();
    await page.clock.fastForward('00:30');
    await countdown.waitFor({ state: 'detached' });
    await page.getByText('Entrar / Cadastrar').first().waitFor();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('nome'))).toBeNull();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('cartItemCount'))).not.toBe('1');
    // The server session ended too, and the pairing stays.
    const orders = await page.request.get(`${OPERATIONS}/APP_0049`);
    expect(orders.status()).toBe(401);
    await page.getByRole('link', { name: 'Modo loja: Loja Ouro Verde' }).waitFor();
    assertNoErrors();
    await context.close();
  });
});
