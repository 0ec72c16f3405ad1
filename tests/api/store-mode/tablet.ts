import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { pairTabletOperation } from '../../../src/api/store-mode';
import { call } from '../helpers';

// What the store-mode API tests share: the staff CLI's admin calls and a paired tablet's cookie.

export const ADMIN_TOKEN = 'token-de-teste-loja-0123456789abcdef';

export async function admin(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await app.inject({
    method,
    url: `/admin${url}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, json: response.json() as Record<string, unknown> };
}

/** `npm run store -- tablet:pair --loja N`: the one-time code. */
export async function pairingCode(app: FastifyInstance, loja: number): Promise<string> {
  const answer = await admin(app, 'POST', '/tablets/pairing-codes', { loja });
  expect(answer.status).toBe(200);
  return String(answer.json.codigo);
}

/** The `name=value` part of a cookie a response set. */
export function cookieOf(headers: Record<string, unknown>, name: string): string {
  const raw = headers['set-cookie'];
  const list = (Array.isArray(raw) ? raw : [raw]).map(String);
  const found = list.find((line) => line.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found.split(';')[0];
}

/** A tablet paired to store `loja`: its credential cookie and id. */
export async function pairedTablet(app: FastifyInstance, loja: number) {
  const codigo = await pairingCode(app, loja);
  const paired = await call(app, pairTabletOperation, { body: { codigo } });
  expect(paired.status, paired.raw).toBe(200);
  return { cookie: cookieOf(paired.headers, 'tablet'), id: paired.json.tablet.id, headers: paired.headers };
}
