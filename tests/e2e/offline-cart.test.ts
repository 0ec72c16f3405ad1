// Back online after shopping with the network cut: the cart and the checkout address kept offline
// survive a reload and the cart is re-checked against the server (a new price flagged on its line);
// network-only actions are disabled offline with the reason; a contact message written offline is
// delivered exactly once. Run against a build (`npm run build` first).
import { beforeAll, describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CONTACT_SENT_MESSAGE } from '../../src/api/customers';
import { OFFLINE_ACTION_REASON, OFFLINE_CEP_HINT } from '../../src/hooks/online-status';
import { QUEUED_TEXT } from '../../src/storage/outbox';
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
  workerUpdateCut,
} from './browser';
import { listProducts, OPERATIONS, signIn, staffRequest, type CatalogueProduct } from './shopper';

let product: CatalogueProduct;
beforeAll(async () => {
  const products = await listProducts('produto=torneira&por_pagina=24');
  product = products.find((item) => !item.multiploprdvenda && (item.estoque ?? 0) >= 3)!;
  expect(product).toBeTruthy();
});

/** Visits the product online (so it is cached), cuts the network and puts it in the cart. */
async function buyOffline(page: Page, context: BrowserContext): Promise<void> {
  await visit(page, '/');
  await controlledByWorker(page);
  await visit(page, `/produto/${product.idprd}`);
  await page.getByRole('heading', { name: product.descricao }).waitFor();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
}

/** Buys offline ({@link buyOffline}), follows 'Finalizar Compra' to the cart and gives its line. */
async function cartLineBoughtOffline(page: Page, context: BrowserContext) {
  await buyOffline(page, context);
  const dialog = page.getByRole('dialog', { name: 'Produto no carrinho' });
  await dialog
    .getByRole('button', { name: 'Finalizar Compra' })
    .or(dialog.getByRole('link', { name: 'Finalizar Compra' }))
    .click();
  await page.waitForURL('**/carrinho');
  const line = page.getByRole('listitem', { name: product.descricao });
  await line.waitFor();
  return line;
}

/** The staff price change (`POST /admin/products/{id}/price`), loopback with the admin token. */
async function setPrice(idprd: number, centavos: number): Promise<void> {
  await staffRequest('POST', `/products/${idprd}/price`, { preco_centavos: centavos });
}

const money = (centavos: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    .format(centavos / 100)
    .replace(/\s/g, ' ');

describe('cart kept offline, re-checked back online', () => {
  test('keeps the line through an offline reload, then flags the new price when the network returns', async ({
    browser,
  }) => {
    const { page, context } = await openPage(browser, phone);
    const before = Math.round(product.preco * 100);
    const after = before + 1000;

    const line = await cartLineBoughtOffline(page, context);

    // The price changes at the store while this phone has no signal.
    await setPrice(product.idprd, after);
    try {
      await reloadApp(page);
      await line.waitFor();
      expect(
        (await line.getByLabel(`Total de ${product.descricao}`).textContent())?.replace(/\s/g, ' '),
      ).toBe(money(before));
      const notice = line.getByRole('status').filter({ hasText: 'Preço atualizado' });
      expect(await notice.count()).toBe(0);

      await context.setOffline(false);
      await notice.waitFor();
      expect((await notice.textContent())?.replace(/\s/g, ' ')).toContain(
        `Preço atualizado: de ${money(before)} para ${money(after)}.`,
      );
      // Its OK keeps its width beside the text on a phone (it was squeezed to 27 px: a red 'o').
      const ok = notice.getByRole('button', { name: 'OK' });
      const label = await ok.evaluate((button) => {
        const inner = button.querySelector('.mantine-Button-label') ?? button;
        return { shown: inner.clientWidth, needed: inner.scrollWidth };
      });
      expect(label.needed).toBeLessThanOrEqual(label.shown);
      await expect
        .poll(async () =>
          (await line.getByLabel(`Total de ${product.descricao}`).textContent())?.replace(/\s/g, ' '),
        )
        .toBe(money(after));

      // The check ran once for this reconnection: a reload online keeps the one notice.
      await reloadApp(page);
      await notice.waitFor();
      expect(await page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem').count()).toBe(
        1,
      );
    } finally {
      await setPrice(product.idprd, before);
    }
    // Offline, Chromium logs each resource that could not load; the page itself must log nothing.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), workerUpdateCut);
    await context.close();
  });
});

describe('back online while the server still fails', () => {
  test('retries the cart check until it succeeds, and then flags the new price', async ({ browser }) => {
    const { page, context } = await openPage(browser, phone);
    // The clock runs as usual, and the test jumps it ahead instead of waiting for the next retry.
    await page.clock.install();
    const before = Math.round(product.preco * 100);
    const after = before + 500;
    const line = await cartLineBoughtOffline(page, context);

    // The stock check fails until the test lets it through, as a server still starting would.
    // Released by removing the route: while the page was routed, the worker answered the check's
    // `cache: 'no-store'` price reads from its cache (seen here only; unrouted, they bypass it).
    const stockCheck = (url: URL) => url.pathname.endsWith('/APP_0034');
    let failedOnce!: () => void;
    const failed = new Promise<void>((resolve) => (failedOnce = resolve));
    await page.route(stockCheck, async (route) => {
      await route.fulfill({ status: 503, json: { resposta: 'Serviço indisponível.' } });
      failedOnce();
    });
    await setPrice(product.idprd, after);
    try {
      await context.setOffline(false);
      await failed;
      const notice = line.getByRole('status').filter({ hasText: 'Preço atualizado' });
      expect(await notice.count()).toBe(0);

      await page.unroute(stockCheck);
      await page.clock.fastForward('02:00');
      await notice.waitFor();
      expect((await notice.textContent())?.replace(/\s/g, ' ')).toContain(
        `Preço atualizado: de ${money(before)} para ${money(after)}.`,
      );
    } finally {
      await setPrice(product.idprd, before);
    }
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), failedResource(503));
  });
});

