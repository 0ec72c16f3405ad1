import { describe, expect } from 'vitest';
import type { MaterialCalculator } from '../../src/api/products';
import { expectAccessible } from './axe';
import { baseURL, desktop, openPage, phone, test, visit } from './browser';
import { OPERATIONS, listProducts } from './shopper';

// Issue 41, item 4: the paint calculator puts its whole result in the cart in ONE write. The page
// counts the IndexedDB transactions that may write the cart's lines (readwrite over cartLines): the
// cart's only write path (src/storage/write.ts) opens one per change.

async function calculatorOf(idprd: number): Promise<MaterialCalculator> {
  const response = await fetch(`${baseURL()}${OPERATIONS}/APP_0027?codigo=${idprd}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { calculadora: MaterialCalculator }).calculadora;
}

describe('the paint calculator', () => {
  test('adds 2 cans of 18 L and 2 gallons of 3,6 L to the cart in one write', async ({ browser }) => {
    // A colour of the premium line with both sizes in stock (other tests buy paint from this catalogue).
    const cans = await listProducts('produto=Tinta Acrílica Premium Fosca 18 L&por_pagina=24');
    let chosen: { idprd: number; calculator: MaterialCalculator } | undefined;
    for (const can of cans) {
      const calculator = await calculatorOf(can.idprd);
      if (
        calculator.embalagens.length === 2 &&
        calculator.embalagens.every((pack) => (pack.estoque ?? 0) >= 2)
      )
        chosen = { idprd: can.idprd, calculator };
    }
    expect(chosen).toBeDefined();
    const [gallon, can] = chosen!.calculator.embalagens;

    const { page, assertNoErrors } = await openPage(browser, phone);
    await page.addInitScript(() => {
      const counted = window as unknown as { cartWrites: number };
      counted.cartWrites = 0;
      const open = IDBDatabase.prototype.transaction;
      IDBDatabase.prototype.transaction = function (this: IDBDatabase, names, mode, options) {
        const stores = typeof names === 'string' ? [names] : [...names];
        if (mode === 'readwrite' && stores.includes('cartLines')) counted.cartWrites += 1;
        return open.call(this, stores, mode, options);
      };
    });
    await visit(page, `/produto/${chosen!.idprd}`);
    const calculator = page.getByRole('region', { name: 'Calculadora de tinta' });
    await calculator.getByText('Somamos 10% de margem para retoques e perdas', { exact: false }).waitFor();
    // 260 m², 2 coats, 13,33 m²/L per coat, +10 % = 42,9 L: 2 cans (36 L) and 2 gallons (7,2 L) cost
    // less than 3 cans, or 1 can and 7 gallons.
    await calculator.getByLabel('Área das paredes (m²)').fill('260');
    const result = calculator.getByTestId('calculadora-tinta-resultado');
    await result.getByText('42,9 L').waitFor();
    expect(await result.textContent()).toContain(`2 × ${can.descricao}`);
    expect(await result.textContent()).toContain(`2 × ${gallon.descricao}`);

    await page.evaluate(() => Object.assign(window, { cartWrites: 0 }));
    await calculator.getByRole('button', { name: 'Adicionar ao carrinho (4 itens)' }).click();
    await page.getByRole('dialog', { name: 'Produto no carrinho' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { cartWrites: number }).cartWrites)).toBe(1);
    const lines = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('cartItems') ?? '[]') as { id: string; quantity: number }[],
    );
    expect(lines.map(({ id, quantity }) => [Number(id), quantity]).sort()).toEqual(
      [
        [can.idprd, 2],
        [gallon.idprd, 2],
      ].sort(),
    );
    assertNoErrors();
  });

  test('is used by keyboard alone, its errors read out, and passes axe', async ({ browser }) => {
    const [can] = await listProducts('produto=Tinta Acrílica Premium Fosca 18 L&por_pagina=1');
    const { page, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, `/produto/${can.idprd}`);
    const calculator = page.getByRole('region', { name: 'Calculadora de tinta' });
    const area = calculator.getByLabel('Área das paredes (m²)');
    await area.focus();
    await page.keyboard.type('4');
    // Tab to the doors' count (past the doors' and windows' legends, which take no focus) and type 3.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    const result = calculator.getByTestId('calculadora-tinta-resultado');
    expect(await result.getAttribute('aria-live')).toBe('polite');
    await result
      .getByText('As portas e janelas somam a área das paredes ou mais: confira as medidas.')
      .waitFor();
    expect(await area.inputValue()).toBe('4');
    await expectAccessible(page, 'the paint calculator with an error');
    assertNoErrors();
  });
});
