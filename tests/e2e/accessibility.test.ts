import { cardFields } from './checkout-steps';
import { beforeAll, describe, expect } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expectAccessible } from './axe';
import { allowErrors, failedResource, openPage, test, visit } from './browser';
import { listProducts, shelfShown, signIn, type CatalogueProduct } from './shopper';

// axe-core finds no serious or critical violation on any screen, in any state
// (dialogs, drawers, checkout steps, Pix, errors), on a phone and on a desktop; and the keyboard
// shows where it is.

const SIZES: [string, BrowserContextOptions][] = [
  ['390 px', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['1366 px', { viewport: { width: 1366, height: 900 } }],
];

let product: CatalogueProduct;
beforeAll(async () => {
  const plumbing = await listProducts('grupo=mat-hidraulico&por_pagina=24');
  product = plumbing.find((candidate) => !candidate.multiploprdvenda && (candidate.estoque ?? 0) >= 20)!;
});

const isPhone = (options: BrowserContextOptions) => (options.viewport?.width ?? 0) < 768;

/** Waits until a dialog or drawer has finished opening: axe reads colours mid-fade as blends. */
async function settled(dialog: Locator) {
  await dialog.waitFor();
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        for (let node: Element | null = element; node; node = node.parentElement)
          if (getComputedStyle(node).opacity !== '1' || node.getAnimations().length > 0) return false;
        return true;
      }),
    )
    .toBe(true);
}

