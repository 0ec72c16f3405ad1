import { beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { allowErrors, failedResource, openPage, phone, reloadApp, test, visit } from './browser';
import { listProducts, sessionSnapshot, signIn, type CatalogueProduct } from './shopper';

let unitItem: CatalogueProduct;
let boxItem: CatalogueProduct;

beforeAll(async () => {
  // The unit item with the least stock (a 406 is a few clicks away) and a tile sold in boxes.
  const cheap = await listProducts('ordem=menor_preco&por_pagina=48');
  unitItem = cheap
    .filter((product) => !product.multiploprdvenda && (product.estoque ?? 0) >= 2)
    .sort((a, b) => (a.estoque ?? 0) - (b.estoque ?? 0))[0];
  const tiles = await listProducts('grupo=pisos-e-revestimentos&por_pagina=24');
  boxItem = tiles.find((product) => product.multiploprdvenda && (product.estoque ?? 0) >= 5)!;
  expect(unitItem).toBeTruthy();
  expect(boxItem).toBeTruthy();
});

async function buy(page: Page, product: CatalogueProduct, next: 'Continuar Comprando' | 'Finalizar Compra') {
  await visit(page, `/produto/${product.idprd}`);
  await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Produto no carrinho' });
  await dialog
    .getByRole('button', { name: next })
    .or(dialog.getByRole('link', { name: next }))
    .click();
}

const text = async (locator: { textContent(): Promise<string | null> }) =>
  (await locator.textContent())?.replace(/\s/g, ' ');

const money = (reais: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(reais).replace(/\s/g, ' ');

describe('cart', () => {
  test('keeps two products (one by boxes) through quantity changes, a 406 and a reload', async ({
    browser,
  }) => {
    const { page, context, errors } = await openPage(browser, phone);
    await buy(page, unitItem, 'Continuar Comprando');
    await buy(page, boxItem, 'Finalizar Compra');
    await page.waitForURL('**/carrinho');

    const items = page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    // The product added last comes first.
    expect(await items.first().getAttribute('aria-label')).toBe(boxItem.descricao);

    const tile = page.getByRole('listitem', { name: boxItem.descricao });
    const m2 = boxItem.multiploprdvenda!;
    await tile.getByText('/ m²').first().waitFor();
    await tile.getByText(`Caixa com ${String(m2).replace('.', ',')} m²`, { exact: false }).waitFor();
    const tileTotal = tile.getByLabel(`Total de ${boxItem.descricao}`);
    await expect.poll(() => text(tileTotal)).toBe(money(Math.round(boxItem.preco * m2 * 100) / 100));

    await tile.getByRole('button', { name: 'Aumentar quantidade' }).click();
    await expect.poll(() => text(tileTotal)).toBe(money(Math.round(boxItem.preco * 2 * m2 * 100) / 100));

    // More than the stock: the server's message under the item for 3 s, the quantity unchanged.
    const unit = page.getByRole('listitem', { name: unitItem.descricao });
    const alert = unit.getByRole('alert');
    for (let clicks = 0; clicks < 40 && !(await alert.isVisible()); clicks += 1) {
      await unit.getByRole('button', { name: 'Aumentar quantidade' }).click();
      await page.waitForFunction(
        (name) =>
          !document.querySelector(
            `li[aria-label="${name}"] button[aria-label="Aumentar quantidade"][disabled]`,
          ),
        unitItem.descricao,
      );
    }
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/indisponível/i);
    const unitQuantity = Number(await unit.locator('output').textContent());
    await alert.waitFor({ state: 'detached', timeout: 6000 });

    const before = JSON.parse((await sessionSnapshot(page)).cartItems);
    expect(before).toHaveLength(2);
    expect(Object.keys(before[0]).sort()).toEqual(
      [
        'codundvenda',
        'id',
        'image',
        'lotes',
        'multiploprdvenda',
        'name',
        'price',
        'quantity',
        'selectedLote',
      ].sort(),
    );

    await reloadApp(page);
    await expect.poll(() => items.count()).toBe(2);
    expect(Number(await tile.locator('output').textContent())).toBe(2);
    expect(Number(await unit.locator('output').textContent())).toBe(unitQuantity);
    const session = await sessionSnapshot(page);
    expect(session.cartItemCount).toBe('2');
    expect(JSON.parse(session.cartItems)).toMatchObject([
      { id: String(boxItem.idprd), quantity: 2 },
      { id: String(unitItem.idprd), quantity: unitQuantity },
    ]);
    // Chromium logs the stock check's 406 answer, once, as a failed resource.
    allowErrors(page, failedResource(406));
    expect(errors.filter((error) => error.includes(failedResource(406)))).toHaveLength(1);
    await context.close();
  });

  test("'Finalizar Compra' signed out sends to /login after 5 s with the return path", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await buy(page, unitItem, 'Finalizar Compra');
    await page.waitForURL('**/carrinho');
    await page.getByRole('button', { name: 'Finalizar Compra' }).click();
    await page
      .getByText('Você será redirecionado para a página de Login para finaliza sua compra.')
      .waitFor();
    expect((await sessionSnapshot(page)).redirect).toBe('/checkout');
    expect(new URL(page.url()).pathname).toBe('/carrinho');
    await page.waitForURL('**/login', { timeout: 8000 });
    assertNoErrors();
    await context.close();
  });

  test("'Finalizar Compra' signed in asks for freight, then for a shipping choice", async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await signIn(page);
    await buy(page, unitItem, 'Finalizar Compra');
    await page.waitForURL('**/carrinho');
    const finish = page.getByRole('button', { name: 'Finalizar Compra' });
    await finish.click();
    await page.getByText('Favor informe seu CEP e calcule o Frete.').waitFor();

    await page.getByRole('textbox', { name: /frete/i }).fill('13012100');
    await page.getByRole('button', { name: 'Calcular' }).click();
    const options = page.getByRole('radiogroup', { name: 'Opções de envio' });
    await options.getByRole('radio').first().waitFor();
    await page.getByText('Selecione um método de envio para continuar').waitFor();
    expect(await finish.isDisabled()).toBe(true);

    // Not the motoboy: it is sold only on business days up to its cut-off, and the suite runs at any hour.
    await options.getByRole('radio', { name: /Entrega Casa & Obra/ }).check();
    await expect.poll(() => finish.isDisabled()).toBe(false);
    // The choice reaches sessionStorage through the storage mirror, a moment after the screen.
    await expect.poll(async () => (await sessionSnapshot(page)).selectedShipping).toBeTruthy();
    const session = await sessionSnapshot(page);
    expect(session.cep_entrega).toBe('13012100');
    expect(JSON.parse(session.selectedShipping)).toMatchObject({ id: 101 });
    expect(JSON.parse(session.dados_frete).length).toBeGreaterThan(1);
    await finish.click();
    await page.waitForURL('**/checkout');
    await page.getByText('0 de 3 etapas concluídas').waitFor();

    // At 390 px the state's name fits its select ('SP - São Paulo' was cut to 'SP - São Pau').
    await page.setViewportSize({ width: 390, height: 844 });
    const uf = page.getByRole('combobox', { name: 'UF' });
    await uf.selectOption('SP');
    const clippedPx = await uf.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const textWidth = context.measureText(select.selectedOptions[0].text).width;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return Math.ceil(textWidth - room);
    });
    expect(clippedPx).toBeLessThanOrEqual(0);
    assertNoErrors();
    await context.close();
  });

  test('two open tabs stay in step', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await buy(page, unitItem, 'Finalizar Compra');
    await page.waitForURL('**/carrinho');
    const other = await context.newPage();
    await visit(other, '/carrinho');
    const otherItems = other.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem');
    await expect.poll(() => otherItems.count()).toBe(1);

    // A change in the first tab shows in the second, and its own session keys follow.
    await page
      .getByRole('listitem', { name: unitItem.descricao })
      .getByRole('button', { name: `Remover ${unitItem.descricao}` })
      .click();
    await other.getByRole('heading', { name: 'Seu carrinho está vazio' }).waitFor();
    await expect.poll(async () => (await sessionSnapshot(other)).cartItemCount).toBe('0');
    await other.close();
    assertNoErrors();
    await context.close();
  });
});
