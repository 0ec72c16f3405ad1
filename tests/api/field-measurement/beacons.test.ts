import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FIELD_BEACON_INVALID_MESSAGE,
  FIELD_REPORT_MANAGER_ONLY_MESSAGE,
  storePerformanceOperation,
  type FieldReport,
} from '../../../src/api/field-measurement';
import { STAFF_SIGNED_OUT_MESSAGE } from '../../../src/api/store-staff';
import { FIELD_BEACON_PATH } from '../../../src/domain/field-measurement';
import { fieldReportText } from '../../../src/server/cli-field-measurement';
import { CROSS_ORIGIN_MESSAGE } from '../../../src/server/http/origin-check';
import { rows } from '../orders/checkout';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { ADMIN_TOKEN, admin, pairedTablet } from '../store-mode/tablet';
import { addStaff, signInStaff } from '../store-staff/staff';

// POST /rum (issue 39): the one beacon a page sends when it is hidden, and the report of what
// those beacons measured (`npm run store -- rum:report`, the manager's /loja/desempenho).

const ORIGIN = 'http://localhost:8080';
const CHROME_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const productBeacon = {
  rota: '/produto/:id',
  largura: 390,
  conexao: '4g',
  metricas: { LCP: 1800, INP: 120, CLS: 0.02, FCP: 900, TTFB: 300, TAP_FEEDBACK: 16, TAP_ANSWER: 240 },
};

