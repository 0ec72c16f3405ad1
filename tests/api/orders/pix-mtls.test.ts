import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { startPixEmulator, type RunningEmulator } from '../../../src/server/pix-emulator/api';
import { newEmulatorCredentials } from '../../../src/server/pix-emulator/emulator';
import { createApiPixClient } from '../../../src/server/services/payments/pix/client';
import { freshDatabase } from '../databases';

// A PSP asks for mutual TLS: the client presents the certificate the PSP issued, and trusts the
// PSP's CA. The emulator runs over HTTPS requiring a client certificate, with certificates made
// here by openssl (a CA, the server's for 127.0.0.1, the store's).

const quiet = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

function openssl(dir: string, ...args: string[]) {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

function makeCertificates(dir: string) {
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '1',
    '-subj',
    '/CN=PSP de teste CA',
  );
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  for (const [name, subject, extra] of [
    ['server', '/CN=127.0.0.1', ['-extfile', 'server.ext']],
    ['client', '/CN=Casa e Obra', []],
  ] as const) {
    openssl(
      dir,
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subject,
    );
    openssl(
      dir,
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '1',
      ...extra,
    );
  }
}

describe('the API Pix client over mutual TLS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pix-mtls-'));
  const credentials = newEmulatorCredentials();
  let database: Database;
  let emulator: RunningEmulator;

  beforeAll(async () => {
    makeCertificates(dir);
    database = await freshDatabase('pglite');
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    emulator = await startPixEmulator({
      db: database.db,
      credentials,
      pixKey: 'pix@casaeobra.com.br',
      merchantName: 'Casa e Obra',
      merchantCity: 'Campinas',
      autoConfirmSeconds: 0,
      refundSettleMs: 0,
      log: quiet,
      tls: { cert: read('server.pem'), key: read('server.key'), ca: read('ca.pem') },
    });
  });
  afterAll(async () => {
    await emulator.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const client = (withCertificate: boolean) =>
    createApiPixClient({
      apiUrl: emulator.url,
      tokenUrl: emulator.tokenUrl,
      ...credentials,
      caFile: join(dir, 'ca.pem'),
      ...(withCertificate ? { certFile: join(dir, 'client.pem'), keyFile: join(dir, 'client.key') } : {}),
      timeoutMs: 5000,
    });

  it('opens a charge presenting the client certificate', async () => {
    expect(emulator.url).toMatch(/^https:/);
    const cob = await client(true).createCharge('MutualTlsTxid00000000000000000001', {
      calendario: { expiracao: 600 },
      valor: { original: '10.00' },
      chave: 'pix@casaeobra.com.br',
    });
    expect(cob).toMatchObject({ status: 'ATIVA', valor: { original: '10.00' } });
  });

  it('is turned away without one, and says so without any secret', async () => {
    const attempt = client(false).getCharge('MutualTlsTxid00000000000000000001');
    await expect(attempt).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(attempt).rejects.not.toThrow(credentials.clientSecret);
  });
});
