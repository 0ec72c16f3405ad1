// Browsing with the network cut: what was visited keeps working, the rest says so, and nothing
// personal is ever kept in Cache Storage (run `npm run build` first).
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  allowErrors,
  controlledByWorker,
  failedLoad,
  failedResource,
  openPage,
  phone,
  reloadApp,
  test,
  visit,
} from './browser';
import { SERVER_STATE_ID } from '../../src/config/page-data';
import { listProducts, OPERATIONS } from './shopper';

const CATALOGUE_OPERATIONS = ['APP_0041', 'APP_0027', 'APP_0028'];

/** Every request URL held in any Cache Storage cache of the page's origin, with its body text. */
function cachedEntries(page: Page): Promise<Array<{ cache: string; url: string; body: string }>> {
  return page.evaluate(async () => {
    const entries: Array<{ cache: string; url: string; body: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        const body = response && /json|text/.test(type) ? await response.text() : '';
        entries.push({ cache: name, url: request.url, body });
      }
    }
    return entries;
  });
}

interface Product {
  idprd: number;
  descricao: string;
}

describe('offline browsing', () => {
  test('shows visited home, listing and product from the caches, with the offline notice', async ({
    browser,
  }) => {
    const { page, context } = await openPage(browser, phone);
    const best = await (await page.request.get(`${OPERATIONS}/APP_0041`)).json();
    const [visited, unvisited] = best.produtos as Product[];
    expect(unvisited).toBeDefined();

    await visit(page, '/');
    await controlledByWorker(page);
    await page.getByText(visited.descricao).first().waitFor();
    await visit(page, '/produtos');
    await page.getByRole('heading', { name: 'Todos os produtos' }).waitFor();
    await visit(page, `/produto/${visited.idprd}`);
    await page.getByRole('heading', { name: visited.descricao }).waitFor();

    await context.setOffline(true);
    const failedCatalogueCalls: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().includes(OPERATIONS)) failedCatalogueCalls.push(request.url());
    });

    await reloadApp(page);
    await page.getByRole('heading', { name: visited.descricao }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Você está offline.' });
    await expect(notice.textContent()).resolves.toBe('Você está offline. Mostrando o que já foi visitado.');

    await visit(page, '/produtos');
    await page.getByRole('heading', { name: 'Todos os produtos' }).waitFor();
    await visit(page, '/');
    await page.getByText(visited.descricao).first().waitFor();
    await notice.waitFor();
    expect(failedCatalogueCalls).toEqual([]);

    // A product never opened on this device: the page says so and offers what works offline.
    await visit(page, `/produto/${unvisited.idprd}`);
    await page.getByRole('heading', { name: 'Página indisponível sem conexão' }).waitFor();
    await page.getByRole('link', { name: 'Carrinho' }).first().waitFor();

    // Back online, the notice goes away.
    await context.setOffline(false);
    await notice.waitFor({ state: 'detached' });

    // Offline, only resource loads fail (the unvisited product's data and images, which the worker
    // cannot answer: ERR_FAILED); the page itself logs nothing.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), failedLoad('ERR_FAILED'));
    await context.close();
  });
});

describe('a listing when the store cannot be reached', () => {
  test('says the store could not be reached, not that no product is on sale', async ({ browser }) => {
    const { page, context } = await openPage(browser, phone);
    await visit(page, '/');
    await controlledByWorker(page);
    // The browser thinks it is online; the store's answers never come (the worker's own fetch too).
    await context.route(/\/APP_0027\?/, (route) => route.abort('connectionrefused'));
    const box = page.getByRole('combobox', { name: 'Buscar produtos' });
    await box.fill('torneira');
    await box.press('Enter');
    const state = page.getByRole('main').getByRole('status').filter({ hasText: 'loja' });
    await state.waitFor();
    expect(await state.textContent()).toBe(
      'Não foi possível conectar à loja.Verifique sua conexão e tente novamente.',
    );
    expect(await page.getByText('Nenhum produto disponível no momento.').count()).toBe(0);
    await page.getByRole('button', { name: 'Tentar novamente' }).waitFor();
    allowErrors(page, failedLoad('ERR_CONNECTION_REFUSED'), failedLoad('ERR_FAILED'));
  });
});

describe('the home in an installed app', () => {
  test('comes from the server while online, and from what was kept offline', async ({ browser }) => {
    const { page, context } = await openPage(browser, phone);
    await visit(page, '/sobre');
    await controlledByWorker(page);
    // The server's page carries its data; the app's bare shell does not.
    const online = await visit(page, '/');
    expect(online?.fromServiceWorker()).toBe(true);
    expect(await online?.text()).toContain(`id="${SERVER_STATE_ID}"`);

    await context.setOffline(true);
    await reloadApp(page);
    await page.getByRole('status').filter({ hasText: 'Você está offline.' }).waitFor();
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), failedLoad('ERR_FAILED'));
  });
});

