import { describe, expect } from 'vitest';
import type { BrowserContextOptions } from 'playwright-core';
import { openPage, phone, test, visit } from './browser';
import { confirmPix, placePixOrder, signIn, staffRequest } from './shopper';
import { STORE, addStaff, pair, staffSignIn } from './store-staff';

// A withdrawal at the pickup counter (CDC art. 49) on a phone, a tablet and a wide tablet: the
// seller finds the customer's delivered order by number and CPF, withdraws it for them, the return
// appears under 'Devoluções nesta loja', and 'Recebido' records the goods back; the shopper's order
// page says both.

describe.each([
  ['390', { ...phone, viewport: { width: 390, height: 844 } }],
  ['1024', { viewport: { width: 1024, height: 768 }, hasTouch: true }],
  ['1366', { viewport: { width: 1366, height: 1024 }, hasTouch: true }],
] as [string, BrowserContextOptions][])('withdrawal at the counter on %s px', (width, tablet) => {
  test('withdraws a delivered purchase for the customer and receives the goods back', async ({ browser }) => {
    // The shopper's purchase, delivered yesterday, on their own phone.
    const shopper = await openPage(browser, phone);
    const customer = await signIn(shopper.page);
    const orderId = await placePixOrder(shopper.page);
    await confirmPix(orderId);
    for (let stage = 0; stage < 5; stage += 1) await staffRequest('POST', `/orders/${orderId}/advance`, {});

    const { page, assertNoErrors } = await openPage(browser, tablet);
    await pair(page);
    const seller = await addStaff(`Carla ${width}`, 'vendedor');
    await staffSignIn(page, seller);
    await page.getByRole('banner').getByRole('link', { name: 'Vendedor: Carla' }).waitFor();
    await visit(page, '/loja/retiradas');

    const lookup = page.getByRole('heading', { name: 'Consultar pedido' }).locator('..');
    await lookup.getByLabel('Número do pedido').fill(String(orderId));
    await lookup.getByLabel('CPF/CNPJ do cliente').fill(customer.doc);
    await lookup.getByRole('button', { name: 'Consultar' }).click();
    const found = page.getByRole('status', { name: `Pedido ${orderId}` });
    await found
      .getByText(/^Desistência possível até \d{2}\/\d{2}\/\d{4}: os produtos ficam nesta loja\./)
      .waitFor();
    await found.getByRole('button', { name: 'Desistir da compra' }).click();
    await found.getByRole('textbox', { name: 'Motivo (opcional)' }).fill('Sobrou na obra');
    await found.getByRole('button', { name: 'Confirmar desistência' }).click();
    await found
      .getByText(
        new RegExp(
          `^Desistência registrada\\. Devolvemos R\\$\\s[\\d.,]+, frete incluído, .*Devolução aberta na ${STORE.name}`,
        ),
      )
      .waitFor();
    expect(await found.getByRole('button', { name: 'Desistir da compra' }).count()).toBe(0);

    const returned = page.getByRole('article', { name: `Pedido ${orderId}` });
    await returned.getByText('Aguardando os produtos').waitFor();
    await returned.getByText('Motivo: Sobrou na obra').waitFor();
    await returned.getByRole('button', { name: 'Recebido' }).click();
    await returned.getByText(`Devolução do pedido ${orderId} recebida.`).waitFor();
    await returned.getByText(new RegExp(`^Recebida por ${seller.nome} em `)).waitFor();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(Number(width));

    await visit(shopper.page, `/detalhes_pedido/${orderId}`);
    await shopper.page
      .getByText(
        new RegExp(`Recebemos o seu pedido de desistência em .*Deixe os produtos na ${STORE.name}\\.`),
      )
      .waitFor();
    await shopper.page.getByText(/Recebemos os produtos em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./).waitFor();
    assertNoErrors();
    shopper.assertNoErrors();
  });
});
