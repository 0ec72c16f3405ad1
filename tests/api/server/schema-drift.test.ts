// The drizzle schema (src/server/db/schema/) is written by hand beside the SQL migrations
// (docs/decisions/001-plain-sql-migrations.md). This test holds the two together on both
// databases: every table the migrations leave has a typed table, with the same columns, types and
// nullability, and every CHECK (column IN (...)) list is the schema's enum for that column.
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { queryRows } from '../../../src/server/db/rows';
import * as schema from '../../../src/server/db/schema';
import { databaseKinds, freshDatabase } from '../databases';

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table));

/** The schema's SQL type as information_schema names it: serials are their integer types. */
function columnType(column: PgColumn): string {
  const type = column.getSQLType();
  const serial: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };
  return serial[type] ?? type;
}

describe.each(databaseKinds)('the typed schema and the migrations on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.close());

  it('type every table the migrations create', async () => {
    const created = await queryRows<{ table_name: string }>(
      database.db,
      sql`SELECT table_name FROM information_schema.tables
           WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    expect(tables.map((table) => table.name).sort()).toEqual(created.map((row) => row.table_name));
  });

  it('give each table the same columns, types and nullability', async () => {
    const found = await queryRows<{
      table_name: string;
      column_name: string;
      data_type: string;
      numeric_precision: number | null;
      numeric_scale: number | null;
      is_nullable: 'YES' | 'NO';
    }>(
      database.db,
      sql`SELECT table_name, column_name, data_type, numeric_precision, numeric_scale, is_nullable
            FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const describe = (type: string, precision: number | null, scale: number | null) =>
      type === 'numeric' && precision !== null ? `numeric(${precision}, ${scale})` : type;
    const inDatabase = found
      .map((row) => ({
        column: `${row.table_name}.${row.column_name}`,
        type: describe(row.data_type, row.numeric_precision, row.numeric_scale),
        notNull: row.is_nullable === 'NO',
      }))
      .sort((a, b) => a.column.localeCompare(b.column));
    const inSchema = tables
      .flatMap((table) =>
        table.columns.map((column) => ({
          column: `${table.name}.${column.name}`,
          type: columnType(column),
          notNull: column.notNull,
        })),
      )
      .sort((a, b) => a.column.localeCompare(b.column));
    expect(inSchema).toEqual(inDatabase);
  });

  it("agree on the values a CHECK allows a column and the column's enum", async () => {
    const checks = await queryRows<{ table_name: string; definition: string }>(
      database.db,
      sql`SELECT rel.relname AS table_name, pg_get_constraintdef(con.oid) AS definition
            FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
            JOIN pg_namespace ns ON ns.oid = rel.relnamespace
           WHERE con.contype = 'c' AND ns.nspname = 'public'`,
    );
    const listed = new Map<string, string[]>();
    for (const check of checks) {
      for (const match of check.definition.matchAll(/\(?(\w+)\)? = ANY \(+ARRAY\[([^\]]*)\]/g)) {
        const values = [...match[2]!.matchAll(/'((?:[^']|'')*)'/g)].map((value) => value[1]!);
        listed.set(`${check.table_name}.${match[1]}`, values.sort());
      }
    }
    const enums = new Map(
      tables.flatMap((table) =>
        table.columns
          .filter((column) => column.enumValues?.length)
          .map((column) => [`${table.name}.${column.name}`, [...column.enumValues!].sort()] as const),
      ),
    );
    expect(listed.size).toBeGreaterThan(10);
    expect(Object.fromEntries(enums)).toEqual(Object.fromEntries(listed));
  });

  it('read every bigint column (money in centavos) as a number', async () => {
    const bigints = tables.flatMap((table) =>
      table.columns
        .filter((column) => columnType(column) === 'bigint')
        .map((column) => ({ column: `${table.name}.${column.name}`, readAs: column.dataType })),
    );
    expect(bigints.filter((column) => column.readAs !== 'number')).toEqual([]);

    await database.db.insert(schema.pixReceived).values({
      endToEndId: 'E00000000202611280000drift0001',
      amount: 9_007_199_254,
      receivedAt: new Date(),
      outcome: 'desconhecido',
    });
    const [received] = await database.db
      .select({ amount: schema.pixReceived.amount })
      .from(schema.pixReceived)
      .where(sql`${schema.pixReceived.endToEndId} = 'E00000000202611280000drift0001'`);
    expect(received).toEqual({ amount: 9_007_199_254 });
  });
});
