import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databaseKinds, type TestApp } from '../helpers';

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

  it('has applied every migration', async () => {
    const result = (await t.database.db.execute(
      'SELECT count(*)::int AS n FROM schema_migrations' as never,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(result.rows[0].n).toBeGreaterThanOrEqual(0);
  });
});
