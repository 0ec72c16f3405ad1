import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  passwordRecoveryOperation,
  signInOperation,
  contactMessageOperation,
} from '../../../src/api/customers';
import { RATE_LIMITED_MESSAGE } from '../../../src/server/http/rate-limits';
import { PIX_EMULATOR_CREDENTIALS_FILE, dataDirPixEmulatorCredentials } from '../../../src/server/secrets';
import { PASSWORD, register } from '../customers/accounts';
import { buildSecondTestApp, buildTestApp, call, databaseKinds, type TestApp } from '../helpers';

// Sign-in, registration, recovery, reset, password change and contact are limited per address and
// per account, counted in the database (so two instances count together).

describe.each(databaseKinds)('rate limits on %s', (kind) => {
  let t: TestApp;
  let second: TestApp;
  const limits = {
    RATE_LIMIT_PER_ACCOUNT: '3',
    RATE_LIMIT_PER_ADDRESS: '6',
    RATE_LIMIT_WINDOW_SECONDS: '600',
  };
  beforeAll(async () => {
    t = await buildTestApp(kind, limits);
    second = await buildSecondTestApp(t, limits);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const signIn = (app: TestApp, doc: string, ip = '127.0.0.1') =>
    app.app.inject({
      method: 'POST',
      url: `/datasnap/rest/TFireFlay/${signInOperation.name}`,
      payload: { email: doc, senha: PASSWORD },
      remoteAddress: ip,
    });

  /** A contact message (APP_0051, 'Fale conosco') sent from `ip`. */
  const contact = (ip: string, from: { nome: string; email: string; assunto: string }) =>
    t.app.inject({
      method: 'POST',
      url: `/datasnap/rest/TFireFlay/${contactMessageOperation.name}`,
      remoteAddress: ip,
      payload: { ...from, telefone: '(19) 99876-1969', message: 'Olá' },
    });

  it('answers 429 with Retry-After and a pt-BR resposta past the per-account limit, on any instance', async () => {
    const person = await register(t.app);
    // Three tries for one account, spread over two instances sharing the database...
    expect((await signIn(t, person.doc, '10.0.0.1')).statusCode).toBe(200);
    expect((await signIn(second, person.doc, '10.0.0.2')).statusCode).toBe(200);
    expect((await signIn(t, person.doc, '10.0.0.3')).statusCode).toBe(200);
    // ...and the fourth, from yet another address, is one too many for that account.
    const refused = await signIn(second, person.doc, '10.0.0.4');
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(refused.json().resposta).toBe(RATE_LIMITED_MESSAGE(seconds));
    expect(refused.json().resposta).toMatch(/^Muitas tentativas em pouco tempo\. Aguarde \d+ minutos?/);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('limits one address across accounts, and only that address', async () => {
    const ip = '10.1.1.1';
    for (let i = 0; i < 6; i++) {
      const answer = await call(t.app, passwordRecoveryOperation, {
        body: { email: `pessoa${i}@exemplo.com.br` },
        headers: {},
      });
      expect(answer.status).toBe(200);
    }
    // Those went from 127.0.0.1; this address starts fresh.
    for (let i = 0; i < 6; i++) {
      const answer = await contact(ip, {
        nome: 'Ana',
        email: `ana${i}@exemplo.com.br`,
        assunto: 'Orçamento',
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const seventh = await contact(ip, { nome: 'Ana', email: 'ana7@exemplo.com.br', assunto: 'Oi' });
    expect(seventh.statusCode).toBe(429);
    expect(seventh.headers['retry-after']).toBeDefined();
    // Another address is not held back by that one.
    const other = await contact('10.1.1.2', { nome: 'Bia', email: 'bia@exemplo.com.br', assunto: 'Oi' });
    expect(other.statusCode).toBe(200);
  });
});

describe('the Pix webhook and the emulator credentials', () => {
  it('refuses a delivery whose end-to-end id carries a control character, or none at all', async () => {
    const t = await buildTestApp('pglite');
    try {
      for (const endToEndId of [
        'E0000000020261124120\u0000abcdefghijk',
        'E00000000202611241200abcdefghij\n',
        undefined,
      ]) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/webhooks/pix',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ pix: [{ endToEndId, txid: 'ABC123', valor: '10.00' }] }),
        });
        expect(answer.statusCode, JSON.stringify(endToEndId)).toBe(400);
        expect(answer.json().resposta).toBe('Notificação PIX em formato desconhecido.');
      }
    } finally {
      await t.close();
    }
  });

  it('the emulator client is made once per data folder at first start, readable by its owner only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-secret-'));
    try {
      const made = dataDirPixEmulatorCredentials(dataDir);
      const file = join(dataDir, PIX_EMULATOR_CREDENTIALS_FILE);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(made);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(made.clientSecret.length).toBeGreaterThanOrEqual(32);
      // The next start finds the same client.
      expect(dataDirPixEmulatorCredentials(dataDir)).toEqual(made);
      const other = mkdtempSync(join(tmpdir(), 'storefront-secret-'));
      expect(dataDirPixEmulatorCredentials(other).clientSecret).not.toBe(made.clientSecret);
      rmSync(other, { recursive: true, force: true });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
