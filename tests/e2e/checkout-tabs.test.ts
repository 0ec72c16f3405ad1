// The checkout open in two tabs (issue 37): each tab's typing is kept, field by field, and each tab
// shows what the other typed. Run against a build (`npm run build` first).
import { describe, expect } from 'vitest';
import { desktop, openPage, test, visit } from './browser';
import { listProducts, restoreSession, sessionSnapshot, signIn } from './shopper';

describe('checkout address in two tabs', () => {
  test('keeps the complement typed in one tab and the number typed in the other', async ({ browser }) => {
    const [product] = await listProducts('produto=torneira&por_pagina=6');
    const { page: first, context } = await openPage(browser, desktop);
    await visit(first, '/sobre');
    await signIn(first);
    await visit(first, `/produto/${product.idprd}`);
    await first.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await first.getByRole('dialog', { name: 'Produto no carrinho' }).waitFor();
    const session = await sessionSnapshot(first);
    await visit(first, '/checkout');
    // The second tab, opened from the first (the browser copies its sessionStorage).
    const second = await context.newPage();
    await visit(second, '/sobre');
    await restoreSession(second, session);
    await visit(second, '/checkout');
    const address = (page: typeof first) => page.getByRole('form', { name: 'Endereço de Entrega' });
    const storedDraft = () =>
      first.evaluate(() => JSON.parse(localStorage.getItem('checkout_form_data') ?? '{}').addressDraft ?? {});

    await address(second).getByRole('textbox', { name: 'Complemento' }).fill('Apto 12');
    await expect.poll(async () => (await storedDraft()).complement).toBe('Apto 12');
    await address(first).getByRole('textbox', { name: 'Número' }).fill('77');
    await expect.poll(async () => (await storedDraft()).number).toBe('77');

    expect((await storedDraft()).complement).toBe('Apto 12');
    await expect
      .poll(() => address(first).getByRole('textbox', { name: 'Complemento' }).inputValue())
      .toBe('Apto 12');
    await expect.poll(() => address(second).getByRole('textbox', { name: 'Número' }).inputValue()).toBe('77');
  });
});
