import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSetupOperation } from '../../../src/api/cards';
import { buildApp } from '../../../src/server/app';
import { readConfig } from '../../../src/server/config';
import type { Database } from '../../../src/server/db/client';
import { CARD_NOTIFICATIONS_PATH } from '../../../src/server/services/payments/cards/provider';
import { HMAC_KEY, MERCHANT, notification } from '../orders/adyen-adapter';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { freshDatabase } from '../databases';

// CARD_PROVIDER chooses who takes cards, by configuration alone: Adyen starts when its variables
// can work and is refused, before the store starts, with the reason when they cannot; the checkout
// is told which fields to load, and the CSP names that provider's hosts and no other's.

const ADYEN = {
  CARD_PROVIDER: 'adyen',
  ADYEN_API_KEY: 'AQE-test-api-key',
  ADYEN_MERCHANT_ACCOUNT: MERCHANT,
  ADYEN_CLIENT_KEY: 'test_CLIENTKEY0123456789',
  ADYEN_HMAC_KEY: HMAC_KEY,
};
const LIVE = {
  ...ADYEN,
  ADYEN_ENVIRONMENT: 'live',
  ADYEN_CLIENT_KEY: 'live_CLIENTKEY0123456789',
  ADYEN_LIVE_URL_PREFIX: '1797a841fbb37ca7-CasaObra',
  PUBLIC_URL: 'https://loja.example.com.br',
  COOKIE_SECURE: 'true',
};

function directives(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the card provider’s configuration, refused before the store starts', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
  });
  afterAll(() => database.close());

  const start = (env: Record<string, string>) =>
    buildApp({ config: readConfig({ STATIC_DIR: './no-build', LOG_LEVEL: 'silent', ...env }), database });

  it('names what is missing or wrong in an Adyen setup', () => {
    expect(() => readConfig({ ...ADYEN, ADYEN_HMAC_KEY: '' })).toThrow(
      /CARD_PROVIDER=adyen needs .*ADYEN_HMAC_KEY/,
    );
    expect(() => readConfig({ ...ADYEN, ADYEN_CLIENT_KEY: 'live_CLIENTKEY0123456789' })).toThrow(
      /ADYEN_CLIENT_KEY is not a client key of Adyen's test environment \(it starts with test_\)/,
    );
    expect(() => readConfig({ ...LIVE, ADYEN_LIVE_URL_PREFIX: '' })).toThrow(
      /ADYEN_ENVIRONMENT=live needs ADYEN_LIVE_URL_PREFIX/,
    );
    expect(() => readConfig({ ...LIVE, PUBLIC_URL: 'http://loja.example.com.br' })).toThrow(
      /ADYEN_ENVIRONMENT=live needs an https PUBLIC_URL/,
    );
    expect(() => readConfig({ ...ADYEN, ADYEN_WEBHOOK_USERNAME: 'adyen' })).toThrow(
      /ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD go together/,
    );
  });

  it('refuses an HMAC key that is not hex (webhooks signed under it could be forged)', async () => {
    await expect(start({ ...ADYEN, ADYEN_HMAC_KEY: 'segredo-da-loja' })).rejects.toThrow(
      /the HMAC key must be hex \(ADYEN_HMAC_KEY\)/,
    );
  });

  it('starts live Adyen with the live hosts, and any https issuer for 3-D Secure frames and posts', async () => {
    const app = await start(LIVE);
    await app.ready();
    const { headers, json } = await call(app, cardSetupOperation);
    expect(json).toEqual({
      provedor: 'adyen',
      origem: 'https://checkoutshopper-live.adyen.com',
      campos: expect.stringMatching(
        /^https:\/\/checkoutshopper-live\.adyen\.com\/checkoutshopper\/sdk\/\d+\.\d+\.\d+\/adyen\.js$/,
      ),
      chave: 'live_CLIENTKEY0123456789',
    });
    const csp = directives(headers['content-security-policy']);
    expect(csp.get('script-src')).toContain('https://checkoutshopper-live.adyen.com');
    expect(csp.get('script-src')).not.toContain('https://checkoutshopper-test.adyen.com');
    expect(csp.get('frame-src')).toEqual(['https://checkoutshopper-live.adyen.com', 'https:']);
    expect(csp.get('form-action')).toEqual(["'self'", 'https:']);
    await app.close();
  });
});

describe.each(databaseKinds)('CARD_PROVIDER=adyen on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ...ADYEN, CARD_WORK_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it('starts with no emulator and tells the checkout to load Adyen Web with the client key, never stored', async () => {
    expect(t.app.cards.provider.name).toBe('adyen');
    expect(t.app.cards.emulator).toBeNull();
    const { status, json, headers } = await call(t.app, cardSetupOperation);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(json).toEqual({
      provedor: 'adyen',
      origem: 'https://checkoutshopper-test.adyen.com',
      campos: expect.stringMatching(
        /^https:\/\/checkoutshopper-test\.adyen\.com\/checkoutshopper\/sdk\/.+\/adyen\.js$/,
      ),
      chave: 'test_CLIENTKEY0123456789',
    });
    // The secrets stay on the server.
    expect(JSON.stringify(json)).not.toMatch(/AQE-test-api-key|44782DEF/);
  });

  it('names exactly Adyen’s test hosts in the CSP, and no emulator', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = directives(page.headers['content-security-policy']);
    const shopper = 'https://checkoutshopper-test.adyen.com';
    expect(csp.get('script-src')!.filter((source) => source.startsWith('https:'))).toEqual([shopper]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'", shopper]);
    expect(csp.get('frame-src')).toEqual([shopper, 'https://pal-test.adyen.com']);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://pal-test.adyen.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", shopper, 'https://checkoutanalytics-test.adyen.com']);
    expect(csp.get('img-src')).toContain('https://checkoutshopper-test.cdn.adyen.com');
    expect(String(page.headers['content-security-policy'])).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it('answers Adyen’s signed webhook with [accepted], and refuses a forged one', async () => {
    const post = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: CARD_NOTIFICATIONS_PATH,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const genuine = notification('AUTHORISATION', { pspReference: 'QFQTPCQ8HXSKGK11' });
    const accepted = await post(genuine);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ resposta: '[accepted]' });
    const forged = structuredClone(genuine);
    forged.notificationItems[0].NotificationRequestItem.amount.value = 1;
    expect((await post(forged)).statusCode).toBe(401);
  });
});

describe('the CSP with the bundled emulator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { CARD_WORK_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it('frames the emulator’s origin only, and loads no script of any card provider', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('frame-src')).toEqual([t.app.cards.provider.client.origin]);
    expect(csp.get('script-src')!.filter((source) => source.startsWith('http'))).toEqual([]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(String(page.headers['content-security-policy'])).not.toContain('adyen');
  });
});