describe.each(databaseKinds)('field measurement on %s', (kind) => {
  let t: TestApp;
  let now = new Date('2026-03-10T15:00:00Z');
  let address = 0;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN, RATE_LIMIT_PER_ADDRESS: '5' }, { clock: () => now });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    now = new Date('2026-03-10T15:00:00Z');
    await t.database.db.execute(sql`DELETE FROM field_samples`);
  });

  /** Sends a beacon as navigator.sendBeacon does (text/plain, the page's origin, its cookies), each from its own address unless told. */
  const send = (
    payload: unknown,
    { headers = {}, from }: { headers?: Record<string, string>; from?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: FIELD_BEACON_PATH,
      remoteAddress: from ?? `10.9.${Math.floor(++address / 250)}.${address % 250}`,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        origin: ORIGIN,
        'sec-fetch-site': 'same-origin',
        'user-agent': CHROME_PHONE,
        cookie: 'sid=a-session-token; carrinho=1',
        ...headers,
      },
    });
  const stored = () =>
    rows<Record<string, unknown>>(
      t.database,
      sql`SELECT day::text AS day, page, device, browser, connection, metric, value FROM field_samples ORDER BY metric`,
    );
  const report = async (dias?: number) => {
    const answer = await admin(t.app, 'GET', `/field-report${dias ? `?dias=${dias}` : ''}`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json as unknown as FieldReport;
  };

  it('stores each figure of a beacon by day, page, device, browser and connection, and nothing else', async () => {
    const answer = await send(productBeacon);
    expect(answer.statusCode, answer.body).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['set-cookie']).toBeUndefined();
    const samples = await stored();
    expect(samples).toHaveLength(7);
    expect(samples.find((row) => row.metric === 'LCP')).toEqual({
      day: '2026-03-10',
      page: '/produto/:id',
      device: 'celular',
      browser: 'Chrome',
      connection: '4g',
      metric: 'LCP',
      value: 1800,
    });
    // The table has no room for the address, the cookies or the User-Agent itself.
    const columns = await rows<{ column_name: string }>(
      t.database,
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'field_samples' ORDER BY column_name`,
    );
    expect(columns.map((row) => row.column_name)).toEqual([
      'browser',
      'connection',
      'day',
      'device',
      'id',
      'metric',
      'page',
      'value',
    ]);
  });

  it('refuses bad, oversized and cross-origin beacons with a pt-BR answer, storing nothing', async () => {
    const bad: unknown[] = [
      { ...productBeacon, rota: '/produto/:id?cpf=12345678909' },
      { ...productBeacon, rota: 'produto' },
      { ...productBeacon, rota: '/detalhes_pedido/48213' },
      { ...productBeacon, email: 'ana@example.com' },
      { ...productBeacon, metricas: { ...productBeacon.metricas, PEDIDO: 1234 } },
      { ...productBeacon, metricas: { LCP: -1 } },
      { ...productBeacon, metricas: {} },
      { ...productBeacon, largura: 'larga' },
      { ...productBeacon, conexao: '5g' },
    ];
    for (const payload of bad) {
      const answer = await send(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toEqual({ resposta: FIELD_BEACON_INVALID_MESSAGE });
    }
    const malformed = await send('{"rota": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ resposta: 'Corpo da requisição inválido: JSON malformado.' });

    const oversized = await send({ ...productBeacon, rota: '/produto/:id', extra: 'x'.repeat(4000) });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({ resposta: 'Requisição grande demais.' });

    const crossOrigin = await send(productBeacon, {
      headers: { origin: 'https://outra-loja.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json()).toEqual({ resposta: CROSS_ORIGIN_MESSAGE });

    expect(await stored()).toEqual([]);
  });

  it('limits the beacons of one address, with a pt-BR answer', async () => {
    const from = '10.200.0.1';
    for (let index = 0; index < 5; index += 1)
      expect((await send(productBeacon, { from })).statusCode).toBe(204);
    const over = await send(productBeacon, { from });
    expect(over.statusCode).toBe(429);
    expect(over.json().resposta).toMatch(/^Muitas tentativas em pouco tempo\./);
    expect(await stored()).toHaveLength(5 * 7);
  });

  it('computes p50, p75 and p95 exactly, per page, device and browser, and p75 LCP and INP per day', async () => {
    // LCP 100, 200 ... 2000 ms on phones in Chrome: nearest rank gives the 10th, 15th and 19th.
    for (let index = 1; index <= 20; index += 1)
      expect((await send({ ...productBeacon, metricas: { LCP: index * 100 } })).statusCode).toBe(204);
    // INP on a tablet in Safari, yesterday: 50, 150, 250, 650.
    now = new Date('2026-03-09T15:00:00Z');
    for (const inp of [650, 50, 250, 150])
      expect(
        (
          await send(
            { rota: '/', largura: 1024, metricas: { INP: inp } },
            { headers: { 'user-agent': SAFARI_IPAD } },
          )
        ).statusCode,
      ).toBe(204);
    now = new Date('2026-03-10T15:00:00Z');

    const answer = await report();
    expect(answer.dias).toBe(28);
    expect(answer.desde).toBe('2026-02-11');
    expect(answer.linhas).toEqual([
      {
        pagina: '/',
        aparelho: 'tablet',
        navegador: 'Safari',
        metrica: 'INP',
        amostras: 4,
        p50: 150,
        p75: 250,
        p95: 650,
      },
      {
        pagina: '/produto/:id',
        aparelho: 'celular',
        navegador: 'Chrome',
        metrica: 'LCP',
        amostras: 20,
        p50: 1000,
        p75: 1500,
        p95: 1900,
      },
    ]);
    expect(answer.porDia).toHaveLength(28);
    expect(answer.porDia.at(-2)).toEqual({ dia: '2026-03-09', LCP: null, INP: 250 });
    expect(answer.porDia.at(-1)).toEqual({ dia: '2026-03-10', LCP: 1500, INP: null });

    // What `npm run store -- rum:report` prints, judged by the Web Vitals thresholds.
    const text = fieldReportText(answer);
    expect(text).toContain(
      '/  tablet  Safari  p75 250 ms (precisa melhorar)  p50 150 ms  p95 650 ms  4 amostra(s)',
    );
    expect(text).toContain(
      '/produto/:id  celular  Chrome  p75 1,50 s (bom)  p50 1,00 s  p95 1,90 s  20 amostra(s)',
    );

    // Yesterday is outside a one-day report.
    expect((await report(1)).linhas.map((line) => line.metrica)).toEqual(['LCP']);
  });

  it('gives the report to a manager on a paired tablet only', async () => {
    await send(productBeacon);
    const tablet = await pairedTablet(t.app, 3);
    const manager = await signInStaff(t.app, tablet.cookie, await addStaff(t.app, 3, 'gerente'));

    const asManager = await call(t.app, storePerformanceOperation, {
      query: { dias: 7 },
      cookie: `${tablet.cookie}; ${manager}`,
    });
    expect(asManager.status, asManager.raw).toBe(200);
    expect(asManager.headers['cache-control']).toBe('no-store');
    expect(asManager.json.linhas.map((line) => line.metrica)).toEqual([
      'LCP',
      'INP',
      'CLS',
      'FCP',
      'TTFB',
      'TAP_FEEDBACK',
      'TAP_ANSWER',
    ]);

    // One staff member at a time on a tablet: the seller's sign-in ends the manager's.
    const seller = await signInStaff(t.app, tablet.cookie, await addStaff(t.app, 3, 'vendedor'));
    const asSeller = await call(t.app, storePerformanceOperation, { cookie: `${tablet.cookie}; ${seller}` });
    expect(asSeller.status).toBe(403);
    expect(asSeller.json.resposta).toBe(FIELD_REPORT_MANAGER_ONLY_MESSAGE);
    const tabletOnly = await call(t.app, storePerformanceOperation, { cookie: tablet.cookie });
    expect(tabletOnly.status).toBe(401);
    expect(tabletOnly.json.resposta).toBe(STAFF_SIGNED_OUT_MESSAGE);
    const shopper = await call(t.app, storePerformanceOperation, { cookie: manager });
    expect(shopper.status).toBe(401);
  });

  it('drops samples older than 90 days as new beacons arrive', async () => {
    await send({ ...productBeacon, metricas: { LCP: 1000 } });
    now = new Date('2026-06-08T15:00:00Z'); // 90 days later: still kept
    await send({ ...productBeacon, metricas: { LCP: 2000 } });
    expect((await stored()).map((row) => row.day)).toEqual(['2026-03-10', '2026-06-08']);
    now = new Date('2026-06-09T15:00:00Z'); // 91 days after the first
    await send({ ...productBeacon, metricas: { LCP: 3000 } });
    expect((await stored()).map((row) => row.day).sort()).toEqual(['2026-06-08', '2026-06-09']);
  });
});
