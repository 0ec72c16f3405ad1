import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { registerOperation, signInOperation } from '../../../src/api/customers';
import { generateCnpj, generateCpf } from '../../../src/domain/documents';
import { call } from '../helpers';

export const PASSWORD = 'Senha@123';

let counter = 0;

export interface TestCustomer {
  id: number;
  doc: string;
  email: string;
  nome: string;
  cookie: string;
}

/** The `name=value` part of the session cookie a response set, for the next request. */
export function sessionCookie(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const sid = list.map(String).find((line) => line.startsWith('sid='));
  if (!sid) throw new Error('no session cookie');
  return sid.split(';')[0];
}

export function newPerson(kind: 'fisica' | 'juridica' = 'fisica') {
  counter += 1;
  const seed = (Date.now() % 100_000) + counter * 7919 + Math.floor(Math.random() * 1e6);
  const doc = kind === 'fisica' ? generateCpf(seed) : generateCnpj(seed, { alphanumeric: counter % 2 === 0 });
  return {
    doc,
    nome: kind === 'fisica' ? `Cliente Teste ${counter}` : `Empresa Teste ${counter} Ltda`,
    email: `cliente${counter}.${seed}@exemplo.com.br`,
    kind,
  };
}

export async function register(app: FastifyInstance, kind: 'fisica' | 'juridica' = 'fisica') {
  // A made-up document may already be taken by one another test made (the fuzz test registers
  // documents of its own): the store rightly answers 409, and the test takes another person.
  for (let attempt = 1; ; attempt += 1) {
    const person = newPerson(kind);
    const response = await call(app, registerOperation, {
      body: {
        cpf: person.doc,
        nome: person.nome,
        fixo: '(19) 3232-1000',
        celular: '(19) 99876-5432',
        email: person.email,
        senha: PASSWORD,
        [kind]: '',
      },
    });
    if (response.status === 409 && attempt < 3) continue;
    expect(response.status, response.raw).toBe(200);
    return person;
  }
}

export async function login(app: FastifyInstance, doc: string, senha = PASSWORD) {
  return call(app, signInOperation, { body: { email: doc, senha, redirect: '/checkout' } });
}

/** Registers and signs in a new customer. */
export async function signedInCustomer(
  app: FastifyInstance,
  kind: 'fisica' | 'juridica' = 'fisica',
): Promise<TestCustomer> {
  const person = await register(app, kind);
  const response = await login(app, person.doc);
  expect(response.status, response.raw).toBe(200);
  return {
    id: response.json.id,
    doc: person.doc,
    email: person.email,
    nome: person.nome,
    cookie: sessionCookie(response.headers),
  };
}
