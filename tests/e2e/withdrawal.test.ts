import { describe, expect } from 'vitest';
import { openPage, phone, test, visit } from './browser';
import { confirmPix, placePixOrder, signIn, staffRequest } from './shopper';

// 'Desistir da compra' (CDC art. 49) on the order page of a phone 390 px wide: the button, the
// confirmation with an optional reason and how the goods come back, then the refund's state.

const narrow = { ...phone, viewport: { width: 390, height: 844 } };

describe('withdrawal on the order page', () => {
  test('withdraws a delivered order and shows the refund until it is done', async ({ browser }) => {
    const { page, assertNoErrors } = await openPage(browser, narrow);
    await signIn(page);
    const orderId = await placePixOrder(page);
    await confirmPix(orderId);
    for (let stage = 0; stage < 5; stage += 1) await staffRequest('POST', `/orders/${orderId}/advance`, {});

    await visit(page, `/detalhes_pedido/${orderId}`);
    await page
      .getByText(/Você pode desistir da compra até \d{2}\/\d{2}\/\d{4}, 7 dias após o recebimento/)
      .waitFor();
    await page.getByRole('button', { name: 'Desistir da compra' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desistir da compra?' });
    await dialog.getByText('Vamos devolver tudo o que foi pago, frete incluído').waitFor();
    await dialog.getByRole('radio', { name: 'Deixar em uma loja' }).check();
    await dialog.getByRole('combobox', { name: 'Loja' }).selectOption({ label: 'Loja Taquaral' });
    await dialog.getByRole('textbox', { name: 'Motivo (opcional)' }).fill('A cor não combinou');
    await dialog.getByRole('button', { name: 'Confirmar desistência' }).click();

    const receipt = page.getByRole('alert').filter({ hasText: 'Desistência registrada' });
    await receipt
      .getByText(/Recebemos o seu pedido de desistência em .*Deixe os produtos na Loja Taquaral\./)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Desistir da compra' }).count()).toBe(0);
    // The Pix goes back by devolucao; the page reads the order again until it is done.
    await page
      .getByText(
        /^Você desistiu da compra: devolvemos o pagamento PIX, frete incluído\. Valor devolvido em \d{2}\/\d{2}\.$/,
      )
      .waitFor({ timeout: 30_000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    assertNoErrors();
  });
});
