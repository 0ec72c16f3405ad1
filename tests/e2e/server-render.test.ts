import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { formatBRL } from '../../src/domain/money';

const brl = (reais: number) => formatBRL(Math.round(reais * 100));
import { readFileSync } from 'node:fs';
import {
  baseURL,
  desktop,
  holdAppScript,
  markDocument,
  openContext,
  openPage,
  phone,
  sameDocument,
  test,
  visit,
} from './browser';
import { listProducts, OPERATIONS, signIn } from './shopper';

// The catalogue's pages come from the server with their content and data, hydrate
// without a mismatch, and carry nothing personal.

const html = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${baseURL()}${path}`, init);
  return { status: response.status, text: await response.text(), headers: response.headers };
};

/** The HTML the server sent for #root (before any script ran). */
const rootOf = (page: string) => page.slice(page.indexOf('<div id="root">'), page.indexOf('</body>'));

/** The first page of best sellers, as the home's grid shows them. */
async function bestSellers() {
  const answer = (await (await fetch(`${baseURL()}${OPERATIONS}/APP_0041`)).json()) as {
    produtos: Array<{ idprd: number; descricao: string; preco: number }>;
  };
  return answer.produtos;
}

/** Whether a product's page shows options: sold by the box (the tile calculator), in lotes (their picker). */
async function optionsOf(idprd: number) {
  const detail = (await (await fetch(`${baseURL()}${OPERATIONS}/APP_0027?codigo=${idprd}`)).json()) as {
    produtos: Array<{ descricao: string; multiploprdvenda: number | null }>;
    lotes: unknown[];
  };
  const [product] = detail.produtos;
  return {
    name: product!.descricao,
    byTheBox: !!product!.multiploprdvenda,
    inLotes: detail.lotes.length > 0,
  };
}

/** The first of these products sold by the box and in lotes. */
async function firstTileInLotes(ids: number[]) {
  for (const idprd of ids) {
    const options = await optionsOf(idprd);
    if (options.byTheBox && options.inLotes) return { idprd, ...options };
  }
  throw new Error('no tile in lotes among these products');
}

/** The file the build made of the product page's options (the tile calculator, the lote picker). */
function productOptionsFile(): string {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  return `/${manifest['src/features/catalogue/components/product-options.ts']!.file}`;
}

/** Resolves once React has hydrated (or rendered) the page's root. */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

describe('the raw HTML of the catalogue', () => {
  test('holds the product names and prices of the home, a listing, a search and a product', async () => {
    const [first] = await bestSellers();
    const home = await html('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    expect(rootOf(home.text)).toContain(first!.descricao);
    expect(rootOf(home.text)).toContain(brl(first!.preco));

    const [tile] = await listProducts('grupo=pisos-e-revestimentos&por_pagina=6');
    const listing = await html('/produtos/pisos-e-revestimentos');
    expect(listing.status).toBe(200);
    expect(rootOf(listing.text)).toContain(tile!.descricao);

    const product = await html(`/produto/${first!.idprd}`);
    expect(product.status).toBe(200);
    expect(rootOf(product.text)).toContain(first!.descricao);
    expect(rootOf(product.text)).toContain(brl(first!.preco));
    expect(product.text).toMatch(
      new RegExp(`<title>${first!.descricao.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    expect(product.text).toContain(`<link rel="canonical" href="${baseURL()}/produto/${first!.idprd}"`);

    const word = first!.descricao.split(' ')[0]!;
    const search = await html(`/produtos/pesquisar/${encodeURIComponent(word)}`);
    expect(search.status).toBe(200);
    expect(rootOf(search.text)).toContain(`Resultados para &quot;${word}&quot;`);
  });

  test('is cacheable by anyone: an ETag, public max-age, and 304 when it has not changed', async () => {
    const first = await html('/produtos');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${baseURL()}/produtos`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  test('answers 404 with the not-found screen for an unknown path and an unknown product', async () => {
    const unknown = await html('/caminho/que/nao/existe');
    expect(unknown.status).toBe(404);
    expect(rootOf(unknown.text)).toContain('Oops! Page not found');
    const product = await html('/produto/999999999');
    expect(product.status).toBe(404);
    expect(rootOf(product.text)).toContain('Produto não encontrado');
  });

  test("carries a product's JSON-LD with its price in BRL and availability", async () => {
    const [first] = await bestSellers();
    const { text } = await html(`/produto/${first!.idprd}`);
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)?.[1];
    const data = JSON.parse(json!) as {
      '@type': string;
      name: string;
      offers: { priceCurrency: string; price: string; availability: string };
    };
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(first!.descricao);
    expect(data.offers.priceCurrency).toBe('BRL');
    expect(Number(data.offers.price)).toBeCloseTo(first!.preco, 2);
    expect(data.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    expect(text).toContain('<meta property="og:type" content="product" />');
  });

  test('serves robots.txt and a sitemap.xml that parses and lists categories and products', async ({
    browser,
  }) => {
    const robots = await html('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
    const sitemap = await html('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const { page, context } = await openPage(browser);
    const parsed = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        locs: [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent ?? ''),
      };
    }, sitemap.text);
    await context.close();
    expect(parsed.error).toBeNull();
    const [first] = await bestSellers();
    expect(parsed.locs).toContain(`${baseURL()}/produtos/banheiro`);
    expect(parsed.locs).toContain(`${baseURL()}/produto/${first!.idprd}`);
  });
});

describe('in the browser', () => {
  test('shows the home, a listing and a product with JavaScript turned off', async ({ browser }) => {
    const [first] = await bestSellers();
    const context = await openContext(browser, { baseURL: baseURL(), javaScriptEnabled: false, ...phone });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: first!.descricao }).first().waitFor();
    await page.goto('/produtos/banheiro');
    await page.getByText(/produtos? encontrados?/).waitFor();
    await page.goto(`/produto/${first!.idprd}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(first!.descricao) }).waitFor();
    await page.getByText(brl(first!.preco)).first().waitFor();
    await context.close();
  });

  test('hydrates every server-rendered route with no console error and asks for no catalogue data again', async ({
    browser,
  }) => {
    const [first] = await bestSellers();
    const tile = await firstTileInLotes(
      (await listProducts('grupo=pisos-e-revestimentos&por_pagina=24')).map((product) => product.idprd),
    );
    const routes = [
      '/',
      '/home',
      '/produtos',
      '/produtos/banheiro',
      '/produtos/banheiro/chuveiros',
      '/produtos/pesquisar/torneira',
      '/pesquisar/torneira',
      `/produto/${first!.idprd}`,
      `/produto/${tile.idprd}`,
      '/nossos-produtos',
      '/faq',
      '/politica',
      '/politicaentrega',
      '/sobre',
      '/contato',
    ];
    for (const route of routes) {
      const { page, context, assertNoErrors } = await openPage(browser, desktop);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes(OPERATIONS)) asked.push(request.url());
      });
      await visit(page, route);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(asked, route).toEqual([]);
      assertNoErrors();
      await context.close();
    }
  });

  test("asks for the app's code only once the main image has arrived and is painted", async ({ browser }) => {
    const [first] = await bestSellers();
    const mainImage = `/imagens/${first!.idprd}/1.png`;
    // As on a phone's connection, the image comes late; or the stylesheets do, so the image is in
    // before the page's loader runs (it waits for them) and the page has not painted it yet.
    const slow = { image: `**${mainImage}`, stylesheets: '**/assets/*.css' };
    for (const [what, pattern] of Object.entries(slow)) {
      const { page, context, assertNoErrors } = await openPage(browser, phone);
      await page.route(pattern, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await visit(page, `/produto/${first!.idprd}`);
      await hydrated(page);
      const { imageEnd, imagePainted, firstScript } = await page.evaluate(async (path) => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const image = resources.find((entry) => new URL(entry.name).pathname === path);
        const scripts = resources.filter((entry) =>
          /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname),
        );
        const paints = await new Promise<PerformanceEntryList>((resolve) =>
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            resolve(list.getEntries());
          }).observe({ type: 'largest-contentful-paint', buffered: true }),
        );
        const paint = paints.find((entry) => {
          const url = (entry as PerformanceEntry & { url?: string }).url;
          return url && new URL(url).pathname === path;
        });
        return {
          imageEnd: image?.responseEnd ?? Number.NaN,
          imagePainted: paint?.startTime ?? Number.NaN,
          firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        };
      }, mainImage);
      expect(imageEnd, what).toBeGreaterThan(0);
      expect(imagePainted, what).toBeGreaterThan(1000);
      expect(imagePainted, what).toBeGreaterThanOrEqual(imageEnd);
      // Not one of the app's files was asked for before the image was on screen.
      expect(firstScript, what).toBeGreaterThanOrEqual(imagePainted);
      assertNoErrors();
      await context.close();
    }
  });

  test('moves nothing on screen while a page paints, its code arrives and it takes over', async ({
    browser,
  }) => {
    const [first] = await bestSellers();
    for (const device of [phone, desktop]) {
      for (const path of [
        '/',
        '/produtos/banheiro',
        '/produtos/pesquisar/torneira',
        `/produto/${first!.idprd}`,
      ]) {
        const { page, context, assertNoErrors } = await openPage(browser, device);
        await page.addInitScript(() => {
          const shifts: number[] = [];
          (window as unknown as { __shifts: number[] }).__shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
              shifts.push(entry.value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await visit(page, path);
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
        // Layout-shift scores: a card that grows under the reader's eyes scores 0.05; a steady page 0.
        expect(
          shifts.reduce((sum, value) => sum + value, 0),
          `${path} ${device.viewport?.width}px`,
        ).toBeLessThan(0.01);
        assertNoErrors();
        await context.close();
      }
    }
  });

  test('keeps the text typed in the search box before the app took over the page', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    // Hold the app's script back, as a slow phone would, while the person types.
    const release = await holdAppScript(page);
    // The app's script runs before DOMContentLoaded: wait only for the HTML to be there.
    await page.goto('/produtos', { waitUntil: 'commit' });
    const box = page.getByRole('combobox', { name: 'Buscar produtos' });
    await box.waitFor();
    await box.fill('porcelanato');
    release();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => box.inputValue()).toBe('porcelanato');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/produtos/pesquisar/porcelanato');
    assertNoErrors();
    await context.close();
  });

  test("answers three taps on '+' made before the app took over with three, and shows each at once", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    const release = await holdAppScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    const stepper = page.getByRole('group', { name: /^Quantidade de / }).first();
    const plus = stepper.getByRole('button', { name: 'Aumentar quantidade' });
    await plus.waitFor();
    const before = Number(await stepper.locator('output').innerText());
    for (let tap = 0; tap < 3; tap += 1) await plus.click();
    // Feedback at once, before any of the app's code has run.
    expect(await plus.getAttribute('aria-busy')).toBe('true');
    await page
      .getByRole('status')
      .filter({ hasText: 'Um instante: terminando de carregar a página' })
      .waitFor();
    release();
    await hydrated(page);
    await expect.poll(() => stepper.locator('output').innerText()).toBe(String(before + 3));
    expect(await plus.getAttribute('aria-busy')).toBeNull();
    expect(await page.getByText('Um instante: terminando de carregar a página').count()).toBe(0);
    assertNoErrors();
    await context.close();
  });

  test("keeps the filters ticked before the app took over when 'Filtrar' is pressed", async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    const release = await holdAppScript(page);
    await page.goto('/produtos/banheiro', { waitUntil: 'commit' });
    const filters = page.getByRole('form', { name: 'Filtros' });
    const brand = filters.getByRole('group', { name: 'Marca' }).getByRole('checkbox').first();
    await brand.waitFor();
    const brandId = await brand.getAttribute('value');
    await brand.check();
    await filters.getByRole('button', { name: 'Filtrar' }).click();
    // The form went to the server, which rendered the filtered listing. Its 'load' event waits for
    // the held script, so only the new document's arrival is awaited.
    await page.waitForURL((url) => url.searchParams.getAll('marca').includes(brandId!), {
      waitUntil: 'commit',
    });
    await page.waitForLoadState('domcontentloaded');
    expect(await brand.isChecked()).toBe(true);
    release();
    await hydrated(page);
    expect(
      await filters.getByRole('group', { name: 'Marca' }).getByRole('checkbox', { checked: true }).count(),
    ).toBe(1);
    await expect.poll(() => brand.isChecked()).toBe(true);
    assertNoErrors();
    await context.close();
  });

  test('loads the code of the tile calculator and the lote picker only on a page that shows them, before it takes over', async ({
    browser,
  }) => {
    let plain = 0;
    for (const { idprd } of await bestSellers()) {
      const options = await optionsOf(idprd);
      if (!options.byTheBox && !options.inLotes) {
        plain = idprd;
        break;
      }
    }
    expect(plain, 'a best seller sold by the unit, not in lotes').toBeGreaterThan(0);
    const options = productOptionsFile();
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    const scripts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });

    await visit(page, `/produto/${plain}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts).not.toContain(options);

    // Moving to a tile within the app: the page shows both once it is there.
    await visit(page, '/produtos/pisos-e-revestimentos');
    await hydrated(page);
    const shown = await page
      .locator('main a[href^="/produto/"]')
      .evaluateAll((links) => links.map((link) => Number(link.getAttribute('href')!.split('/').pop())));
    const tile = await firstTileInLotes([...new Set(shown)]);
    await markDocument(page);
    await page.locator('main').getByRole('link', { name: tile.name }).first().click();
    await page.getByRole('heading', { level: 1, name: tile.name }).waitFor();
    await page.getByRole('textbox', { name: 'Área a cobrir (m²)' }).waitFor();
    await page.getByRole('combobox', { name: 'Lote' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(scripts).toContain(options);
    assertNoErrors();
    await context.close();
  });

  test('keeps a CEP and a measure typed on a product page before the app took over', async ({ browser }) => {
    const tiles = await listProducts('grupo=pisos-e-revestimentos&por_pagina=12');
    const tile = tiles.find((product) => product.multiploprdvenda);
    expect(tile, 'a tile sold by the box').toBeDefined();
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    const release = await holdAppScript(page);
    await page.goto(`/produto/${tile!.idprd}`, { waitUntil: 'commit' });
    const cep = page.getByRole('textbox', { name: 'Calcule o frete e o prazo' });
    const area = page.getByRole('textbox', { name: 'Área a cobrir (m²)' });
    await cep.waitFor();
    await cep.fill('13012-100');
    await area.fill('12,5');
    release();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await cep.inputValue()).toBe('13012-100');
    expect(await area.inputValue()).toBe('12,5');
    assertNoErrors();
    await context.close();
  });

  test('searches before the app has loaded: the form goes to the results page', async ({ browser }) => {
    const context = await openContext(browser, { baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/sobre');
    await page.getByRole('combobox', { name: 'Buscar produtos' }).fill('torneira');
    await page.getByRole('combobox', { name: 'Buscar produtos' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/produtos/pesquisar/torneira');
    await page.getByText('Resultados para "torneira"').waitFor();
    await context.close();
  });

  test('never puts a signed-in customer or their cart in the server HTML', async ({ browser }) => {
    const { page, context } = await openPage(browser, desktop);
    const shopper = await signIn(page);
    const [first] = await bestSellers();
    // Put a product in this customer's cart, as the browser keeps it.
    await visit(page, `/produto/${first!.idprd}`);
    await page
      .getByRole('button', { name: /comprar/i })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    const cookies = await context.cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(cookie).not.toBe('');
    const digits = shopper.doc.replace(/\D/g, '');
    for (const path of ['/', '/produtos', `/produto/${first!.idprd}`, '/sobre', '/carrinho']) {
      const { text } = await html(path, { headers: { cookie } });
      expect(text, path).not.toContain(shopper.nome);
      expect(text, path).not.toContain(digits);
      expect(text, path).not.toContain(shopper.doc);
      expect(text, path).not.toContain('cartItems');
    }
    await context.close();
  });
});