describe('checkout form filled offline', () => {
  test('keeps the cart and the typed address through an offline reload; back online the new price is flagged and the address saves', async ({
    browser,
  }) => {
    const { page, context } = await openPage(browser, phone);
    const before = Math.round(product.preco * 100);
    const after = before + 700;
    await signIn(page);
    await buyOffline(page, context);
    await page.getByRole('dialog', { name: 'Produto no carrinho' }).waitFor();
    await visit(page, '/checkout');
    const address = page.getByRole('form', { name: 'Endereço de Entrega' });
    const save = address.getByRole('button', { name: 'Salvar endereço' });
    // Saving quotes freight, so offline it is disabled and says why; the CEP cannot fill the address.
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await address.getByText(OFFLINE_ACTION_REASON).waitFor();
    await address.getByRole('textbox', { name: 'CEP' }).fill('13012100');
    await address.getByText(OFFLINE_CEP_HINT).waitFor();
    const typed = { Endereço: 'Rua Sem Sinal', Número: '77', Bairro: 'Centro', Cidade: 'Campinas' };
    for (const [label, value] of Object.entries(typed))
      await address.getByRole('textbox', { name: label }).fill(value);
    // UF is a select of the 27 units.
    const uf = address.getByRole('combobox', { name: 'UF' });
    await uf.selectOption('SP');
    // The draft reaches the checkout_form_data key once typing pauses.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('checkout_form_data') ?? ''))
      .toContain('Rua Sem Sinal');

    await setPrice(product.idprd, after);
    try {
      await reloadApp(page);
      const summary = page.getByRole('list', { name: 'Itens do pedido' });
      await summary.getByText(product.descricao, { exact: false }).waitFor();
      expect(await address.getByRole('textbox', { name: 'CEP' }).inputValue()).toBe('13012-100');
      for (const [label, value] of Object.entries(typed))
        expect(await address.getByRole('textbox', { name: label }).inputValue()).toBe(value);
      expect(await uf.inputValue()).toBe('SP');

      await context.setOffline(false);
      const notice = summary.getByRole('status').filter({ hasText: 'Preço atualizado' });
      await notice.waitFor();
      expect((await notice.textContent())?.replace(/\s/g, ' ')).toContain(
        `Preço atualizado: de ${money(before)} para ${money(after)}.`,
      );
      expect(await address.getByRole('textbox', { name: 'Endereço' }).inputValue()).toBe('Rua Sem Sinal');
      await expect.poll(() => save.isDisabled()).toBe(false);
      expect(await address.getByText(OFFLINE_ACTION_REASON).count()).toBe(0);
      await save.click();
      await page.getByRole('button', { name: 'Salvar forma de envio' }).waitFor();
    } finally {
      await setPrice(product.idprd, before);
    }
    // Offline, Chromium logs each resource that could not load; the page itself must log nothing.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), workerUpdateCut);
    await context.close();
  });

  test('disables sign-in with the reason while offline', async ({ browser }) => {
    const { page, context } = await openPage(browser, phone);
    await visit(page, '/login');
    await controlledByWorker(page);
    const enter = page.getByRole('button', { name: 'Entrar' });
    expect(await enter.isDisabled()).toBe(false);
    await context.setOffline(true);
    await expect.poll(() => enter.isDisabled()).toBe(true);
    await page.getByText(OFFLINE_ACTION_REASON).waitFor();
    await context.setOffline(false);
    await expect.poll(() => enter.isDisabled()).toBe(false);
    // Offline, Chromium logs each resource that could not load; the page itself must log nothing.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), workerUpdateCut);
    await context.close();
  });
});

describe('contact message written offline', () => {
  test('is queued, then delivered exactly once after reconnecting', async ({ browser }) => {
    const { page, context } = await openPage(browser, phone);
    const sent: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes(`${OPERATIONS}/APP_0051`)) sent.push(String(response.status()));
    });
    await visit(page, '/contato');
    await controlledByWorker(page);

    await context.setOffline(true);
    const form = page.getByRole('form', { name: 'Formulário de contato' });
    await form.getByLabel('Nome ou empresa').fill('Maria Souza');
    await form.getByLabel('Telefone').fill('11987654321');
    await form.getByLabel('E-mail').fill('maria.offline@example.com');
    await form.getByLabel('Assunto').fill('Orçamento');
    await form.getByLabel('Mensagem').fill('Vocês entregam em Osasco?');
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await page.getByText(QUEUED_TEXT).first().waitFor();
    expect(sent).toEqual([]);

    await context.setOffline(false);
    const delivered = page.getByText(`Mensagem de contato: ${CONTACT_SENT_MESSAGE}`);
    await delivered.waitFor();
    expect(sent).toEqual(['200']);

    // A second reconnection (and a reload) has nothing left to send.
    await context.setOffline(true);
    await context.setOffline(false);
    await reloadApp(page);
    await page.getByRole('form', { name: 'Formulário de contato' }).waitFor();
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          requestIdleCallback(() => resolve(), { timeout: 2000 });
        }),
    );
    expect(sent).toEqual(['200']);
    expect(await delivered.count()).toBeLessThanOrEqual(1);
    // Offline, Chromium logs each resource that could not load; the page itself must log nothing.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), workerUpdateCut);
    await context.close();
  });
});
