import { describe, expect } from 'vitest';
import type { FieldReport } from '../../src/api/field-measurement';
import { FIELD_BEACON_PATH, type FieldMetric } from '../../src/domain/field-measurement';
import { expectAccessible } from './axe';
import { appReady, baseURL, holdAppScript, openPage, phone, test, visit } from './browser';
import { addStaff, pair, staffSignIn } from './store-staff';
import { OPERATIONS, staffRequest } from './shopper';

// Field measurement (issue 39): a shopper's page view measured in the browser, sent in one beacon
// when the page is hidden, and read back in the manager's report.

/** A best seller sold by the unit (no lotes): its page's 'COMPRAR AGORA' adds one at once. */
async function unitProduct() {
  const answer = (await (await fetch(`${baseURL()}${OPERATIONS}/APP_0041`)).json()) as {
    produtos: Array<{ idprd: number; multiploprdvenda: unknown }>;
  };
  return answer.produtos.find((candidate) => !candidate.multiploprdvenda)!;
}

/** Samples of each figure the report holds for the product page on phones in Chrome today. */
async function phoneFigures(): Promise<Partial<Record<FieldMetric, number>>> {
  const report = (await (await staffRequest('GET', '/field-report?dias=1')).json()) as FieldReport;
  return Object.fromEntries(
    report.linhas
      .filter(
        (line) =>
          line.pagina === '/produto/:id' && line.aparelho === 'celular' && line.navegador === 'Chrome',
      )
      .map((line) => [line.metrica, line.amostras]),
  );
}

describe('field measurement', () => {
  test("a product page, a tap on 'COMPRAR AGORA' before the app, the page hidden: one beacon with the figures and the route pattern only", async ({
    browser,
  }) => {
    const product = await unitProduct();
    const { page, assertNoErrors } = await openPage(browser, phone);
    // What the page hands navigator.sendBeacon, kept in the tab's sessionStorage (the real call still
    // goes out): the browser sends a beacon while it leaves the page, where Playwright sees no request.
    await page.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        const sent = JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as unknown[];
        sessionStorage.setItem(
          'beacons',
          JSON.stringify([...sent, { url: String(url), data: String(data) }]),
        );
        return send(url, data);
      };
    });
    const before = await phoneFigures();
    // The app's code held back: the tap is answered by the page's own script (src/early).
    const release = await holdAppScript(page);
    await page.goto(`/produto/${product.idprd}?utm_source=email&cpf=52998224725`, { waitUntil: 'commit' });
    // The shopper taps once the page has shown its main content: a tap before that ends the
    // browser's LCP with no figure at all (Chromium stops LCP at the first input).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          new PerformanceObserver(() => resolve()).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          }),
        ),
    );
    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Produto no carrinho' });
    await dialog.waitFor();
    release();
    await appReady(page);
    await page.waitForSelector('html[data-medindo]', { state: 'attached' });
    // A tap on the settled page too.
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The shopper leaves: the page is hidden (headless Chromium hides no tab when another comes to
    // the front, so leaving is how a test hides a page). Back on the store, the tab's record.
    await page.goto('about:blank');
    await page.goto('/faq', { waitUntil: 'commit' });
    const beacons = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as Array<{ url: string; data: string }>,
    );
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe(FIELD_BEACON_PATH);
    const sent = JSON.parse(beacons[0]!.data) as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['conexao', 'largura', 'metricas', 'rota']);
    expect(sent.rota).toBe('/produto/:id');
    expect(sent.largura).toBe(phone.viewport!.width);
    const metricas = sent.metricas as Record<string, number>;
    for (const name of ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'TAP_FEEDBACK', 'TAP_ANSWER'])
      expect(metricas[name], name).toBeTypeOf('number');
    expect(metricas.TAP_FEEDBACK).toBeLessThanOrEqual(metricas.TAP_ANSWER!);
    expect(beacons[0]!.data).not.toMatch(/utm|email|cpf|52998224725/);

    // The server stored it, once: the manager's report (`npm run store -- rum:report`) counts one
    // more page view of that page type on a phone, with each of its figures.
    await expect.poll(async () => (await phoneFigures()).LCP ?? 0).toBe((before.LCP ?? 0) + 1);
    const after = await phoneFigures();
    for (const name of ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'TAP_FEEDBACK', 'TAP_ANSWER'] as const)
      expect(after[name], name).toBe((before[name] ?? 0) + 1);
    assertNoErrors();
  });
});

describe("the manager's performance page", () => {
  /** A beacon as a shopper's tablet would send, so the page has figures whatever ran before. */
  const tabletBeacon = async () => {
    const response = await fetch(`${baseURL()}${FIELD_BEACON_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 Firefox/133.0' },
      body: JSON.stringify({ rota: '/', largura: 1024, conexao: '4g', metricas: { LCP: 4200, INP: 90 } }),
    });
    expect(response.status).toBe(204);
  };

  test('at 1024 px a manager on a paired tablet sees the chart and the table; a seller and a shopper do not', async ({
    browser,
  }) => {
    await tabletBeacon();
    const { page, assertNoErrors } = await openPage(browser, { viewport: { width: 1024, height: 768 } });
    await pair(page);
    const manager = await addStaff('Gerente Medida', 'gerente');
    await staffSignIn(page, manager);
    await page.getByRole('link', { name: 'Desempenho da loja' }).click();
    await page.waitForURL((url) => url.pathname === '/loja/desempenho');
    await page.getByRole('heading', { name: 'Desempenho da loja', level: 1 }).waitFor();

    const chart = page.getByRole('img', { name: /^Gráfico do p75 de LCP e de INP por dia/ });
    await chart.locator('canvas').waitFor();
    expect((await chart.boundingBox())!.width).toBeGreaterThan(600);
    const table = page.getByRole('region', { name: 'Medições por página, aparelho e navegador' });
    await table
      .getByRole('row', { name: /^\/ tablet Firefox LCP \(maior elemento\) 4,20 s ruim / })
      .waitFor();
    await expectAccessible(page, '/loja/desempenho');

    // The seller signed in on the same tablet: no figures, and the server refuses them too (API test).
    await visit(page, '/loja');
    await page.getByRole('main').getByRole('button', { name: 'Sair' }).click();
    const seller = await addStaff('Vendedor Medida', 'vendedor');
    await staffSignIn(page, seller);
    await page.getByRole('main').getByRole('button', { name: 'Sair' }).waitFor();
    expect(await page.getByRole('link', { name: 'Desempenho da loja' }).count()).toBe(0);
    await visit(page, '/loja/desempenho');
    await page
      .getByRole('status')
      .filter({ hasText: 'Somente o gerente da loja vê o desempenho da loja.' })
      .waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    assertNoErrors();

    // A shopper's browser, never paired.
    const shopper = await openPage(browser, { viewport: { width: 1024, height: 768 } });
    await visit(shopper.page, '/loja/desempenho');
    await shopper.page
      .getByRole('status')
      .filter({ hasText: 'Somente o gerente da loja vê o desempenho da loja.' })
      .waitFor();
    expect(await shopper.page.getByRole('table').count()).toBe(0);
    shopper.assertNoErrors();
  });
});
