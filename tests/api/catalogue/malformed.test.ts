import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASNAP_PATH } from '../../../src/api/datasnap-path';
import { buildTestApp, databaseKinds, type TestApp } from '../helpers';

// Every catalogue operation answers bad input with a 4xx and a pt-BR resposta: never a 500, never
// a stack trace, never SQL in the answer.

const long = (n: number) => 'a'.repeat(n);

const getCases: Array<[string, string]> = [
  ['APP_0028', `produto=${long(101)}`],
  ['APP_0028', 'produto=a&produto=b'],
  ['APP_0028', 'produto=to%00rn'],
  ['APP_0027', 'produto=to%00rn'],
  ['APP_0027', 'grupo=banheiro%00'],
  ['APP_0027', 'subgrupo=chuve%0Airos'],
  ['APP_0027', 'codigo=abc'],
  ['APP_0027', 'codigo=0'],
  ['APP_0027', 'codigo=-5'],
  ['APP_0027', 'codigo=1.5'],
  ['APP_0027', 'codigo=99999999999999'],
  ['APP_0027', "codigo=1'%20OR%20'1'='1"],
  ['APP_0027', 'ultimas=0'],
  ['APP_0027', 'ultimas=1000'],
  ['APP_0027', 'ultimas=doze'],
  ['APP_0027', `produto=${long(101)}`],
  ['APP_0027', `grupo=${long(61)}`],
  ['APP_0027', `subgrupo=${long(61)}`],
  ['APP_0027', 'marca=abc'],
  ['APP_0027', 'marca=1--2'],
  ['APP_0027', 'marca=1;DROP%20TABLE%20products'],
  ['APP_0027', `cat=${Array.from({ length: 40 }, (_, i) => i + 1).join('-')}`],
  ['APP_0027', 'precos=50a100-'],
  ['APP_0027', 'precos=%27%20OR%201=1'],
  ['APP_0027', 'pagina=0'],
  ['APP_0027', 'pagina=x'],
  ['APP_0027', 'por_pagina=49'],
  ['APP_0027', 'por_pagina=0'],
  ['APP_0027', 'ordem=preco;drop'],
  ['APP_0034', ''],
  ['APP_0034', 'codigo=1001'],
  ['APP_0034', 'qtde=1'],
  ['APP_0034', 'codigo=1001&qtde=0'],
  ['APP_0034', 'codigo=1001&qtde=-1'],
  ['APP_0034', 'codigo=1001&qtde=10000'],
  ['APP_0034', 'codigo=1001&qtde=um'],
  ['APP_0034', 'codigo=x&qtde=1'],
  ['APP_0034', 'codigo=1001&qtde=1&lote=abc'],
];

const postCases: Array<[string, unknown]> = [
  ['APP_0031', {}],
  ['APP_0031', { cep: '13012100' }],
  ['APP_0031', { ids: [1001] }],
  ['APP_0031', { cep: '13012100', ids: [] }],
  ['APP_0031', { cep: '13012100', ids: 'abc' }],
  ['APP_0031', { cep: '13012100', ids: [{ foo: 1 }] }],
  ['APP_0031', { cep: '13012100', ids: [{ id: 1001, quantity: 0 }] }],
  ['APP_0031', { cep: '13012100', ids: [{ id: 1001, quantity: 100000 }] }],
  ['APP_0031', { cep: '13012100', ids: Array.from({ length: 101 }, () => 1001) }],
  ['APP_0031', { cep: '13012100', ids: [1001], total_compra: { x: 1 } }],
  ['APP_0031', { cep: '13012100', ids: [1001], total_compra: -5 }],
  ['APP_0031', { cep: 'abcdefgh', ids: [1001] }],
  ['APP_0031', { cep: 1234, ids: [1001] }],
  ['APP_0031', { cep: ['13012100'], ids: [1001] }],
  ['APP_0031', { cep: '00000000', ids: [1001] }],
  ['APP_0031', { cep: '13012100', ids: [999999] }],
  ['APP_0031', 'not json at all'],
  ['APP_0031', [1, 2, 3]],
  ['APP_0030', {}],
  ['APP_0030', { cep: '13012100', ids: [1001], uf: 'São Paulo' }],
  ['APP_0030', { cep: '13012100', ids: [1001], street: long(121) }],
  ['APP_0030', { cep: '13012100', ids: [1001], number: { n: 1 } }],
  ['APP_0030', { cep: '13012100', ids: [1001], uf: '1!' }],
  ['APP_0030', { cep: '1301', ids: [1001], street: 'Rua A' }],
  ['APP_0030', { cep: '13012100', ids: [1001], street: 'Rua\u0000A' }],
];

describe.each(databaseKinds)('malformed catalogue input on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const expectClientError = (response: { statusCode: number; body: string }, label: string) => {
    expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, label).toBeLessThan(500);
    const body = JSON.parse(response.body) as { resposta?: string };
    expect(typeof body.resposta, label).toBe('string');
    expect(body.resposta!.length, label).toBeGreaterThan(3);
    expect(response.body, label).not.toMatch(/ at |\.ts:|SELECT|syntax|stack|Error:/);
    // The message is for a Brazilian shopper: none of the validator's English defaults.
    expect(body.resposta, label).not.toMatch(/Invalid|Required|Expected|Too (big|small)/i);
  };

  it.each(getCases)('GET %s?%s answers 4xx with a resposta', async (name, search) => {
    const response = await t.app.inject({ method: 'GET', url: `${DATASNAP_PATH}/${name}?${search}` });
    expectClientError(response, `${name}?${search}`);
  });

  it.each(postCases)('POST %s %j answers 4xx with a resposta', async (name, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${DATASNAP_PATH}/${name}`,
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expectClientError(response, `${name} ${JSON.stringify(payload)}`);
  });

  it('never logs a server error for bad input', async () => {
    expect(t.logLines.join('\n')).not.toMatch(/"level":50/);
  });
});
