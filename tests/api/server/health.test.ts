import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestSellersOperation } from '../../../src/api/catalogue';
import { OVERLOAD_MESSAGE } from '../../../src/server/http/health';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';

// What a load balancer asks (/healthz, /readyz) and what a shopper gets from an overloaded server.

const expectGuarded = (headers: Record<string, unknown>) => {
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBeDefined();
};

describe.each(databaseKinds)('health routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz with 200, no-store and the security headers', async () => {
    for (const url of ['/healthz', '/readyz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expectGuarded(response.headers);
    }
  });

  it('is not ready while a committed migration is not applied, and ready again once it is', async () => {
    const [last] = (
      (await t.database.db.execute(
        sql`SELECT name, applied_at FROM schema_migrations ORDER BY name DESC LIMIT 1`,
      )) as unknown as { rows: Array<{ name: string; applied_at: Date }> }
    ).rows;
    await t.database.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${last!.name}`);
    const notReady = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().resposta).toMatch(/não está pronto/);
    expect(notReady.headers['retry-after']).toBe('10');
    expectGuarded(notReady.headers);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await t.database.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${last!.name})`);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('load shedding on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A heap limit of 1 MiB: every sample after the first second says the process is overloaded.
    t = await buildTestApp(kind, { SHED_MAX_HEAP_MB: '1', SHED_RETRY_AFTER_SECONDS: '7' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After and a pt-BR resposta instead of doing the work', async () => {
    const response = await call(t.app, bestSellersOperation, { query: {} });
    expect(response.status).toBe(503);
    expect(response.json.resposta).toBe(OVERLOAD_MESSAGE);
    expect(response.headers['retry-after']).toBe('7');
    expectGuarded(response.headers);
    const page = await t.app.inject({ method: 'GET', url: '/produtos' });
    expect(page.statusCode).toBe(503);
  });

  it('stays alive for /healthz and out of rotation for /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().resposta).toBe(OVERLOAD_MESSAGE);
    expect(ready.headers['retry-after']).toBe('7');
  });
});
