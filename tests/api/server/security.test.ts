import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestSellersOperation, productsOperation } from '../../../src/api/catalogue';
import {
  signInOperation,
  profileUpdateOperation,
  passwordChangeOperation,
  profileOperation,
} from '../../../src/api/customers';
import { DATASNAP_PATH } from '../../../src/api/datasnap-path';
import { orderListOperation } from '../../../src/api/orders';
import { movementValueOperation, placeOrderOperation } from '../../../src/api/place-order';
import { personalDataExportOperation } from '../../../src/api/personal-data';
import { CROSS_ORIGIN_MESSAGE } from '../../../src/server/http/origin-check';
import { PASSWORD, login, register, signedInCustomer } from '../customers/accounts';
import { buildPayload, makeProduct, newMov } from '../orders/checkout';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';

// What a browser is told about every answer (CSP, framing, sniffing, referrer, caching), and what a
// page of another site can no longer make a signed-in shopper's browser do.

const PUBLIC_URL = 'https://loja.example.com.br';
const EARLY_SCRIPT = '(function early(w){w.__early={};})(window);';
const INDEX_HTML = `<!doctype html><html><head><title>Loja</title>
<script>${EARLY_SCRIPT}</script>
<script type="application/json" id="dados">{"a":1}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div></body></html>`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function directives(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe.each(databaseKinds)('security headers on %s', (kind) => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'storefront-static-'));
    writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'assets', 'index-abc.js'), 'console.log(1);');
    t = await buildTestApp(kind, {
      STATIC_DIR: staticDir,
      PUBLIC_URL,
      VITE_IMAGE_BASE: 'https://img.example.com.br/imagens',
      VITE_DATASNAP_URL: 'https://erp.example.com.br/datasnap/rest/TFireFlay',
      VITE_CEP_LOOKUP_URL: '/ws',
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const expectSecurityHeaders = (headers: Record<string, unknown>, what: string) => {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(directives(headers['content-security-policy']).get('frame-ancestors'), what).toEqual(["'none'"]);
    // Plain HTTP here (COOKIE_SECURE unset): no HSTS, which would lock a local store out of http://.
    expect(headers['strict-transport-security'], what).toBeUndefined();
  };

  it('gives the HTML page a CSP that allows its inline script by hash and only our hosts', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/produto/1001' });
    expect(page.statusCode).toBe(200);
    expectSecurityHeaders(page.headers, 'page');
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", sha256(EARLY_SCRIPT)]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('img-src')).toContain('https://img.example.com.br');
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://erp.example.com.br',
      'https://img.example.com.br',
    ]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
  });

  it('sends the same headers with assets, images, errors and every kind of operation', async () => {
    const answers = {
      asset: await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' }),
      image: await t.app.inject({ method: 'GET', url: '/imagens/1001/1.png' }),
      missingOperation: await t.app.inject({ method: 'GET', url: `${DATASNAP_PATH}/APP_9999` }),
      catalogue: await t.app.inject({ method: 'GET', url: `${DATASNAP_PATH}/${bestSellersOperation.name}` }),
      listing: await t.app.inject({
        method: 'GET',
        url: `${DATASNAP_PATH}/${productsOperation.name}?grupo=banheiro`,
      }),
      customerWithoutSession: await t.app.inject({
        method: 'GET',
        url: `${DATASNAP_PATH}/${profileOperation.name}`,
      }),
    };
    for (const [what, answer] of Object.entries(answers)) expectSecurityHeaders(answer.headers, what);
    expect(answers.asset.headers['cache-control']).toContain('immutable');
    expect(answers.catalogue.headers['cache-control']).toContain('public');
    expect(answers.missingOperation.headers['cache-control']).toBe('no-store');
    expect(answers.customerWithoutSession.headers['cache-control']).toBe('no-store');
  });

  it('never lets a customer, order, payment or sign-in answer be stored', async () => {
    const person = await register(t.app);
    const signIn = await login(t.app, person.doc);
    expect(signIn.status).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    for (const operation of [
      profileOperation,
      orderListOperation,
      movementValueOperation,
      personalDataExportOperation,
    ]) {
      const answer = await call(t.app, operation, { cookie });
      expect(answer.status, operation.name).toBe(200);
      expect(answer.headers['cache-control'], operation.name).toBe('no-store');
      expectSecurityHeaders(answer.headers, operation.name);
    }
  });
});

