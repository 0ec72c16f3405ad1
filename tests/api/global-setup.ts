import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { seedIfEmpty } from '../../src/server/db/seed';
import { POSTGRES_TEMPLATE, PGLITE_TEMPLATE_FILE, withDatabaseName } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates and seeds one template per database kind; every test file then clones it. */
export default async function setup(project: TestProject) {
  const pglite = await openPglite();
  await migrate(pglite);
  await seedIfEmpty(pglite, { syntheticProducts: 0 });
  const dump = await pglite.dumpDataDir!();
  await pglite.close();
  const file = resolve(PGLITE_TEMPLATE_FILE);
  mkdirSync(resolve(file, '..'), { recursive: true });
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
    const template = await openPostgres(withDatabaseName(url, POSTGRES_TEMPLATE), 2);
    await migrate(template);
    await seedIfEmpty(template, { syntheticProducts: 0 });
    await template.close();
    await admin.end();
  }
}
