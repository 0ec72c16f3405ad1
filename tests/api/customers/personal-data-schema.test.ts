import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_PERSONAL, declaredColumns } from '../../../src/domain/personal-data';
import { buildTestApp, databaseKinds, type TestApp } from '../helpers';
import { rows } from '../orders/checkout';

/** Column names that hold or point to a person: a table with one must be declared (or the column excused). */
const PERSONAL_NAME =
  /(^|_)(nome|name|email|e_mail|cpf|cnpj|doc|telefone|fone|fixo|celular|phone|endereco|address|street|rua|ip|endpoint|customer_id|staff_id|cliente)(_|$)/;

/** The undeclared columns with personal names in a schema, as `table.column`. */
function undeclared(columns: ReadonlyArray<{ table_name: string; column_name: string }>): string[] {
  const declared = declaredColumns();
  return columns
    .filter(({ column_name }) => PERSONAL_NAME.test(column_name))
    .map(({ table_name, column_name }) => `${table_name}.${column_name}`)
    .filter((name) => {
      const [table, column] = name.split('.');
      return !declared.get(table)?.has(column) && !Object.hasOwn(NOT_PERSONAL, name);
    });
}

// The bundled Pix emulator's tables are the payment provider's records (the bank's), not the store's.
const PROVIDER_TABLES = /^pix_emulator_/;

describe.each(databaseKinds)('the declared personal data (%s)', (kind) => {
  let t: TestApp;
  let columns: Array<{ table_name: string; column_name: string }>;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    columns = (
      await rows<{ table_name: string; column_name: string }>(
        t.database,
        sql`SELECT c.table_name, c.column_name FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
      )
    ).filter(({ table_name }) => !PROVIDER_TABLES.test(table_name));
  });
  afterAll(() => t.close());

  it('covers every column of the schema whose name is personal', () => {
    expect(undeclared(columns)).toEqual([]);
  });

  it('names only tables and columns that exist', () => {
    const present = new Set(columns.map(({ table_name, column_name }) => `${table_name}.${column_name}`));
    const missing = [...declaredColumns()].flatMap(([table, set]) =>
      [...set].map((column) => `${table}.${column}`).filter((name) => !present.has(name)),
    );
    expect(missing).toEqual([]);
    for (const name of Object.keys(NOT_PERSONAL)) expect(present.has(name), name).toBe(true);
  });

  it('fails on a new table with personal columns that is not declared', async () => {
    await t.database.db.execute(
      sql`CREATE TABLE wish_lists (id integer PRIMARY KEY, customer_id integer, nome text, telefone text)`,
    );
    const after = await rows<{ table_name: string; column_name: string }>(
      t.database,
      sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_name = 'wish_lists'`,
    );
    expect(undeclared(after).sort()).toEqual([
      'wish_lists.customer_id',
      'wish_lists.nome',
      'wish_lists.telefone',
    ]);
    await t.database.db.execute(sql`DROP TABLE wish_lists`);
  });
});
