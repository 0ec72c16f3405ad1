// A new build deployed under an open page (run `npm run build` first): the page of the old build
// walks on; its chunks come from the server's kept assets (or its service worker), a chunk gone
// anyway costs one reload of the same address, and the update prompt brings in the new build with
// the cart kept.
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { NO_LOAD_SHEDDING, startProcess, type RunningServer } from '../server-process';
import { signIn, buyShownProduct } from './shopper';
import {
  allowErrors,
  appReady,
  controlledByWorker,
  failedLoad,
  failedResource,
  openPage,
  phone,
  test,
  visit,
} from './browser';

let root: string;
let buildA: string;
let buildB: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'storefront-deploy-'));
  buildA = join(root, 'build-a');
  cpSync(resolve(process.env.STATIC_DIR ?? 'dist'), buildA, { recursive: true });
  buildB = nextBuild(buildA, join(root, 'build-b'));
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
});

/** Every text file under `dir`. */
function textFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile() && /\.(js|css|html|json|webmanifest)$/.test(file));
}

/**
 * Build B: build A with every hashed chunk and stylesheet under a new name (as a rebuild after a
 * change gives), every reference to them rewritten, and so a new sw.js and index.html.
 */
function nextBuild(from: string, to: string): string {
  // A's compressed copies (scripts/precompress.ts) hold A's text: B is sent compressed per request.
  cpSync(from, to, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  const renames = new Map<string, string>();
  for (const name of readdirSync(join(to, 'assets'))) {
    const match = /^(.+-[A-Za-z0-9_-]{8})\.(js|css)$/.exec(name);
    if (match) renames.set(name, `${match[1]}-nova.${match[2]}`);
  }
  for (const [before, after] of renames) renameSync(join(to, 'assets', before), join(to, 'assets', after));
  for (const file of textFiles(to)) {
    let text = readFileSync(file, 'utf8');
    for (const [before, after] of renames) text = text.split(before).join(after);
    writeFileSync(file, text);
  }
  return to;
}

/** One store, deployed from build A, then B on the same address and data folder. */
class Store {
  server?: RunningServer;
  readonly dataDir = mkdtempSync(join(root, 'data-'));
  /**
   * Stops the running build and starts `staticDir` on the same port. Between the two nothing
   * listens for a moment (a load balancer covers that in a real deploy): a page's own background
   * loads then (a rotating banner) fail with a refused connection, which the tests allow.
   */
  async deploy(staticDir: string) {
    const port = this.server?.port;
    await this.server?.stop();
    this.server = await startProcess(
      'src/server/server.ts',
      {
        DATA_DIR: this.dataDir,
        DATABASE_URL: '',
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'warn',
        ...NO_LOAD_SHEDDING,
        ...(port ? { PORT: String(port) } : {}),
      },
      '/healthz',
      120_000,
    );
  }
  get url() {
    return this.server!.url;
  }
}

let store: Store | undefined;
afterEach(async () => {
  await store?.server?.stop();
  store = undefined;
});

/** Paths of the chunks of build B the page has loaded. */
const newBuildChunks = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /-nova\.js$/.test(name)),
  );

describe('a deploy under an open page', () => {
  test("serves the old build's screens it had not opened, and a chunk gone anyway costs one reload", async ({
    browser,
  }) => {
    store = new Store();
    await store.deploy(buildA);
    // No service worker: the server alone must keep the old build working.
    const { page, context, assertNoErrors } = await openPage(browser, { ...phone, serviceWorkers: 'block' });
    await visit(page, `${store.url}/`);
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/') && response.status() >= 400) missing.push(response.url());
    });

    // The page has everything it loads by itself; what it asks for next comes from build B's server.
    await page.waitForLoadState('networkidle');
    allowErrors(page, failedLoad('ERR_CONNECTION_REFUSED'));
    await store.deploy(buildB);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Sobre nós', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/sobre');
    await page.getByRole('heading', { name: 'Sobre nós', level: 1 }).waitFor();
    expect(missing).toEqual([]);
    expect(await newBuildChunks(page)).toEqual([]);

    // The old build's chunks are gone after all (kept too long ago, another instance...).
    const keptDir = join(store.dataDir, 'kept-assets');
    const current = new Set(readdirSync(join(buildB, 'assets')));
    for (const name of readdirSync(keptDir)) if (!current.has(name)) rmSync(join(keptDir, name));
    allowErrors(page, failedResource(404));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await footer.getByRole('link', { name: 'Perguntas frequentes', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/faq');
    await page.getByRole('heading', { name: 'Perguntas frequentes', level: 1 }).waitFor();
    await appReady(page);
    expect(missing.length).toBeGreaterThan(0);
    expect(loads).toBe(1);
    expect((await newBuildChunks(page)).length).toBeGreaterThan(0);
    // Nothing left loading could still reload the page.
    await page.waitForLoadState('networkidle');
    expect(loads).toBe(1);
    assertNoErrors();
    await context.close();
  });

  test('offers the new version to an installed app, which keeps its cart and its checkout form through the update', async ({
    browser,
  }) => {
    store = new Store();
    await store.deploy(buildA);
    const { page, context, assertNoErrors } = await openPage(browser, { ...phone, baseURL: store.url });
    await visit(page, '/');
    await controlledByWorker(page);
    await signIn(page);
    const best = await (await fetch(`${store.url}/datasnap/rest/TFireFlay/APP_0041`)).json();
    const product = best.produtos[0] as { idprd: number; descricao: string };
    await visit(page, `/produto/${product.idprd}`);
    await buyShownProduct(page);
    const cartBadge = page.getByRole('banner').getByRole('link', { name: 'Carrinho, 1 item' });
    await cartBadge.waitFor();

    // Half a checkout: the address typed, not saved yet.
    await visit(page, '/checkout');
    const address = page.getByRole('form', { name: 'Endereço de Entrega' });
    await address.getByRole('textbox', { name: 'CEP' }).fill('13012100');
    await expect.poll(() => address.getByRole('textbox', { name: 'Cidade' }).inputValue()).toBe('Campinas');
    await address.getByRole('textbox', { name: 'Número' }).fill('4321');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('checkout_form_data') ?? ''))
      .toContain('4321');
    await visit(page, '/');
    await page.waitForLoadState('networkidle');
    allowErrors(page, failedLoad('ERR_CONNECTION_REFUSED'));
    await store.deploy(buildB);
    // The open app walks on into a screen it had not opened since its last load.
    await cartBadge.click();
    await page.waitForURL((url) => url.pathname === '/carrinho');
    await page.getByRole('listitem', { name: product.descricao }).waitFor();
    expect(await newBuildChunks(page)).toEqual([]);

    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await page.getByText('Nova versão disponível').waitFor();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await reloaded;
    await appReady(page);
    expect(new URL(page.url()).pathname).toBe('/carrinho');
    await page.getByRole('listitem', { name: product.descricao }).waitFor();
    expect((await newBuildChunks(page)).length).toBeGreaterThan(0);
    await page.getByRole('banner').getByRole('link', { name: 'Carrinho, 1 item' }).waitFor();

    await visit(page, '/checkout');
    const again = page.getByRole('form', { name: 'Endereço de Entrega' });
    await expect.poll(() => again.getByRole('textbox', { name: 'Número' }).inputValue()).toBe('4321');
    expect(await again.getByRole('textbox', { name: 'Cidade' }).inputValue()).toBe('Campinas');
    assertNoErrors();
    await context.close();
  });
});
