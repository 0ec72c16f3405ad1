import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as catalogue from '../../../src/api/catalogue';
import * as customers from '../../../src/api/customers';
import { DATASNAP_PATH } from '../../../src/api/datasnap-path';
import type { Operation } from '../../../src/api/define';
import * as freight from '../../../src/api/freight';
import * as orders from '../../../src/api/orders';
import * as pix from '../../../src/api/pix';
import * as placeOrder from '../../../src/api/place-order';
import * as priceQuotes from '../../../src/api/price-quotes';
import * as notifications from '../../../src/api/notifications';
import { personalDataExportOperation } from '../../../src/api/personal-data';
import * as shownCart from '../../../src/api/shown-cart';
import * as storeMode from '../../../src/api/store-mode';
import { seededRandom } from '../../../src/domain/random';
import { signedInCustomer } from '../customers/accounts';
import { buildTestApp, databaseKinds, type TestApp } from '../helpers';

// A careless or hostile client, seeded so every run sends the same requests: for every operation of
// the contract, at least CASES_PER_OPERATION inputs the contract refuses (wrong types, huge and
// control-character strings, ids past 2^31, prototype keys, invalid JSON, wrong content types, bad
// percent-encoding, long paths), half of them with a session. Every answer must be a 4xx with a
// pt-BR `resposta`; inputs the contract happens to accept (a product named '__proto__') may pass,
// but never answer 5xx. Afterwards the server answers normally.

const CASES_PER_OPERATION = 200;
const SEED = 15_2026;

const operations = (() => {
  const seen = new Map<string, Operation>();
  for (const module of [
    catalogue,
    freight,
    customers,
    placeOrder,
    orders,
    pix,
    storeMode,
    shownCart,
    notifications,
    priceQuotes,
    // Not LGPD_EXCLUIR_CONTA: any typed password is valid input and costs a scrypt hash by design;
    // tests/api/customers/personal-data.test.ts holds its refusals.
    { personalDataExportOperation },
  ])
    for (const value of Object.values(module) as unknown[]) {
      const op = value as Operation;
      if (!op || typeof op !== 'object' || typeof op.name !== 'string' || !op.answer || !op.method) continue;
      // APP_0027 is declared three times (detail, listing, both); the route takes the widest.
      const key = `${op.method} ${op.name}`;
      if (!seen.has(key) || op === catalogue.productsOperation) seen.set(key, op);
    }
  return [...seen.values()];
})();

type Case = {
  label: string;
  request: InjectOptions;
  /** The contract refuses it: the answer must be a 4xx. Otherwise only: never a 5xx. */
  refused: boolean;
};

function shapeKeys(schema: z.ZodType | undefined): string[] {
  let current = schema as unknown as
    { shape?: object; def?: { in?: unknown; innerType?: unknown } } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.shape) return Object.keys(current.shape);
    current = (current.def?.in ?? current.def?.innerType) as typeof current;
  }
  return [];
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const JUNK_KEYS = ['x', 'id', 'codigo', ...PROTOTYPE_KEYS];

function weirdValues(random: () => number): unknown[] {
  const long = (n: number) => 'x'.repeat(n);
  return [
    2_147_483_648,
    '2147483648',
    2 ** 53 + 2,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    '1e400',
    'NaN',
    'Infinity',
    '',
    ' ',
    null,
    true,
    [],
    [1, 2],
    {},
    { id: 2_147_483_648 },
    long(300),
    long(5000),
    long(70_000),
    'a\u0000b',
    'bell\u0007',
    'line\nbreak',
    'esc\u001b[31m',
    'del\u007f',
    'evil\u202egnp.exe',
    'iso\u2066late\u2069',
    '\ud800',
    '１２３',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    ...PROTOTYPE_KEYS,
    { __proto__: { admin: true } },
    { constructor: { prototype: { admin: true } } },
    Math.floor(random() * 2 ** 53),
  ];
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Percent-encodes like a browser; a lone surrogate (no UTF-8 form) goes as the raw bytes of one. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split('')
      .map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
      .join('');
  }
}

