import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject } from 'vitest';
import { cardNumberProblem } from '../../src/domain/card';
import { chromium, type Request } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../chromium';
import { baseURL, desktop, failedResource, openPage, phone, test } from './browser';
import { cardFields, fillCard, reachCardForm, toCheckout } from './checkout-steps';
import { SERVER_LOG } from './global-setup';
import { listProducts, signIn, type CatalogueProduct } from './shopper';

// Cards through the provider's own fields: the number, expiry and CVV are typed in an iframe on the
// card emulator's origin, and the store (its page's requests, its server's log) never sees them.

let items: CatalogueProduct[];

beforeAll(async () => {
  const plumbing = await listProducts('grupo=mat-hidraulico&por_pagina=24');
  items = plumbing.filter((product) => !product.multiploprdvenda && (product.estoque ?? 0) >= 20);
  expect(items.length).toBeGreaterThan(2);
});

/**
 * Every run of 13 to 19 digits (spaces or dashes between them allowed, not the decimals of a number)
 * that could be charged: an accepted brand, its length and a valid Luhn digit.
 */
function cardNumbersIn(text: string): string[] {
  const runs = text.match(/(?<![\d.])\d(?:[ -]?\d){12,18}(?![\d.])/g) ?? [];
  return runs.map((run) => run.replace(/\D/g, '')).filter((digits) => cardNumberProblem(digits) === null);
}

describe('card fields that are not ours', () => {
  test('no request to the store and no line of its log holds a card number or the CVV', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    const toStore: string[] = [];
    const record = (request: Request) => {
      if (!request.url().startsWith(baseURL())) return;
      toStore.push(
        `${request.method()} ${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`,
      );
    };
    context.on('request', record);
    await signIn(page);
    await toCheckout(page, [items[0]]);
    await reachCardForm(page);
    const frame = page.locator('iframe[title="Dados do cartão"]');
    const frameOrigin = new URL((await frame.getAttribute('src'))!).origin;
    expect(frameOrigin).not.toBe(new URL(baseURL()).origin);
    // The store's page has no card input of its own.
    expect(await page.locator('input[autocomplete="cc-number"], input[autocomplete="cc-csc"]').count()).toBe(
      0,
    );

    await fillCard(page, '5555555555554444', '739');
    await page.getByRole('button', { name: 'Confirmar e finalizar pedido' }).click();
    await page.waitForURL('**/detalhes_pedido/*');
    await page.getByText(/final 4444/).waitFor();
    context.off('request', record);

    expect(toStore.length).toBeGreaterThan(10);
    const sent = toStore.join('\n');
    expect(cardNumbersIn(sent)).toEqual([]);
    expect(sent.replace(/\D/g, '')).not.toContain('5555555555554444');
    // The CVV as a value of its own (not the same digits inside a timestamp or a measured figure).
    expect(sent).not.toMatch(/(^|[^\d.])739(?!\d)/);
    expect(sent).not.toMatch(/"(cvv|cvc|cardNumber|cardnumber)"\s*:/i);
    // The order went through the store with a token.
    expect(sent).toMatch(/APP_0050 .*"token":"tok_/);

    const log = readFileSync(join(inject('dataDir'), SERVER_LOG), 'utf8');
    expect(log).toContain('APP_0050');
    expect(cardNumbersIn(log)).toEqual([]);
    expect(log.replace(/\D/g, '')).not.toContain('5555555555554444');
    // No field that carries a security code. (The shared server's log also holds other tests'
    // random tokens and codes, so the three letters alone could turn up by chance.)
    expect(log).not.toMatch(/["']?(cvv|cvc|securityCode|cardSecurityCode)["']?\s*[:=]/i);
    assertNoErrors();
    await context.close();
  });

  test('the issuer challenge opens inside the checkout of an installed app, with no new window', async () => {
    // Chromium's app mode (--app) opens the store as an installed app does: display-mode standalone,
    // no address bar, no tabs; a pop-up or a redirect out of the page would strand the shopper.
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'storefront-app-')), {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_FLAGS, `--app=${baseURL()}/sobre`],
      ignoreDefaultArgs: ['about:blank'],
      baseURL: baseURL(),
      locale: 'pt-BR',
      viewport: phone.viewport,
    });
    const errors: string[] = [];
    context.on('weberror', (error) => errors.push(error.error().message));
    const page = context.pages()[0] ?? (await context.waitForEvent('page'));
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text() !== failedResource(402)) errors.push(message.text());
    });
    await page.waitForURL('**/sobre');
    expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
    let windows = 0;
    context.on('page', () => (windows += 1));
    await signIn(page);
    await toCheckout(page, [items[1]]);
    await reachCardForm(page);

    // The plans quoted for this card and total say rate a.m. and a.a., CET and total (CDC art. 52).
    await cardFields(page)
      .getByRole('textbox', { name: 'Número do cartão' })
      .pressSequentially('4000000000003220');
    await page.getByRole('combobox', { name: 'Parcelamento' }).click();
    const options = await page.getByRole('option').allInnerTexts();
    const withInterest = options.filter((text) => text.includes('a.m.'));
    for (const text of withInterest)
      expect(text).toMatch(
        /^\d+x de R\$ [\d.,]+ com tarifa de 1\.99% a\.m\. \(26\.68% a\.a\.\), CET [\d.]+% a\.a\., total R\$ [\d.,]+$/,
      );
    await page.keyboard.press('Escape');

    const fields = cardFields(page);
    await fields.getByRole('textbox', { name: 'Validade' }).pressSequentially('1230');
    await fields.getByRole('textbox', { name: 'CVV' }).pressSequentially('123');
    await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('MARIA TESTE');
    await page.getByRole('button', { name: 'Confirmar e finalizar pedido' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirme a compra com o seu banco' });
    await dialog.waitFor();
    // The dialog grows in (Mantine's transition) with the issuer's frame inside: Playwright's
    // stability check sees the frame's content, not the frame moving, so a click made during the
    // transition lands beside the button. Wait for the page's finite animations to end.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const issuer = page.frameLocator('iframe[title="Autenticação do banco emissor"]');
    await issuer.getByRole('textbox', { name: 'Código de verificação' }).fill('1234');
    await issuer.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL('**/detalhes_pedido/*');
    await page.getByText('Pedido realizado com sucesso!').waitFor();
    await page.getByText(/final 3220/).waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL()).origin);
    expect(windows).toBe(0);
    expect(context.pages()).toHaveLength(1);
    // The first answer (402 with the issuer's page) is logged by Chromium as a failed resource.
    expect(errors).toEqual([]);
    await context.close();
  });
});
