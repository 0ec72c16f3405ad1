import { describe, expect } from 'vitest';
import { appReady, holdAppScript, openPage, phone, test } from './browser';
import { listProducts, productOutOfStock } from './shopper';

// The product page before the app has taken it over (its code held back until the test lets it
// through, as a slow phone's connection would): measures typed into the calculators beyond tiles
// are kept, as the tile calculator's are, and a tap on 'Avise-me quando chegar' is shown at once
// and answered once the app is there.

describe('the product page before the app has taken over', () => {
  test('keeps the measures typed into the paint calculator, and its result uses them', async ({
    browser,
  }) => {
    const [can] = await listProducts('produto=Tinta Acrílica Premium Fosca 18 L&por_pagina=1');
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    const release = await holdAppScript(page);
    await page.goto(`/produto/${can!.idprd}`, { waitUntil: 'commit' });
    const calculator = page.getByRole('region', { name: 'Calculadora de tinta' });
    const area = calculator.getByLabel('Área das paredes (m²)');
    const doors = calculator.getByRole('group', { name: 'Portas a descontar' }).getByLabel('Quantas');
    const coats = calculator.getByLabel('Demãos');
    await area.fill('40,5');
    await doors.fill('1');
    await coats.fill('3');
    release();
    await appReady(page);
    expect(await area.inputValue()).toBe('40,5');
    expect(await doors.inputValue()).toBe('1');
    expect(await coats.inputValue()).toBe('3');
    // 40,5 m² less a door of 0,80 × 2,10 m: 38,82 m²; 3 coats at 13,3 m² per litre each, +10 %.
    const result = calculator.getByTestId('calculadora-tinta-resultado');
    await result.getByText('38,82 m²').waitFor();
    expect(await result.textContent()).toContain('9,61 L');
    assertNoErrors();
    await context.close();
  });

  test("shows a tap on 'Avise-me quando chegar' at once and opens its form once the app is there", async ({
    browser,
  }) => {
    const product = await productOutOfStock();
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    const release = await holdAppScript(page);
    await page.goto(`/produto/${product.idprd}`, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Avise-me quando chegar' });
    await button.click();
    // Feedback at once, before any of the app's code has run.
    expect(await button.getAttribute('aria-busy')).toBe('true');
    await page
      .getByRole('status')
      .filter({ hasText: 'Um instante: terminando de carregar a página' })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-pronto'))).toBe(false);
    release();
    await appReady(page);
    const form = page.getByRole('form', { name: 'Avise-me quando chegar' });
    await form.waitFor();
    const email = form.getByRole('textbox', { name: 'E-mail' });
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByText('Um instante: terminando de carregar a página').count()).toBe(0);
    assertNoErrors();
    await context.close();
  });
});
