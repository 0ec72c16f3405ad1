import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, phone, test, visit } from './browser';
import { listProducts, signIn } from './shopper';

// The store under its Content-Security-Policy: no screen, script, style, image, request, worker or
// manifest of ours is refused (a refusal fires `securitypolicyviolation` in the page), and the
// service worker still installs and takes control.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Violations the page saw since it loaded, as 'directive blocked-uri'. */
const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

describe('Content-Security-Policy', () => {
  test('refuses nothing the store itself loads, on every kind of screen', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await context.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations!.push(
          `${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });
    const seen: Record<string, string[]> = {};
    const visitScreen = async (name: string, path: string, ready: () => Promise<unknown>) => {
      await visit(page, path);
      await ready();
      await page.waitForLoadState('networkidle');
      seen[name] = await violations(page);
    };

    const [product] = await listProducts('grupo=mat-hidraulico&por_pagina=12');
    expect(product).toBeTruthy();
    const response = await visit(page, '/');
    expect(response?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    await visitScreen('home', '/', () => page.getByRole('heading').first().waitFor());
    await visitScreen('listing', '/produtos/pesquisar/piso', () =>
      page.getByRole('heading').first().waitFor(),
    );
    await visitScreen('product', `/produto/${product!.idprd}`, () =>
      page.getByRole('button', { name: 'COMPRAR AGORA' }).waitFor(),
    );
    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    await page.getByRole('dialog', { name: 'Produto no carrinho' }).waitFor();
    await visitScreen('cart', '/carrinho', () => page.getByRole('button', { name: 'Calcular' }).waitFor());
    await page.getByRole('textbox', { name: /frete/i }).fill('13012100');
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.getByRole('radiogroup', { name: 'Opções de envio' }).getByRole('radio').first().click();
    seen['cart with freight'] = await violations(page);
    await visitScreen('login', '/login', () => page.getByRole('button', { name: 'Entrar' }).waitFor());
    await signIn(page);
    await visitScreen('checkout', '/checkout', () =>
      page.getByRole('textbox', { name: 'Endereço' }).waitFor(),
    );
    // The address was looked up by CEP (connect-src) and the inline early-request script ran.
    await expect.poll(() => page.getByRole('textbox', { name: 'Endereço' }).inputValue()).not.toBe('');
    seen['checkout with address'] = await violations(page);

    const installed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state;
    });
    expect(installed).toBe('activated');
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? (await fetch(link.href)).ok : 'no manifest link';
    });
    expect(manifest).toBe(true);

    expect(seen).toEqual({
      home: [],
      listing: [],
      product: [],
      cart: [],
      'cart with freight': [],
      login: [],
      checkout: [],
      'checkout with address': [],
    });
    expect(await violations(page)).toEqual([]);
    assertNoErrors();
    await context.close();
  });
});
