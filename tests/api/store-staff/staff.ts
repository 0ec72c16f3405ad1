import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { staffSignInOperation } from '../../../src/api/store-staff';
import { call } from '../helpers';
import { admin, cookieOf } from '../store-mode/tablet';

// What the store-staff API tests share: staff made with the CLI's admin call, and signed in.

export interface TestStaff {
  id: number;
  pin: string;
  nome: string;
}

/** `npm run store -- staff:add`: the new member and their PIN. */
export async function addStaff(
  app: FastifyInstance,
  loja: number,
  papel: 'vendedor' | 'gerente' = 'vendedor',
  nome = `Vendedor ${Math.random().toString(36).slice(2, 8)}`,
): Promise<TestStaff> {
  const added = await admin(app, 'POST', '/staff', { nome, loja, papel });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  return { id: Number(added.json.id), pin: String(added.json.pin), nome };
}

/** Signs `staff` in on a tablet: the staff cookie (name=value). */
export async function signInStaff(
  app: FastifyInstance,
  tabletCookie: string,
  staff: TestStaff,
): Promise<string> {
  const signedIn = await call(app, staffSignInOperation, {
    body: { vendedor: staff.id, pin: staff.pin },
    cookie: tabletCookie,
  });
  expect(signedIn.status, signedIn.raw).toBe(200);
  return cookieOf(signedIn.headers, 'equipe');
}

/** A PIN that is not `pin`. */
export const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