describe('a product page opened by its address', () => {
  test('opens again offline by a tap from a listing', async ({ browser }) => {
    const { page, context } = await openPage(browser, phone);
    const [product] = await listProducts('grupo=ferramentas&pagina=1&por_pagina=6');
    await visit(page, '/produtos/ferramentas');
    await controlledByWorker(page);
    // A shared link, a search engine or a reload: the server renders the page with its data.
    await visit(page, `/produto/${product.idprd}`);
    await page.getByRole('heading', { level: 1, name: product.descricao }).waitFor();
    // The worker keeps the page's catalogue answer (it may take a moment after the page shows).
    await expect
      .poll(async () =>
        (await cachedEntries(page)).some(
          (entry) => entry.url.includes('/APP_0027?') && entry.url.includes(`codigo=${product.idprd}`),
        ),
      )
      .toBe(true);

    await context.setOffline(true);
    await visit(page, '/produtos/ferramentas');
    await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: product.descricao }).waitFor();
    expect(await page.getByRole('heading', { name: 'Página indisponível sem conexão' }).count()).toBe(0);
    // Offline, only resource loads fail (images never shown online); the page itself logs nothing.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), failedLoad('ERR_FAILED'));
  });
});

describe('catalogue downloaded for offline use (store tablets)', () => {
  test('downloads with progress and size, then lists, searches (with a typo) and opens products offline', async ({
    browser,
  }) => {
    const { page, context } = await openPage(browser, { viewport: { width: 1024, height: 768 } });
    await visit(page, '/');
    await controlledByWorker(page);

    const best = await (await page.request.get(`${OPERATIONS}/APP_0041`)).json();
    const neverOpened = (best.produtos as Product[])[7];
    await page.getByRole('button', { name: 'Baixar catálogo para uso offline' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Catálogo salvo neste aparelho' });
    await saved.waitFor({ timeout: 90_000 });
    expect(await saved.textContent()).toMatch(/\d+ produtos, [\d,]+ (KB|MB)\. Atualizado em /);

    await context.setOffline(true);
    // The worker's own reads do not always follow setOffline in Chromium: they fail here too.
    await context.route(/\/datasnap\//, (route) => route.abort('internetdisconnected'));
    // Never searched online: the worker answers from the downloaded copy, typo forgiven.
    await visit(page, '/produtos/pesquisar/porcelanto');
    await page.getByText(/^\d+ produtos encontrados$/).waitFor();
    await page
      .getByRole('main')
      .getByText(/^Porcelanato /)
      .first()
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Página indisponível sem conexão' }).count()).toBe(0);
    await visit(page, '/produtos/banheiro');
    await page
      .getByText(/produtos? encontrados?/)
      .first()
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Página indisponível sem conexão' }).count()).toBe(0);

    // A product never opened: its page comes from the copy too.
    await visit(page, `/produto/${neverOpened.idprd}`);
    await page.getByRole('heading', { name: neverOpened.descricao }).waitFor();

    // Offline, only resource loads fail (images of pages never shown online); the page logs nothing.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'));
    await context.close();
  });
});

/** The header search's two lists for `typed`: 'Sugestão' terms and 'Produtos' names, as shown. */
async function searchBoxLists(page: Page, typed: string): Promise<{ terms: string[]; products: string[] }> {
  const search = page.getByRole('combobox', { name: 'Buscar produtos' });
  await search.fill(typed);
  const groups = page.getByRole('listbox').getByRole('group');
  await expect.poll(() => groups.count()).toBe(2);
  await groups.nth(1).getByRole('option').first().waitFor();
  return {
    terms: await groups.nth(0).getByRole('option').allTextContents(),
    products: await groups.nth(1).getByRole('option').allTextContents(),
  };
}

/** The search results page: its count line and the names of its first cards. */
async function searchResults(page: Page, typed: string): Promise<{ count: string; first: string[] }> {
  await visit(page, `/produtos/pesquisar/${typed}`);
  const count = page.getByText(/^\d+ produtos? encontrados?$/);
  await count.waitFor();
  const names = page.getByRole('main').getByRole('article').getByRole('heading');
  return { count: (await count.textContent()) ?? '', first: (await names.allTextContents()).slice(0, 8) };
}

describe('offline search over the downloaded catalogue', () => {
  test("suggests and finds for 'porcel' offline what the same page shows online", async ({ browser }) => {
    const { page, context } = await openPage(browser, { viewport: { width: 1024, height: 768 } });
    await visit(page, '/');
    await controlledByWorker(page);
    await page.getByRole('button', { name: 'Baixar catálogo para uso offline' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Catálogo salvo neste aparelho' })
      .waitFor({ timeout: 90_000 });

    const online = await searchBoxLists(page, 'porcel');
    const onlineResults = await searchResults(page, 'porcel');
    expect(online.products.length).toBeGreaterThan(0);
    expect(onlineResults.first.length).toBeGreaterThan(0);
    // The answers the worker kept of those reads go, so offline only the downloaded copy answers.
    await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys())
          if (request.url.includes('porcel')) await cache.delete(request);
      }
    });

    await context.setOffline(true);
    // The worker's own reads do not always follow setOffline in Chromium: they fail here too.
    await context.route(/\/datasnap\//, (route) => route.abort('internetdisconnected'));
    const answeredBy: string[] = [];
    page.on('response', (response) => {
      if (/APP_002[78]\?.*porcel/.test(response.url()))
        answeredBy.push(response.headers()['x-casa-obra-offline'] ?? response.url());
    });
    await visit(page, '/');
    expect(await searchBoxLists(page, 'porcel')).toEqual(online);
    expect(await searchResults(page, 'porcel')).toEqual(onlineResults);
    expect(answeredBy.length).toBeGreaterThan(0);
    expect(
      answeredBy.every((by) => by === 'catalogo-baixado'),
      answeredBy.join('\n'),
    ).toBe(true);
    // Offline, only resource loads fail (images of pages never shown online); the page logs nothing.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'));
    await context.close();
  });
});

describe('Cache Storage after customer, order and payment calls', () => {
  test('holds catalogue answers only, and nothing of the customer', async ({ browser }) => {
    const { page, context } = await openPage(browser, phone);
    await visit(page, '/');
    await controlledByWorker(page);

    const stamp = Date.now().toString().slice(-8);
    const customer = {
      cpf: '529.982.247-25',
      nome: `Cliente Cache ${stamp}`,
      celular: '(11) 98765-4321',
      email: `cache${stamp}@exemplo.com.br`,
      senha: 'Senha@123',
      fisica: '',
    };
    // Every call goes through the page (and so through the worker), with the session cookie.
    const statuses = await page.evaluate(
      async ({ base, customer }) => {
        const call = async (operation: string, body?: unknown) => {
          const response = await fetch(`${base}/${operation}`, {
            method: body === undefined ? 'GET' : 'POST',
            credentials: 'include',
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          await response.text();
          return `${operation.split('?')[0]} ${response.status}`;
        };
        const results = [await call('APP_0035', customer)];
        results.push(await call('APP_0045', { email: customer.cpf, senha: customer.senha }));
        const login = await fetch(`${base}/APP_0045`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: customer.cpf, senha: customer.senha }),
        }).then((response) => response.json());
        const id = login.id;
        for (const operation of [
          `APP_0088?id=${id}`,
          `APP_0055?id=${id}`,
          `APP_0053?id=1`,
          'APP_0049',
          'APP_0070',
          'APP_0080?idmov=1',
          'APP_0041',
          `APP_0027?codigo=1`,
        ])
          results.push(await call(operation));
        results.push(
          await call('APP_0047', { fixo: '', celular: customer.celular, email: customer.email, id }),
        );
        for (const operation of ['APP_0050', 'APP_0063', 'APP_0079', 'APP_0051'])
          results.push(await call(operation, { id }));
        // The same catalogue read twice: the second time it is served (and kept) by the worker.
        results.push(await call('APP_0041'));
        return results;
      },
      { base: OPERATIONS, customer },
    );
    expect(statuses).toContain('APP_0045 200');
    expect(statuses).toContain('APP_0088 200');

    const entries = await cachedEntries(page);
    const apiEntries = entries.filter((entry) => entry.url.includes(OPERATIONS));
    const operations = apiEntries.map((entry) => new URL(entry.url).pathname.split('/').pop());
    expect(operations).toContain('APP_0041');
    expect(operations.filter((operation) => !CATALOGUE_OPERATIONS.includes(operation!))).toEqual([]);
    for (const entry of entries) {
      expect(entry.body).not.toContain(customer.email);
      expect(entry.body).not.toContain(customer.nome);
    }
    // 4xx answers to the deliberately incomplete order and payment calls are logged by the browser.
    allowErrors(page, failedResource(400), failedResource(404));
    await context.close();
  });
});