function queryString(entries: Array<[string, string]>): string {
  return entries.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

/** Requests that break the transport, not a field: the same kinds for every operation. */
function transportCases(op: Operation): Case[] {
  const path = `${DATASNAP_PATH}/${op.name}`;
  const method = op.method;
  const cases: Case[] = [
    { label: 'NUL in the query', request: { method, url: `${path}?x=a%00b` }, refused: true },
    { label: 'bad percent-encoding in the path', request: { method, url: `${path}%E0%A4%A` }, refused: true },
    { label: 'stray percent in the path', request: { method, url: `${path}%` }, refused: true },
    { label: 'long path', request: { method, url: `${path}/${'a'.repeat(3000)}` }, refused: true },
    { label: 'URL past 8 KiB', request: { method, url: `${path}?x=${'a'.repeat(9000)}` }, refused: true },
    { label: 'deep path', request: { method, url: `${path}${'/..'.repeat(200)}` }, refused: true },
  ];
  if (method === 'POST') {
    // Well-formed JSON the operation takes no body for (sign-out) is simply ignored: only what the
    // JSON parser or the contract refuses must be a 4xx.
    const refusedBody = (payload: string, contentType?: string) => {
      if (!contentType?.startsWith('application/json') || payload.includes('__proto__')) return true;
      if (payload.includes('constructor') || payload.length > 256 * 1024) return true;
      try {
        const parsed: unknown = JSON.parse(payload);
        return op.body ? !op.body.safeParse(parsed).success : false;
      } catch {
        return true;
      }
    };
    const post = (label: string, payload: string, contentType?: string): Case => ({
      label,
      request: {
        method,
        url: path,
        payload,
        headers: contentType === undefined ? {} : { 'content-type': contentType },
      },
      refused: refusedBody(payload, contentType),
    });
    cases.push(
      post('invalid JSON', '{"a": ', 'application/json'),
      post('invalid JSON as text/plain', '{nope}', 'text/plain'),
      post('JSON with a trailing comma', '{"a": 1,}', 'application/json'),
      post('proto poisoning', '{"__proto__": {"admin": true}}', 'application/json'),
      post('constructor poisoning', '{"constructor": {"prototype": {"admin": true}}}', 'application/json'),
      post('a JSON string', '"texto"', 'application/json'),
      post('a JSON number', '2147483648', 'application/json'),
      post('JSON null', 'null', 'application/json'),
      post('a JSON array', '[1, 2, 3]', 'application/json'),
      post('nested 5000 deep', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'),
      post('XML', '<a>1</a>', 'application/xml'),
      post('a form', 'a=1&b=2', 'application/x-www-form-urlencoded'),
      post(
        'multipart',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        'multipart/form-data; boundary=x',
      ),
      post('a bogus content type', '{}', 'application/x-bogus'),
      post('a content type with a bad charset', '{"a":1}', 'application/json; charset=utf-99'),
      post('body past 256 KiB', JSON.stringify({ a: 'x'.repeat(300 * 1024) }), 'application/json'),
      post('invalid UTF-8', '{"a": "\udcff"}', 'application/json'),
      post('empty JSON body', '', 'application/json'),
    );
  }
  return cases;
}

/** Field-level inputs: each field alone with each weird value, then random mixes, until `wanted` are refused. */
function fieldCases(op: Operation, random: () => number, wanted: number): Case[] {
  const path = `${DATASNAP_PATH}/${op.name}`;
  const schema = op.method === 'GET' ? op.query : op.body;
  const fieldKeys = shapeKeys(schema);
  const keys = [...fieldKeys, ...JUNK_KEYS];
  const values = weirdValues(random);
  const cases: Case[] = [];
  let refused = 0;

  const add = (fields: Array<[string, unknown]>) => {
    let item: Case;
    if (op.method === 'GET') {
      const entries = fields.map(([key, value]): [string, string] => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]);
      const url = `${path}?${queryString(entries)}`;
      // As the server parses it: a repeated key becomes a list; '__proto__' is a key like any other.
      const grouped = new Map<string, string[]>();
      for (const [key, value] of entries) grouped.set(key, [...(grouped.get(key) ?? []), value]);
      const parsedQuery = Object.fromEntries(
        [...grouped].map(([key, list]) => [key, list.length === 1 ? list[0] : list]),
      );
      const accepted =
        !entries.some(([key, value]) => `${key}${value}`.includes('\u0000')) &&
        (schema ? schema.safeParse(parsedQuery).success : true);
      item = {
        label: `query ${url.slice(path.length, path.length + 120)}`,
        request: { method: 'GET', url },
        refused: !accepted,
      };
    } else {
      const payload = JSON.stringify(Object.fromEntries(fields));
      const accepted =
        !payload.includes('\\u0000') && (schema ? schema.safeParse(JSON.parse(payload)).success : true);
      const contentType = random() < 0.2 ? 'text/plain' : 'application/json';
      item = {
        label: `body ${payload.slice(0, 120)}`,
        request: { method: 'POST', url: path, payload, headers: { 'content-type': contentType } },
        refused: !accepted,
      };
    }
    if (item.refused) refused++;
    // Twice: the runner sends every other case with a session, so each goes with and without one.
    cases.push(item, item);
  };

  // An operation that takes no input ignores any field; a NUL anywhere is what it must refuse.
  const nul = () =>
    schema ? [] : [[pick(random, keys), pick(random, ['a\u0000b', '\u0000'])] as [string, unknown]];
  for (const key of fieldKeys) for (const value of values) add([[key, value], ...nul()]);
  for (let attempt = 0; refused < wanted && attempt < wanted * 40; attempt++) {
    const count = 1 + Math.floor(random() * 3);
    const fields: Array<[string, unknown]> = [];
    for (let i = 0; i < count; i++)
      fields.push([
        random() < 0.8 && fieldKeys.length ? pick(random, fieldKeys) : pick(random, keys),
        pick(random, values),
      ]);
    add([...fields, ...nul()]);
  }
  expect(refused, `${op.name}: inputs the contract refuses`).toBeGreaterThanOrEqual(wanted);
  return cases;
}

const ENGLISH =
  /\b(the|is|invalid|expected|required|error|must|received|not found|bad request|unsupported|too many|exceeded|failed|unexpected)\b/i;
const PORTUGUESE =
  /[ãáâàçéêíóôõú]|\b(não|requisição|informe|obrigatóri|operação|pedido|produto|cliente|sessão|entre|dados|corpo|endereço|tipo|tentativa|aguarde)/i;

describe.each(databaseKinds)('malformed input to every operation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Many requests from one address: the rate limits are not what is under test here.
    t = await buildTestApp(kind, { RATE_LIMIT_PER_ADDRESS: '1000000', RATE_LIMIT_PER_ACCOUNT: '1000000' });
  });
  afterAll(() => t.close());

  it('has every operation of the contract under test', () => {
    expect(operations.map((op) => op.name).sort()).toEqual(
      expect.arrayContaining([
        'APP_0027',
        'APP_0035',
        'APP_0045',
        'APP_0050',
        'APP_0053',
        'APP_0063',
        'APP_0080',
      ]),
    );
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  it.each(operations.map((op) => [`${op.method} ${op.name}`, op] as const))(
    '%s: never a 5xx, always a 4xx with a pt-BR resposta for what the contract refuses',
    async (_name, op) => {
      const random = seededRandom(SEED + Number(op.name.replace(/\D/g, '')));
      const cases = [...transportCases(op), ...fieldCases(op, random, CASES_PER_OPERATION)];
      // A session of its own: another operation's cases may have signed out or changed the password.
      const customer = await signedInCustomer(t.app);
      const problems: string[] = [];
      let refused = 0;
      for (const [index, item] of cases.entries()) {
        const withSession = index % 2 === 0;
        const response = await t.app.inject({
          ...item.request,
          headers: { ...item.request.headers, ...(withSession ? { cookie: customer.cookie } : {}) },
        });
        const status = response.statusCode;
        const where = `${item.label}${withSession ? ' [session]' : ''}`;
        if (
          response.headers['x-content-type-options'] !== 'nosniff' ||
          !String(response.headers['content-security-policy']).includes("frame-ancestors 'none'")
        )
          problems.push(`${status} without the security headers for ${where}`);
        if (status >= 500) problems.push(`${status} for ${where}: ${response.body.slice(0, 200)}`);
        if (item.refused) {
          refused++;
          if (status < 400 || status >= 500) problems.push(`${status} (not 4xx) for ${where}`);
        }
        if (status >= 400) {
          let resposta: unknown;
          try {
            resposta = response.json<{ resposta?: unknown }>().resposta;
          } catch {
            resposta = undefined;
          }
          if (typeof resposta !== 'string' || ENGLISH.test(resposta) || !PORTUGUESE.test(resposta))
            problems.push(`${status} without a pt-BR resposta for ${where}: ${response.body.slice(0, 200)}`);
          if (response.headers['cache-control'] !== 'no-store')
            problems.push(`${status} cacheable for ${where}`);
        }
      }
      expect(problems.slice(0, 20)).toEqual([]);
      expect(refused).toBeGreaterThanOrEqual(CASES_PER_OPERATION);
    },
  );

  it('answers normally afterwards', async () => {
    const best = await t.app.inject({
      method: 'GET',
      url: `${DATASNAP_PATH}/${catalogue.bestSellersOperation.name}`,
    });
    expect(best.statusCode).toBe(200);
    expect(best.json<{ produtos: unknown[] }>().produtos.length).toBeGreaterThan(0);
    const again = await signedInCustomer(t.app);
    const profile = await t.app.inject({
      method: 'GET',
      url: `${DATASNAP_PATH}/${customers.profileOperation.name}`,
      headers: { cookie: again.cookie },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<{ email: string }>().email).toBe(again.email);
  });
});
