import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/server/config';
import { prepareDatabase } from '../../../src/server/db/prepare';
import { withDatabaseName } from '../databases';

// Two servers started at once on one empty PostgreSQL (a deploy of several instances): one
// migrates and seeds, the other waits and finds it done; neither fails, nothing is doubled.

describe.runIf(process.env.TEST_DATABASE_URL)('two servers starting on one empty PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_start_${randomBytes(5).toString('hex')}`;
  const url = () => withDatabaseName(adminUrl, name);
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('migrate and seed once', async () => {
    await admin(`CREATE DATABASE ${name}`);
    const config = readConfig({ DATABASE_URL: url(), DATA_DIR: './no-data-dir-in-this-test' });
    const logs: string[][] = [[], []];
    const [first, second] = await Promise.all(
      logs.map((lines) => prepareDatabase(config, (message) => lines.push(message))),
    );
    try {
      const said = logs.flat();
      expect(said.filter((line) => line.startsWith('migrations applied')).length).toBe(1);
      expect(said.filter((line) => line.startsWith('catalogue seeded')).length).toBe(1);
      const rows = async (query: ReturnType<typeof sql>) =>
        ((await first!.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
      const migrations = await rows(sql`SELECT count(*)::int AS n FROM schema_migrations`);
      const distinct = await rows(sql`SELECT count(DISTINCT name)::int AS n FROM schema_migrations`);
      expect(migrations).toBe(distinct);
      const seeded = Number(
        /(\d+) products/.exec(said.find((line) => line.startsWith('catalogue')) ?? '')?.[1],
      );
      expect(await rows(sql`SELECT count(*)::int AS n FROM products`)).toBe(seeded);
    } finally {
      await first!.close();
      await second!.close();
    }
  });
});