async function addToCart(page: Page, size: string) {
  await visit(page, `/produto/${product.idprd}`);
  await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Produto no carrinho' });
  await settled(dialog);
  await expectAccessible(page, `the dialog after COMPRAR at ${size}`);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.each(SIZES)('accessibility at %s', (size, options) => {
  test('catalogue, account and static screens, with their menus, dialogs and errors', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, options);
    // The not-found screen answers 404, which Chromium logs.
    allowErrors(page, failedResource(404));
    await visit(page, '/');
    await shelfShown(page, 'Mais vendidos');
    await expectAccessible(page, `home at ${size}`);

    await page.getByRole('combobox', { name: 'Buscar produtos' }).fill('torn');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await expectAccessible(page, `search suggestions at ${size}`);
    await page.keyboard.press('Escape');

    if (isPhone(options)) {
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.getByRole('button', { name: 'Banheiro', exact: true }).click();
      await drawer.getByRole('link', { name: 'Chuveiros', exact: true }).waitFor();
      await settled(drawer);
      await expectAccessible(page, `phone menu at ${size}`);
      await drawer.getByRole('button', { name: 'Fechar menu' }).click();
      await drawer.waitFor({ state: 'hidden' });
    } else {
      const bar = page.getByRole('navigation', { name: 'Categorias', exact: true });
      await bar.getByRole('button', { name: 'Subcategorias de Banheiro' }).click();
      await bar.getByRole('link', { name: 'Chuveiros', exact: true }).waitFor();
      await expectAccessible(page, `category dropdown at ${size}`);
      await page.keyboard.press('Escape');
    }

    await visit(page, '/produtos/banheiro');
    await page.getByText(/produtos encontrados/).waitFor();
    await expectAccessible(page, `listing at ${size}`);
    if (isPhone(options)) {
      await page.getByRole('button', { name: 'Filtros', exact: true }).click();
      const filters = page.getByRole('dialog', { name: 'Filtros' });
      await filters.getByRole('button', { name: 'Filtrar' }).waitFor();
      await settled(filters);
      await expectAccessible(page, `filters drawer at ${size}`);
      await filters.getByRole('button', { name: 'Fechar' }).click();
      await filters.waitFor({ state: 'hidden' });
    }

    await addToCart(page, size);
    await expectAccessible(page, `product at ${size}`);
    await visit(page, '/carrinho');
    await page.getByRole('button', { name: 'Finalizar Compra' }).waitFor();
    await expectAccessible(page, `cart at ${size}`);

    for (const [path, submit] of [
      ['/login', 'Entrar'],
      ['/registro', 'Avançar'],
      ['/recuperarSenha', 'Enviar link de redefinição'],
      ['/contato', /Enviar/],
    ] as const) {
      await visit(page, path);
      await page.getByRole('main').getByRole('button', { name: submit }).first().click();
      // Field errors, or a toast (the sign-in form says what is missing in one).
      await page.locator('main [aria-invalid="true"], [role="alert"]').first().waitFor();
      await expectAccessible(page, `${path} with its errors at ${size}`);
    }
    for (const path of ['/faq', '/politicaentrega', '/sobre', '/pagina-que-nao-existe']) {
      await visit(page, path);
      await page.getByRole('main').getByRole('heading').first().waitFor();
      await expectAccessible(page, `${path} at ${size}`);
    }
    assertNoErrors();
    await context.close();
  });

  test('checkout: every step, the card and Pix views, the errors, and the order page', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, options);
    await signIn(page);
    await visit(page, '/meusPedidos');
    await page.getByRole('main').getByRole('heading').first().waitFor();
    await expectAccessible(page, `customer area at ${size}`);

    await addToCart(page, size);
    await visit(page, '/checkout');
    const number = page.getByRole('textbox', { name: 'Número' });
    await number.focus();
    await number.blur();
    await page.getByText('Número é obrigatório').waitFor();
    await expectAccessible(page, `checkout address step with an error at ${size}`);

    // A CEP whose entry names only the city sends the cursor to the street.
    const cep = page.getByRole('textbox', { name: 'CEP' });
    await cep.fill('13045-000');
    const street = page.getByRole('textbox', { name: 'Endereço' });
    await expect.poll(() => street.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByText('Informe a rua: este CEP não tem logradouro na base').waitFor();
    const uf = page.getByRole('combobox', { name: 'UF' });
    expect(await uf.locator('option').count()).toBe(28);
    expect(await uf.inputValue()).toBe('SP');
    expect(await page.getByRole('textbox', { name: 'Bairro' }).inputValue()).toBe('');
    await expectAccessible(page, `checkout address step after the CEP lookup at ${size}`);
    await street.fill('Rua das Palmeiras');
    await number.fill('77');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    const saveShipping = page.getByRole('button', { name: 'Salvar forma de envio' });
    await saveShipping.waitFor();
    await expectAccessible(page, `checkout shipping step at ${size}`);
    // No stray separator where the bairro is empty.
    const addressCard = page.getByRole('region', { name: 'Endereço de Entrega' });
    expect(await addressCard.innerText()).toContain('Rua das Palmeiras, 77 - Campinas - SP');
    await page.getByRole('radio').first().click();
    await saveShipping.click();

    const fields = cardFields(page);
    const cardNumber = fields.getByRole('textbox', { name: 'Número do cartão' });
    await cardNumber.waitFor();
    // The offline-catalogue box is not over the checkout, once the app-status UI is up.
    await page.locator('[data-avisos]').waitFor({ state: 'attached' });
    expect(await page.getByRole('button', { name: 'Baixar catálogo para uso offline' }).count()).toBe(0);

    // The Cartão/PIX toggle's pill sits on its label.
    const toggle = page.getByRole('radiogroup', { name: 'Forma de pagamento' });
    const pill = await toggle.evaluate((group) => {
      const root = group.closest('.mantine-SegmentedControl-root') ?? group;
      const indicator = root.querySelector('.mantine-SegmentedControl-indicator')!.getBoundingClientRect();
      const label = root.querySelector('label[data-active]')!.getBoundingClientRect();
      return { dx: Math.abs(indicator.x - label.x), dy: Math.abs(indicator.y - label.y) };
    });
    expect(pill.dx).toBeLessThanOrEqual(1);
    expect(pill.dy).toBeLessThanOrEqual(1);

    // The checks in pt-BR: the provider's fields say what is wrong with the card, ours the holder.
    await cardNumber.pressSequentially('6062825624254002');
    await fields.getByRole('textbox', { name: 'Validade' }).pressSequentially('0120');
    await page.getByRole('button', { name: 'Confirmar e finalizar pedido' }).click();
    await page.getByText('Informe o nome impresso no cartão.').waitFor();
    await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('MARIA TESTE');
    await page.getByRole('button', { name: 'Confirmar e finalizar pedido' }).click();
    await fields.getByText('Número do cartão inválido: confira os dígitos.').waitFor();
    await fields.getByText('Informe o CVV.').waitFor();
    await expectAccessible(page, `card form with errors at ${size}`);

    await toggle.getByText('PIX', { exact: true }).click();
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    await expectAccessible(page, `Pix QR code at ${size}`);

    await toggle.getByText('Cartão de Crédito', { exact: true }).click();
    await cardNumber.fill('');
    await cardNumber.pressSequentially('6062825624254001');
    const expiry = fields.getByRole('textbox', { name: 'Validade' });
    await expiry.fill('');
    await expiry.pressSequentially('1230');
    await fields.getByRole('textbox', { name: 'CVV' }).pressSequentially('123');
    await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('MARIA TESTE');
    await page.getByRole('button', { name: 'Confirmar e finalizar pedido' }).click();
    await page.waitForURL('**/detalhes_pedido/*');
    await page.getByRole('heading', { name: /^Pedido #\d+/ }).waitFor();
    const main = await page.getByRole('main').innerText();
    expect(main).toContain('Hipercard');
    expect(main).toContain('Rua das Palmeiras, 77 - Campinas - SP, CEP 13045-000');
    expect(main).not.toMatch(/ - ,|, ,| - -/);
    await expectAccessible(page, `order details at ${size}`);
    assertNoErrors();
    await context.close();
  });
});

describe('keyboard', () => {
  test('shows where the focus is on every control of the header and the home page', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, SIZES[1][1]);
    await visit(page, '/');
    await shelfShown(page, 'Mais vendidos');
    const unmarked: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const shadowed = style.boxShadow !== 'none';
        return {
          name: `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30)}`,
          visible: outlined || shadowed,
        };
      });
      if (focus && !focus.visible) unmarked.push(focus.name);
    }
    expect(unmarked).toEqual([]);
    assertNoErrors();
    await context.close();
  });
});
