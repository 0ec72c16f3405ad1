// The server keeps working when PostgreSQL ends its idle connections (a database restart, an
// administrator's pg_terminate_backend): the pool drops them and the next query opens a new one.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../databases';

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connection pool', () => {
  it('survives its idle connections being terminated by the server', async () => {
    const database = await freshDatabase('postgres');
    try {
      const count = async () => {
        const result = (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM products`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        };
        return result.rows[0]!.n;
      };
      const before = await count();
      expect(before).toBeGreaterThan(0);

      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const ended = await admin.query(
        `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);

      // The terminated idle connection's error arrives on its own; then the pool serves again.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await count()).toBe(before);
    } finally {
      await database.close();
    }
  });
});
