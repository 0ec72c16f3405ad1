import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../helpers';
import { ADMIN_TOKEN } from '../orders/checkout';

// A push service for the tests, over HTTPS on a loopback port with a certificate made here by
// openssl (the server trusts it through PUSH_CA, `caFile`): it records every push it receives and
// answers each endpoint as the test says (201, 410, or not at all). A device's keys let the test
// decrypt a payload as the browser would (RFC 8291, aes128gcm) and check the VAPID signature (RFC 8292).

export interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface TestPushService {
  url: string;
  /** The certificate to trust (PUSH_CA). */
  caFile: string;
  received: ReceivedPush[];
  /** How the endpoint at `path` answers: a status, or 'hang' (never answers). */
  answer(path: string, status: number | 'hang'): void;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made once until removeCertificate(). */
let made: { dir: string; cert: string; key: string } | undefined;
function certificate() {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'key.pem',
      '-out',
      'cert.pem',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { cwd: dir, stdio: 'pipe' },
  );
  made = { dir, cert: join(dir, 'cert.pem'), key: join(dir, 'key.pem') };
  return made;
}

export function removeCertificate() {
  if (made) rmSync(made.dir, { recursive: true, force: true });
  made = undefined;
}

/** The file the server is told to trust (PUSH_CA). */
export const pushServiceCa = () => certificate().cert;

export async function startPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number | 'hang'>();
  const { cert, key } = certificate();
  const tls = { cert: readFileSync(cert), key: readFileSync(key) };
  const server: Server = createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const status = answers.get(path) ?? 201;
      if (status === 'hang') return;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caFile: cert,
    received,
    answer: (path, status) => answers.set(path, status),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's push subscription: its P-256 key pair and auth secret. */
export function newDevice(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    },
    /** RFC 8291: the payload of an aes128gcm push body, as the device reads it. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const key = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      const end = padded.lastIndexOf(2);
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; checks the ES256 signature with k and returns the claims. */
export function vapidClaims(authorization: string | undefined): {
  key: string;
  aud: string;
  sub: string;
  exp: number;
} {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, key] = match;
  const [header, claims, signature] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  return {
    key,
    ...(JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
      aud: string;
      sub: string;
      exp: number;
    }),
  };
}

export const PUBLIC_URL = 'https://loja.example.com.br';

/**
 * The real app with a push service of the tests it may post to (trusted through PUSH_CA), at
 * PUBLIC_URL, with the admin token of the staff calls. Close both after the tests.
 */
export async function appWithPushService(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
): Promise<{ t: TestApp; push: TestPushService }> {
  const push = await startPushService();
  const t = await buildTestApp(kind, {
    PUBLIC_URL,
    PUSH_ENDPOINT_HOSTS: '127.0.0.1',
    PUSH_CA: pushServiceCa(),
    ADMIN_TOKEN,
    ...env,
  });
  return { t, push };
}
