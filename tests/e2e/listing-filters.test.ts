import { beforeAll, describe, expect } from 'vitest';

import { baseURL, desktop, markDocument, openPage, phone, sameDocument, test, visit } from './browser';
import { OPERATIONS } from './shopper';

// A chosen brand or category whose count falls to 0 stays on screen and can be
// unticked; the applied filters show as chips above the grid.

interface Facet {
  tipo: 'marca' | 'cat';
  id: number;
  descricao: string;
}

let brand: Facet;
let cat: Facet;

async function facets(query: string): Promise<Facet[]> {
  const response = await fetch(`${baseURL()}${OPERATIONS}/APP_0027?grupo=banheiro&${query}`);
  return ((await response.json()) as { agrupamento: Facet[] }).agrupamento;
}

beforeAll(async () => {
  // A brand and a bathroom subcategory that never meet.
  const all = await facets('por_pagina=1');
  for (const candidate of all.filter((facet) => facet.tipo === 'cat')) {
    const offered = new Set(
      (await facets(`cat=${candidate.id}`)).filter((f) => f.tipo === 'marca').map((f) => f.id),
    );
    const absent = all.find((facet) => facet.tipo === 'marca' && !offered.has(facet.id));
    if (absent) {
      brand = absent;
      cat = candidate;
      break;
    }
  }
  expect(brand, 'a brand absent from one bathroom subcategory').toBeDefined();
});

describe('listing filters', () => {
  test('keeps a chosen brand whose count fell to 0 visible, ticked and removable, with chips above the grid', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, `/produtos/banheiro?marca=${brand.id}&cat=${cat.id}`);
    const sidebar = page.getByRole('complementary', { name: 'Filtros de produtos' });
    const brandBox = sidebar.getByRole('checkbox', { name: new RegExp(`^${brand.descricao}`) });
    await brandBox.waitFor();
    expect(await brandBox.isChecked()).toBe(true);
    expect(await sidebar.getByRole('checkbox', { name: new RegExp(`^${cat.descricao}`) }).isChecked()).toBe(
      true,
    );

    const chips = page.getByRole('group', { name: 'Filtros aplicados' });
    await chips.getByRole('button', { name: `Remover filtro Marca: ${brand.descricao}` }).waitFor();
    await chips.getByRole('button', { name: `Remover filtro Categoria: ${cat.descricao}` }).waitFor();

    // Unticked in the sidebar (not only through 'Limpar filtros').
    await brandBox.click();
    await sidebar.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?cat=${cat.id}`);
    await expect.poll(() => chips.getByRole('button').count()).toBe(1);

    // And the last chip takes its filter away.
    await chips.getByRole('button', { name: `Remover filtro Categoria: ${cat.descricao}` }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => chips.count()).toBe(0);
    assertNoErrors();
    await context.close();
  });

  test('a phone turned to a wider screen gets the side panel, and its filters work without a reload', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/produtos/banheiro');
    const sidebar = page.getByRole('complementary', { name: 'Filtros de produtos' });
    expect(await sidebar.isVisible()).toBe(false);
    await markDocument(page);

    await page.setViewportSize({ width: 1024, height: 800 });
    const brandBox = sidebar.getByRole('checkbox', { name: new RegExp(`^${brand.descricao}`) });
    await brandBox.click();
    await sidebar.getByRole('button', { name: 'Filtrar' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?marca=${brand.id}`);
    await page
      .getByRole('group', { name: 'Filtros aplicados' })
      .getByRole('button', { name: `Remover filtro Marca: ${brand.descricao}` })
      .waitFor();
    expect(await sameDocument(page)).toBe(true);
    assertNoErrors();
    await context.close();
  });
});
