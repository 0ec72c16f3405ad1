import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { visit } from './browser';
import type { CatalogueProduct } from './shopper';

// The checkout's steps as a shopper takes them: cart, freight, address, shipping, the card.

export const CEP = '13012100';

async function addToCart(page: Page, product: CatalogueProduct) {
  await visit(page, `/produto/${product.idprd}`);
  await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Produto no carrinho' });
  const next = { name: 'Continuar Comprando' };
  await dialog.getByRole('button', next).or(dialog.getByRole('link', next)).click();
}

/** Cart with the products, freight for the store city chosen (first option), then on to /checkout. */
export async function toCheckout(page: Page, products: CatalogueProduct[]) {
  for (const product of products) await addToCart(page, product);
  await visit(page, '/carrinho');
  await page.getByRole('textbox', { name: /frete/i }).fill(CEP);
  await page.getByRole('button', { name: 'Calcular' }).click();
  const option = page.getByRole('radiogroup', { name: 'Opções de envio' }).getByRole('radio').first();
  await option.click();
  await expect.poll(() => option.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Finalizar Compra' }).click();
  await page.waitForURL('**/checkout');
}

/** The address step with the CEP brought from the cart (looked up automatically). */
export async function saveAddress(page: Page) {
  const street = page.getByRole('textbox', { name: 'Endereço' });
  await expect.poll(() => street.inputValue()).not.toBe('');
  expect(await page.getByRole('textbox', { name: 'Cidade' }).inputValue()).toBe('Campinas');
  await page.getByRole('textbox', { name: 'Número' }).fill('250');
  await page.getByRole('button', { name: 'Salvar endereço' }).click();
  await page.getByRole('button', { name: 'Salvar forma de envio' }).waitFor();
}

export async function reachCardForm(page: Page) {
  await saveAddress(page);
  await page.getByRole('button', { name: 'Salvar forma de envio' }).click();
  await page.getByText('2 de 3 etapas concluídas').first().waitFor();
  await cardFields(page).getByRole('textbox', { name: 'Número do cartão' }).waitFor();
}

/** The card provider's fields: an iframe on the provider's origin (the card emulator's here). */
export const cardFields = (page: Page) => page.frameLocator('iframe[title="Dados do cartão"]');

/** Types a card into the provider's fields, as a shopper would, and the holder into ours. */
export async function fillCard(page: Page, number: string, cvv = '123') {
  const fields = cardFields(page);
  await fields.getByRole('textbox', { name: 'Número do cartão' }).pressSequentially(number);
  await fields.getByRole('textbox', { name: 'Validade' }).pressSequentially('1230');
  await fields.getByRole('textbox', { name: 'CVV' }).pressSequentially(cvv);
  await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('MARIA TESTE');
}
