import { beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { PHYSICAL_STORES } from '../../src/domain/store';
import { allowErrors, desktop, failedResource, openPage, phone, test, visit } from './browser';
import {
  cancelOrder,
  confirmPix,
  payPixCode,
  listProducts,
  OPERATIONS,
  sessionSnapshot,
  signIn,
  type CatalogueProduct,
} from './shopper';
import { readQrCode } from './qr';
import { cardFields, CEP, fillCard, reachCardForm, saveAddress, toCheckout } from './checkout-steps';
import { PIX_POLL_MS } from '../../src/queries/pix-charge';

let unitItems: CatalogueProduct[];
let boxItem: CatalogueProduct;

beforeAll(async () => {
  const plumbing = await listProducts('grupo=mat-hidraulico&por_pagina=24');
  unitItems = plumbing.filter((product) => !product.multiploprdvenda && (product.estoque ?? 0) >= 20);
  const tiles = await listProducts('grupo=pisos-e-revestimentos&por_pagina=24&ordem=maior_preco');
  boxItem = tiles.find((product) => product.multiploprdvenda && (product.estoque ?? 0) >= 20)!;
  expect(unitItems.length).toBeGreaterThan(3);
  expect(boxItem).toBeTruthy();
});

async function orderCount(page: Page): Promise<number> {
  const response = await page.request.get(`${OPERATIONS}/APP_0055`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

describe('checkout', () => {
  test('sends a signed-out shopper to /login and back', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/checkout');
    await page.waitForURL('**/login');
    expect((await sessionSnapshot(page)).redirect).toBe('/checkout');
    assertNoErrors();
    await context.close();
  });

  test('pays by Pix: validation, pickup store, QR code, copy, confirmation, order details', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await toCheckout(page, [unitItems[0], boxItem]);
    await page.getByText('0 de 3 etapas concluídas').first().waitFor();
    await page.getByText('100% seguros').waitFor();

    // Address rules, shown once a field is touched.
    const number = page.getByRole('textbox', { name: 'Número' });
    await number.focus();
    await number.blur();
    await page.getByText('Número é obrigatório').waitFor();
    const cep = page.getByRole('textbox', { name: 'CEP' });
    await cep.fill('1301');
    await cep.blur();
    await page.getByText('CEP inválido').waitFor();
    await cep.fill(CEP);
    await saveAddress(page);
    await page.getByText('1 de 3 etapas concluídas').first().waitFor();

    // Pickup: one of the stores holding the whole cart (store mode) must be chosen before saving.
    const save = page.getByRole('button', { name: 'Salvar forma de envio' });
    await page.getByRole('radio', { name: /Retirada/ }).click();
    await expect.poll(() => save.isDisabled()).toBe(true);
    const storeRadio = page
      .getByRole('radiogroup', { name: 'Escolha a loja para retirada' })
      .getByRole('radio')
      .first();
    const storeLabel = await storeRadio.evaluate(
      (input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '',
    );
    const pickupStore = PHYSICAL_STORES.find((store) => storeLabel.includes(store.name))!;
    expect(pickupStore).toBeTruthy();
    await storeRadio.click();
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText('2 de 3 etapas concluídas').first().waitFor();

    await page.getByText('PIX', { exact: true }).click();
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    await page.getByText('Escaneie o QR Code para pagar').waitFor();
    await page.getByText(/O código expira em \d\d:\d\d/).waitFor();
    const code = (await page.getByLabel('Código Pix copia e cola').textContent())!.trim();
    expect(code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    // The QR on screen (read as a bank app reads it, before any toast covers it) is the copia e cola.
    const scanned = await readQrCode(await page.getByRole('img', { name: 'QR Code do PIX' }).screenshot());
    expect(scanned).toEqual([code]);
    expect(code).toContain('br.gov.bcb.pix');
    await page.getByRole('button', { name: 'Copiar código Pix' }).click();
    await page.getByText('Código Pix copiado!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // The session keys at the end of checkout, with their shapes.
    const session = await sessionSnapshot(page);
    const lines = JSON.parse(session.cartItems);
    expect(lines).toHaveLength(2);
    expect(session.cartItemCount).toBe('2');
    expect(JSON.parse(session.checkout)).toEqual(lines);
    expect(session.cep_entrega).toBe(CEP);
    expect(session.movimento).toBeTruthy();
    expect(JSON.parse(session.frete_sel)).toMatchObject({ id: 103, storeId: pickupStore.id });
    expect(JSON.parse(session.dadosEndereco)).toMatchObject({ cep: CEP, number: '250', cidade: 'Campinas' });
    expect(JSON.parse(session.dados_entrega)).toMatchObject({ cep: CEP, loja: pickupStore.id });
    expect(JSON.parse(session.endereco_cliente)).toMatchObject({ number: '250', city: 'Campinas' });
    const resumo = JSON.parse(session.resumo);
    expect(resumo.total).toBe(resumo.subtotal + resumo.vl_frete);
    expect(Number(session.total_compra)).toBe(resumo.subtotal);
    expect(JSON.parse(session.resumo_produtos)).toHaveLength(2);
    expect(JSON.parse(session.opcao_pagamento)).toMatchObject({ method: 'pix' });
    const order = JSON.parse(session.APP_0050);
    expect(order).toMatchObject({ tipo: 'pix', entrega: { loja: pickupStore.id }, frete_sel: { id: 103 } });
    expect(typeof order.idmov).toBe('number');
    expect(
      JSON.parse(localStorage_(await page.evaluate(() => localStorage.getItem('checkout_form_data')))),
    ).toMatchObject({
      address: { cep: CEP },
      shipping: { option: { id: 103 }, storeId: pickupStore.id },
    });

    // The payer's bank app reads the QR on screen: it is the copia e cola, a dynamic code of the
    // provider (the bundled API Pix emulator), which the bank pays; the provider calls the
    // webhook, and the page, polling, moves on by itself.
    await payPixCode(code);
    await page.waitForURL(`**/detalhes_pedido/${order.idmov}`, { timeout: 30_000 });
    await page.getByText('Pagamento confirmado com sucesso!').first().waitFor();
    await page.getByText('Pedido realizado com sucesso!').waitFor();
    await page.getByRole('heading', { name: `Pedido #${order.idmov}` }).waitFor();
    await page.getByText(`Retirada na ${pickupStore.name}`).waitFor();
    await expect.poll(async () => (await sessionSnapshot(page)).cartItemCount).toBe('0');
    expect(await page.getByRole('link', { name: 'Meus Pedidos' }).last().getAttribute('href')).toBe(
      '/meusPedidos',
    );

    // The same order looked up from the customer area: no success banner (novaCompra false).
    await visit(page, '/meusPedidos');
    await page.getByRole('link', { name: `Ver Detalhes do pedido #${order.idmov}` }).click();
    await page.getByRole('heading', { name: `Pedido #${order.idmov}` }).waitFor();
    expect(await page.getByText('Pedido realizado com sucesso!').count()).toBe(0);
    assertNoErrors();
    await context.close();
  });

  test('pays by card: a double click makes one order, then the order details', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await signIn(page);
    await toCheckout(page, [unitItems[1]]);
    await reachCardForm(page);
    expect(await page.getByRole('combobox', { name: 'Parcelamento' }).inputValue()).toMatch(/^1x de R\$/);
    await fillCard(page, '4111111111111111');
    const fields = cardFields(page);
    expect(await fields.getByRole('textbox', { name: 'Número do cartão' }).inputValue()).toBe(
      '4111 1111 1111 1111',
    );
    expect(await fields.getByRole('textbox', { name: 'Validade' }).inputValue()).toBe('12/30');
    const before = await orderCount(page);
    await page.getByRole('button', { name: 'Confirmar e finalizar pedido' }).dblclick();
    await page.waitForURL('**/detalhes_pedido/*');
    await page.getByText('Pedido realizado com sucesso!').waitFor();
    await page.getByText(/final 1111/).waitFor();
    expect(await orderCount(page)).toBe(before + 1);
    const stored = (await sessionSnapshot(page)).APP_0050;
    expect(stored).not.toContain('4111111111111111');
    expect(JSON.parse(stored)).toMatchObject({ tipo: 'credit', forma: { installments: 1 } });
    assertNoErrors();
    await context.close();
  });

  test('a declined card says why and creates no order', async ({ browser }) => {
    const { page, context } = await openPage(browser, phone);
    await signIn(page);
    await toCheckout(page, [unitItems[2]]);
    await reachCardForm(page);
    await fillCard(page, '4000000000000002');
    const before = await orderCount(page);
    await page.getByRole('button', { name: 'Confirmar e finalizar pedido' }).click();
    await page
      .getByRole('region', { name: 'Forma de Pagamento' })
      .getByRole('alert')
      .filter({ hasText: 'Pagamento recusado pelo banco emissor. Use outro cartão ou pague com PIX.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await orderCount(page)).toBe(before);
    // The declined payment's 402 is logged by Chromium as a failed resource.
    allowErrors(page, failedResource(402));
    await context.close();
  });
});

describe('one order per checkout', () => {
  test('a Pix generated and then a card payment leave one order; the order pages greet only the purchase', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await signIn(page);
    await toCheckout(page, [unitItems[0]]);
    await reachCardForm(page);
    await page.getByText('PIX', { exact: true }).click();
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    const pixOrder = JSON.parse((await sessionSnapshot(page)).APP_0050).idmov as number;

    // The shopper changes their mind and pays by card.
    await page.getByText('Cartão de Crédito', { exact: true }).first().click();
    await fillCard(page, '4111111111111111');
    await page.getByRole('button', { name: 'Confirmar e finalizar pedido' }).click();
    await page.waitForURL('**/detalhes_pedido/*');
    await page.getByText('Pedido realizado com sucesso!').waitFor();
    const cardOrder = Number(new URL(page.url()).pathname.split('/').pop());
    expect(cardOrder).not.toBe(pixOrder);

    await visit(page, '/meusPedidos');
    await page.getByText('1 pedido encontrado').waitFor();
    const card = page.getByRole('article', { name: `Pedido #${cardOrder}` });
    await card.getByText(/Previsão de entrega:/).waitFor();
    expect(await page.getByRole('article', { name: `Pedido #${pixOrder}` }).count()).toBe(0);

    // Opened again later (a link, a bookmark): the order, without the purchase's banner.
    await visit(page, `/detalhes_pedido/${cardOrder}`);
    await page.getByRole('heading', { name: `Pedido #${cardOrder}` }).waitFor();
    expect(await page.getByText('Pedido realizado com sucesso!').count()).toBe(0);

    // Cancelled by the store: 'Cancelado' with the reason, and no forecast.
    await cancelOrder(cardOrder);
    await visit(page, '/meusPedidos');
    await card.getByText('Cancelado', { exact: true }).waitFor();
    await card.getByText('Pedido cancelado pela loja.').waitFor();
    expect(await card.getByText(/Previsão de entrega:/).count()).toBe(0);

    // Someone who never signed in, on the confirmation link.
    const visitor = await openPage(browser, phone);
    await visit(visitor.page, `/pedido_confirmado/${cardOrder}`);
    await visitor.page.getByText('Entre na sua conta para ver este pedido.').waitFor();
    await visitor.page.getByRole('link', { name: 'Entrar' }).waitFor();
    expect(await visitor.page.getByText(/Sua sessão expirou/).count()).toBe(0);
    // The order call's 401 is logged by Chromium as a failed resource.
    allowErrors(visitor.page, failedResource(401));
    visitor.assertNoErrors();
    await visitor.context.close();
    assertNoErrors();
    await context.close();
  });

  test("'Meus Pedidos' shows a Pix left unpaid as awaiting payment, with no forecast, and pays it there", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await signIn(page);
    await toCheckout(page, [unitItems[1]]);
    await saveAddress(page);
    await page.getByRole('button', { name: 'Salvar forma de envio' }).click();
    await page.getByText('PIX', { exact: true }).click();
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    const orderId = JSON.parse((await sessionSnapshot(page)).APP_0050).idmov as number;

    await visit(page, '/meusPedidos');
    const card = page.getByRole('article', { name: `Pedido #${orderId}` });
    await card.getByText('Aguardando pagamento').waitFor();
    expect(await card.getByText(/Previsão de entrega:/).count()).toBe(0);
    await card.getByRole('button', { name: 'Pagar com PIX' }).click();
    await card.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    await card.getByText(/O código expira em \d\d:\d\d/).waitFor();
    expect((await card.getByLabel('Código Pix copia e cola').textContent())!.trim()).toMatch(/^000201/);

    await confirmPix(orderId);
    await card.getByText(/Previsão de entrega:/).waitFor({ timeout: 30_000 });
    const tracker = page.getByRole('list', { name: `Andamento do pedido #${orderId}` });
    await expect(tracker.locator('[aria-current="step"]').innerText()).resolves.toContain(
      'Pagamento Efetuado',
    );
    expect(await card.getByRole('button', { name: 'Pagar com PIX' }).count()).toBe(0);
    assertNoErrors();
    await context.close();
  });
});

describe('Pix polling', () => {
  test('polls every 10 s while the QR code is shown and stops on leaving the page', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    // The page's clock runs as usual, and the test moves it on rather than waiting 10 s at a time.
    await page.clock.install();
    await signIn(page);
    await toCheckout(page, [unitItems[3]]);
    await saveAddress(page);
    await page.getByRole('button', { name: 'Salvar forma de envio' }).click();
    await page.getByText('PIX', { exact: true }).click();
    const polls: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/APP_0080')) polls.push(Date.now());
    });
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    // Asked once as the code shows, then once per 10 s.
    await expect.poll(() => polls.length).toBe(1);
    // From here only the test moves the page's time (a second from now, then the 10 s, then the 12 s
    // after leaving): a loaded machine's own seconds passing meanwhile must not add a poll.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.clock.runFor(PIX_POLL_MS);
    await expect.poll(() => polls.length).toBe(2);

    // Leave inside the app (no reload): the polling must end with the screen.
    await page.getByRole('link', { name: 'Casa & Obra - página inicial' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const seen = polls.length;
    await page.clock.runFor(PIX_POLL_MS + 2_000);
    // Requests are reported in order: one sent now comes after any poll those 12 s started.
    const marker = page.waitForRequest((request) => request.url().includes('/APP_0070'));
    await page.evaluate((url) => fetch(url), `${OPERATIONS}/APP_0070`);
    await marker;
    expect(polls.length).toBe(seen);
    assertNoErrors();
    await context.close();
  });
});

function localStorage_(value: string | null): string {
  expect(value).not.toBeNull();
  return value!;
}