describe.each(databaseKinds)('cross-origin writes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL });
  });
  afterAll(() => t.close());

  const from = (origin: string) => ({ origin });

  it('refuses a password change, a profile change and an order sent from another site', async () => {
    const me = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 1990, stock: 10 });
    const { payload } = await buildPayload(t, me, await newMov(t.app, me), {
      lines: [{ product, quantity: 1 }],
      tipo: 'pix',
    });
    const attempts = [
      call(t.app, passwordChangeOperation, {
        body: { senha_atual: PASSWORD, senha_nova: 'Roubada@123', id: me.id },
        cookie: me.cookie,
        headers: from('https://evil.example.net'),
      }),
      call(t.app, profileUpdateOperation, {
        body: { fixo: '', celular: '(19) 99999-0000', email: 'ladrao@evil.example.net', id: me.id },
        cookie: me.cookie,
        headers: from('https://loja.example.com.br.evil.example.net'),
      }),
      call(t.app, placeOrderOperation, { body: payload, cookie: me.cookie, headers: from('null') }),
      // Without Origin, the browser's Sec-Fetch-Site still tells.
      call(t.app, passwordChangeOperation, {
        body: { senha_atual: PASSWORD, senha_nova: 'Roubada@123', id: me.id },
        cookie: me.cookie,
        headers: { 'sec-fetch-site': 'cross-site' },
      }),
      // A form of another site can post text/plain without a preflight: refused too.
      call(t.app, passwordChangeOperation, {
        body: JSON.stringify({ senha_atual: PASSWORD, senha_nova: 'Roubada@123', id: me.id }),
        cookie: me.cookie,
        headers: { ...from('https://evil.example.net'), 'content-type': 'text/plain' },
      }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status, answer.raw).toBe(403);
      expect(answer.json.resposta).toBe(CROSS_ORIGIN_MESSAGE);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // Nothing changed: the old password still signs in, the e-mail is the same, no order exists.
    expect((await login(t.app, me.doc)).status).toBe(200);
    const profile = await call(t.app, profileOperation, { cookie: me.cookie });
    expect(profile.json.email).toBe(me.email);
    expect((await call(t.app, orderListOperation, { cookie: me.cookie })).json).toEqual([]);
  });

  it('accepts the same writes from the store itself, and from clients that are not browsers', async () => {
    const me = await signedInCustomer(t.app);
    const product = await makeProduct(t.database, { price: 1990, stock: 10 });
    const { payload } = await buildPayload(t, me, await newMov(t.app, me), {
      lines: [{ product, quantity: 1 }],
      tipo: 'pix',
    });
    const order = await call(t.app, placeOrderOperation, {
      body: payload,
      cookie: me.cookie,
      headers: from(PUBLIC_URL),
    });
    expect(order.status, order.raw).toBe(200);
    const profile = await call(t.app, profileUpdateOperation, {
      body: { fixo: '', celular: '(19) 99999-0000', email: me.email, id: me.id },
      cookie: me.cookie,
      // The request's own host counts as the store too (a store reached by another name).
      headers: {
        origin: 'http://loja.interna:8080',
        host: 'loja.interna:8080',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(profile.status, profile.raw).toBe(200);
    const changed = await call(t.app, passwordChangeOperation, {
      body: JSON.stringify({ senha_atual: PASSWORD, senha_nova: 'Nova@Senha1', id: me.id }),
      cookie: me.cookie,
      headers: { ...from(PUBLIC_URL), 'content-type': 'text/plain' },
    });
    expect(changed.status, changed.raw).toBe(200);
    // No Origin, no Sec-Fetch-Site (curl, a server): goes on to the usual checks.
    expect((await login(t.app, me.doc, 'Nova@Senha1')).status).toBe(200);
  });
});

describe.each(databaseKinds)('behind HTTPS (COOKIE_SECURE=true) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { PUBLIC_URL, COOKIE_SECURE: 'true', PAYMENT_SANDBOX: 'true' });
  });
  afterAll(() => t.close());

  it('names the session cookie __Host-sid, sends HSTS and keeps the session working', async () => {
    const person = await register(t.app);
    const signIn = await login(t.app, person.doc);
    expect(signIn.status).toBe(200);
    const setCookie = String(signIn.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-sid=[^;]+;/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(signIn.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(signIn.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    const cookie = setCookie.split(';')[0]!;
    expect((await call(t.app, profileOperation, { cookie })).status).toBe(200);
    // A plain 'sid' (planted by a sibling host over HTTP) is no session here.
    expect(
      (await call(t.app, profileOperation, { cookie: cookie.replace('__Host-sid', 'sid') })).status,
    ).toBe(401);
  });
});

describe('request log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { PUBLIC_URL });
  });
  afterAll(() => t.close());

  it('never writes the reset token of a link, the e-mail it names, nor other token parameters', async () => {
    const secret = 'Tk9wZS1ub3QtaW4tdGhlLWxvZw';
    await t.app.inject({ method: 'GET', url: `/redefinir?acess=${secret}&x=1&email=ana%40exemplo.com.br` });
    await t.app.inject({ method: 'GET', url: `/qualquer?token=${secret}` });
    await t.app.inject({
      method: 'POST',
      url: `${DATASNAP_PATH}/${signInOperation.name}?senha=${secret}`,
      payload: {},
    });
    const log = t.logLines.join('');
    expect(log).toContain('/redefinir?acess=***&x=1&email=***');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('exemplo.com.br');
  });
});
