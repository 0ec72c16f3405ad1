import { beforeAll, describe, expect } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { openPage, phone, test, visit } from './browser';
import { listProducts, staffRequest } from './shopper';

// Icons inside controls need 3:1 against what is behind them (WCAG 1.4.11, non-text contrast),
// which axe's colour check (text only) does not measure. Each icon's colour is composited with the
// backgrounds under it, up to the first opaque one, and compared. The same measure reads a
// control's label (4.5:1) where axe leaves it to a person: a label over its own button's colour.

const tablet: BrowserContextOptions = { viewport: { width: 1024, height: 768 }, hasTouch: true };

interface Finding {
  control: string;
  ratio: number;
}

/**
 * Every visible icon (svg) in a button or link, with its contrast against its background; or, given
 * `labels` (a selector), the text colour of those elements against theirs.
 */
function iconContrasts(page: Page, labels?: string): Promise<Finding[]> {
  return page.evaluate((labels) => {
    type Rgba = [number, number, number, number];
    const parse = (text: string): Rgba | null => {
      const match = /rgba?\(([^)]+)\)/.exec(text);
      if (!match) return null;
      const parts = match[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0], parts[1], parts[2], parts[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const alpha = top[3];
      return [0, 1, 2].map((index) => top[index] * alpha + below[index] * (1 - alpha)).concat(1) as Rgba;
    };
    const backgroundOf = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      return layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const linear = (value: number) => {
        const v = value / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const findings: { control: string; ratio: number }[] = [];
    const contrast = (front: Rgba, back: Rgba) => {
      const [light, dark] = [luminance(front), luminance(back)].sort((a, b) => b - a);
      return Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100;
    };
    const nameOf = (control: Element) =>
      control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? control.tagName;
    if (labels) {
      for (const label of document.querySelectorAll(labels)) {
        const background = backgroundOf(label);
        const text = over(parse(getComputedStyle(label).color)!, background);
        findings.push({
          control: nameOf(label.closest('button, a') ?? label),
          ratio: contrast(text, background),
        });
      }
      return findings;
    }
    for (const svg of document.querySelectorAll('button svg, a svg, [role="button"] svg')) {
      const box = svg.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || svg.closest('[aria-hidden="false"][hidden]')) continue;
      const shape = svg.querySelector('path, rect, circle, polygon, line, polyline') ?? svg;
      const style = getComputedStyle(shape);
      const paint = parse(style.fill) ?? parse(style.stroke);
      if (!paint || paint[3] === 0) continue;
      const control = svg.closest('button, a, [role="button"]')!;
      const background = backgroundOf(svg);
      findings.push({ control: nameOf(control), ratio: contrast(over(paint, background), background) });
    }
    return findings;
  }, labels);
}

const lowContrast = (findings: Finding[]) => findings.filter((finding) => finding.ratio < 3);

let productPath: string;
beforeAll(async () => {
  productPath = `/produto/${(await listProducts('por_pagina=1'))[0].idprd}`;
});

describe('icon contrast (3:1 against the background)', () => {
  test.for([
    ['phone', phone],
    ['tablet', tablet],
  ] as [string, BrowserContextOptions][])(
    'on the main screens at %s size',
    async ([, options], { browser }) => {
      const { page, context, assertNoErrors } = await openPage(browser, options);
      for (const path of ['/', productPath, '/carrinho', '/sobre', '/login']) {
        await visit(page, path);
        await page.waitForSelector('html[data-pronto]', { state: 'attached' });
        // A screen rendered in the browser (the cart, sign-in) may still be loading its code.
        await page.getByRole('main').getByRole('heading').first().waitFor();
        const findings = await iconContrasts(page);
        expect(findings.length, path).toBeGreaterThan(0);
        expect(lowContrast(findings), path).toEqual([]);
      }
      assertNoErrors();
      await context.close();
    },
  );

  test("the applied filters' chips on a listing: their text 4.5:1 on their own colour", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    const [product] = await listProducts('grupo=banheiro&por_pagina=1');
    await visit(page, `/produtos/banheiro?marca=${product!.idmarca}`);
    const chips = page.getByRole('group', { name: 'Filtros aplicados' });
    await chips.getByRole('button', { name: /^Remover filtro Marca: / }).waitFor();
    const findings = await iconContrasts(page, '[aria-label="Filtros aplicados"] .mantine-Button-label');
    expect(findings.map((finding) => finding.control)).toEqual([
      `Remover filtro Marca: ${product!.descmarca}`,
    ]);
    expect(findings.filter((finding) => finding.ratio < 4.5)).toEqual([]);
    assertNoErrors();
    await context.close();
  });

  test("in a paired tablet's header, the barcode button included", async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, tablet);
    const response = await staffRequest('POST', '/tablets/pairing-codes', { loja: 1 });
    const { codigo } = (await response.json()) as { codigo: string };
    await visit(page, '/loja');
    await page.getByLabel('Código de pareamento').fill(codigo);
    await page.getByRole('button', { name: 'Parear tablet' }).click();
    await page.getByRole('button', { name: 'Ler código de barras' }).waitFor();
    for (const path of ['/loja', productPath]) {
      if (path !== '/loja') await visit(page, path);
      await page.getByRole('button', { name: 'Ler código de barras' }).waitFor();
      const findings = await iconContrasts(page);
      expect(findings.map((finding) => finding.control)).toContain('Ler código de barras');
      expect(lowContrast(findings), path).toEqual([]);
    }
    assertNoErrors();
    await context.close();
  });
});
