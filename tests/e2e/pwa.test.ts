// The store as an installable app: manifest, icons, worker, update prompt (run `npm run build` first).
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';

import { NO_LOAD_SHEDDING, startProcess } from '../server-process';
import {
  allowErrors,
  baseURL,
  controlledByWorker,
  failedLoad,
  openPage,
  phone,
  test,
  visit,
} from './browser';
import { buyShownProduct } from './shopper';

function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('installable store', () => {
  test('links a pt-BR manifest that meets the install criteria, with icons that load', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: 'Casa & Obra — Materiais de Construção',
      short_name: 'Casa & Obra',
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#c92a2a',
      categories: ['shopping'],
    });
    for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
      const answer = await page.request.get(icon.src);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await answer.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }

    await controlledByWorker(page);
    // Chromium's own verdict: nothing stops installation (manifest, icons, worker, HTTPS-or-localhost).
    const devtools = await context.newCDPSession(page);
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    // Test contexts are incognito windows, where Chromium never installs; that is the only objection.
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    const { errors } = await devtools.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    assertNoErrors();
    await context.close();
  });
});

describe('install offer', () => {
  test("offers 'Instalar app' when the browser allows installing, and opens the browser's dialog", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/');
    await page.getByRole('contentinfo').waitFor();
    // The browser's own event, as Chromium fires it once the install criteria are met.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          (window as unknown as { installDialogOpened: boolean }).installDialogOpened = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByRole('button', { name: 'Instalar app' }).click();
    await page.waitForFunction(
      () => (window as unknown as { installDialogOpened?: boolean }).installDialogOpened,
    );
    // The offer is used once: the button goes away.
    await page.getByRole('button', { name: 'Instalar app' }).waitFor({ state: 'detached' });
    assertNoErrors();
    await context.close();
  });

  test("installs its service worker even when the app's code never arrives", async ({ browser }) => {
    const { page, context } = await openPage(browser, phone);
    // The page's own requests for the app's code fail (the worker's precache fetches its copies).
    await page.route('**/assets/*.js', (route) => route.abort());
    allowErrors(page, failedLoad('ERR_FAILED'));
    const best = await (await fetch(`${baseURL()}/datasnap/rest/TFireFlay/APP_0041`)).json();
    await page.goto(`/produto/${best.produtos[0].idprd}`, { waitUntil: 'commit' });

    const worker = await page.evaluate(() =>
      navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL),
    );
    expect(worker).toBe(`${baseURL()}/sw.js`);
    // The app never took the page over: the registration is the loader's, not the app's.
    expect(await page.locator('html[data-pronto]').count()).toBe(0);
    await context.close();
  });

  test('tells iPhone users how to add the store to the home screen', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, {
      ...phone,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    await visit(page, '/');
    const howTo = page.getByText(
      'Para instalar no iPhone ou iPad: toque em Compartilhar e depois em Adicionar à Tela de Início.',
    );
    await howTo.waitFor();
    await page
      .getByRole('region', { name: 'Instalar o aplicativo' })
      .getByRole('button', { name: 'Fechar' })
      .click();
    await howTo.waitFor({ state: 'detached' });
    assertNoErrors();
    await context.close();
  });
});

/**
 * A second store on its own origin serving a copy of the build, so this test can publish a "new
 * version" (a changed sw.js) without touching the build the other browser tests use.
 */
async function startCopyOfStore(): Promise<{ url: string; staticDir: string; stop(): Promise<void> }> {
  const staticDir = mkdtempSync(join(tmpdir(), 'storefront-pwa-static-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-pwa-data-'));
  const removeFolders = () => {
    rmSync(staticDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    cpSync(resolve(process.env.STATIC_DIR ?? 'dist'), staticDir, { recursive: true });
    const server = await startProcess(
      'src/server/server.ts',
      { DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: staticDir, LOG_LEVEL: 'warn', ...NO_LOAD_SHEDDING },
      '/',
      120_000,
    );
    const stop = async () => {
      await server.stop();
      removeFolders();
    };
    return { url: server.url, staticDir, stop };
  } catch (error) {
    removeFolders();
    throw error;
  }
}

describe('a new version of the store', () => {
  let store: Awaited<ReturnType<typeof startCopyOfStore>>;
  beforeAll(async () => {
    store = await startCopyOfStore();
  });
  afterAll(() => store?.stop());

  test('is offered with Nova versão disponível, waits while a form has input, and Atualizar switches to it keeping the cart', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, `${store.url}/`);
    await controlledByWorker(page);
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

    // Something in the cart, which the update must not lose.
    const best = await (await fetch(`${store.url}/datasnap/rest/TFireFlay/APP_0041`)).json();
    await visit(page, `${store.url}/produto/${best.produtos[0].idprd}`);
    await buyShownProduct(page);
    const cartBadge = page.getByRole('banner').getByRole('link', { name: 'Carrinho, 1 item' });
    await cartBadge.waitFor();

    // Publish a new version: any byte change in sw.js makes the browser install it beside the old one.
    appendFileSync(join(store.staticDir, 'sw.js'), '\n// nova versão\n');

    // While a form has typed input the prompt waits, even with the new version installed and waiting.
    await visit(page, `${store.url}/contato`);
    await page.getByLabel('Nome ou empresa').fill('Maria Souza');
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration!.update();
    });
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting != null,
    );
    // A check that something does not happen: Workbox calls an installed worker 'waiting' 200 ms
    // after it installs (WAITING_TIMEOUT_DURATION), so the prompt would be on screen by 500 ms.
    await page.waitForTimeout(500);
    expect(await page.getByText('Nova versão disponível').count()).toBe(0);

    // Once the person moves on, it is offered; Atualizar hands over to the new worker and reloads.
    await page
      .getByRole('link', { name: /página inicial/i })
      .first()
      .click();
    await page.waitForURL(`${store.url}/`);
    await page.getByText('Nova versão disponível').waitFor();
    await page.evaluate(() => sessionStorage.setItem('antes-da-atualizacao', 'sim'));
    // The new worker takes over, then the page reloads: on a loaded 2-core machine this took over 30 s once.
    const reloaded = page.waitForEvent('load', { timeout: 90_000 });
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await reloaded;
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const waitingAfter = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
    );
    expect(waitingAfter).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('antes-da-atualizacao'))).toBe('sim');
    await cartBadge.waitFor();
    expect(firstWorker).toContain('/sw.js');
    await expect(page.getByText('Nova versão disponível').count()).resolves.toBe(0);
    assertNoErrors();
    await context.close();
  });
});
