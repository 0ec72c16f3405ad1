import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessageOperation } from '../../../src/api/customers';
import { migrate } from '../../../src/server/db/migrate';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';

describe.each(databaseKinds)('server basics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers an unknown operation with 404 and a pt-BR resposta', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/datasnap/rest/TFireFlay/APP_9999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ resposta: 'Operação não encontrada.' });
  });

  it('answers malformed JSON with 400 and a resposta, never a stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/datasnap/rest/TFireFlay/APP_9999',
      headers: { 'content-type': 'application/json' },
      payload: '{"cep": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().resposta).toMatch(/inválid/);
    expect(response.body).not.toMatch(/at .*\.ts/);
  });

  it('refuses a NUL character anywhere in the input with a 400, not a database error', async () => {
    const body = {
      nome: 'Ana\u0000',
      telefone: '(19) 99876-1969',
      email: 'ana@example.com',
      assunto: 'Oi',
      message: 'Olá',
    };
    const answer = await call(t.app, contactMessageOperation, { body });
    expect(answer.status).toBe(400);
    expect(answer.json.resposta).toMatch(/caracteres de controle/);
  });

  it('answers a wrong-typed field with a Portuguese resposta', async () => {
    const answer = await call(t.app, contactMessageOperation, { body: { nome: 12 } });
    expect(answer.status).toBe(400);
    expect(answer.json.resposta).not.toMatch(/Invalid|expected/);
  });

  it('has applied every committed migration once, and a second run applies none', async () => {
    const committed = readdirSync(new URL('../../../src/server/db/migrations/', import.meta.url))
      .filter((file) => file.endsWith('.sql'))
      .sort();
    const result = (await t.database.db.execute(
      'SELECT name FROM schema_migrations ORDER BY name' as never,
    )) as unknown as { rows: { name: string }[] };
    expect(committed.length).toBeGreaterThan(0);
    expect(result.rows.map((row) => row.name)).toEqual(committed);
    expect(await migrate(t.database)).toEqual([]);
  });
});
