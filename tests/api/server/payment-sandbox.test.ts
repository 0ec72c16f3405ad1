import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { readConfig } from '../../../src/server/config';
import { cardSandboxRefusal } from '../../../src/server/payment-sandbox';
import type { Database } from '../../../src/server/db/client';
import { startProcess } from '../../server-process';
import { databaseKinds } from '../helpers';
import { freshDatabase } from '../databases';

const build = (database: Database, env: Record<string, string>) =>
  buildApp({
    config: readConfig({ STATIC_DIR: './no-build-in-api-tests', LOG_LEVEL: 'silent', ...env }),
    database,
  });

describe.each(databaseKinds)('the card emulator beside a real payment setup on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.close());

  it('refuses to start with a real Pix provider or behind HTTPS, naming the variable in pt-BR', async () => {
    await expect(
      build(database, {
        PIX_API_URL: 'https://pix.psp.example.com.br/v2',
        PIX_CLIENT_ID: 'loja',
        PIX_CLIENT_SECRET: 'segredo-do-psp',
      }),
    ).rejects.toThrow(
      /cartão de teste \(sandbox: o emulador de cartão\) não roda com PIX_API_URL.*PAYMENT_SANDBOX=true/,
    );
    await expect(build(database, { COOKIE_SECURE: 'true' })).rejects.toThrow(
      /não roda com COOKIE_SECURE=true/,
    );
  });

  it('lets a real card provider start behind HTTPS and beside a real Pix: the sandbox is not running', () => {
    // server.ts asks this before opening the database: CARD_PROVIDER=adyen behind HTTPS must pass.
    const real = readConfig({
      COOKIE_SECURE: 'true',
      PIX_API_URL: 'https://pix.psp.example.com.br/v2',
      PIX_CLIENT_ID: 'loja',
      PIX_CLIENT_SECRET: 'segredo-do-psp',
    });
    expect(cardSandboxRefusal({ ...real, CARD_PROVIDER: 'adyen' })).toBeNull();
    expect(cardSandboxRefusal({ ...real, CARD_PROVIDER: 'emulator' })).toMatch(/não roda com PIX_API_URL/);
  });

  it('starts with no configuration, and beside a real setup only when PAYMENT_SANDBOX=true says so', async () => {
    const setups: Array<Record<string, string>> = [
      {},
      {
        COOKIE_SECURE: 'true',
        PIX_API_URL: 'https://pix.psp.example.com.br/v2',
        PIX_CLIENT_ID: 'loja',
        PIX_CLIENT_SECRET: 'segredo-do-psp',
        PAYMENT_SANDBOX: 'true',
      },
    ];
    for (const env of setups) {
      const app = await build(database, env);
      await app.ready();
      expect(app.cards.provider.name).toBe('emulator');
      expect(app.cards.emulator).not.toBeNull();
      await app.close();
    }
  });

  it("refuses the staff's pix:confirm when a real Pix provider is configured: payments come from it only", async () => {
    const token = 'token-de-teste-loja-0123456789abcdef';
    const app = await build(database, {
      PIX_API_URL: 'https://pix.psp.example.com.br/v2',
      PIX_CLIENT_ID: 'loja',
      PIX_CLIENT_SECRET: 'segredo-do-psp',
      PAYMENT_SANDBOX: 'true',
      ADMIN_TOKEN: token,
    });
    const confirm = await app.inject({
      method: 'POST',
      url: '/admin/pix/1/confirm',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().resposta).toMatch(/emulador de PIX não está em uso: com PIX_API_URL configurado/);
    await app.close();
  });
});

describe('the server process', () => {
  it('exits with the pt-BR reason before opening the database when COOKIE_SECURE=true meets the card sandbox', async () => {
    const started = startProcess(
      'src/server/server.ts',
      { COOKIE_SECURE: 'true', DATA_DIR: './.test-data/never-created', STATIC_DIR: './no-build' },
      '/healthz',
      60_000,
    );
    await expect(started).rejects.toThrow(/server exited \(1\)[\s\S]*não roda com COOKIE_SECURE=true/);
  });
});
