import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { z } from 'zod';
import { DATASNAP_PATH } from '../../src/api/datasnap-path';
import type { Operation } from '../../src/api/define';
import { buildApp } from '../../src/server/app';
import { readConfig, type Config } from '../../src/server/config';
import { openPostgres, type Database } from '../../src/server/db/client';
import { products } from '../../src/server/db/schema';
import type { CardSetupOptions } from '../../src/server/services/payments/cards/setup';
import type { PixSetupOptions } from '../../src/server/services/payments/pix/setup';
import { freshDatabase } from './databases';
import { NO_LOAD_SHEDDING } from '../server-process';

export { databaseKinds } from './databases';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL only: where the database is, for a second app on it. */
  databaseUrl?: string;
  /** Every line the server logged, for asserting what it never logs. */
  logLines: string[];
  close(): Promise<void>;
}

/** Builds the real app on a fresh database, without a port: tests call `app.inject()`. */
export async function buildTestApp(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  services: TestServices = {},
): Promise<TestApp> {
  const database = await freshDatabase(kind);
  const testApp = await buildTestAppOn(database, env, services);
  return database.url ? { ...testApp, databaseUrl: database.url } : testApp;
}

/**
 * A second server on the database of `first`, as another process behind the load balancer would
 * be: on PostgreSQL its own connection pool (closing it leaves the database to `first`); PGlite
 * is one process's, so there the two apps share it.
 */
export async function buildSecondTestApp(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  if (!first.databaseUrl) return buildTestAppOn({ ...first.database, close: async () => {} }, env);
  return buildTestAppOn(await openPostgres(first.databaseUrl, 5), env);
}

/** The card and Pix set-ups' test hooks (a hand on the card provider, the Pix emulator's exchanges). */
export interface TestServices {
  cards?: CardSetupOptions;
  pix?: PixSetupOptions;
  /** The server's time now (the motoboy's cut-off); unset: the machine's. */
  clock?: () => Date;
}

async function buildTestAppOn(
  database: Database,
  env: Record<string, string>,
  services: TestServices = {},
): Promise<TestApp> {
  const config: Config = readConfig({
    STATIC_DIR: './no-build-in-api-tests',
    LOG_LEVEL: 'info',
    // Order notifications are dispatched when a test runs a round (app.notifications.runOnce()), not
    // by the timer at moments no test chose, between a request and the outbox it reads.
    NOTIFY_SCAN_MS: '60000',
    ...NO_LOAD_SHEDDING,
    ...env,
  });
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp({ config, database, logger: { level: 'info', stream }, ...services });
  await app.ready();
  return {
    app,
    database,
    logLines,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Calls an operation by its contract entry; returns status, parsed JSON and headers. */
export async function call<Op extends Operation>(
  app: FastifyInstance,
  operation: Op,
  input: {
    query?: Record<string, string | number | undefined>;
    body?: unknown;
    cookie?: string;
    headers?: InjectOptions['headers'];
  } = {},
): Promise<{
  status: number;
  json: z.output<Op['answer']> & { resposta?: string };
  headers: Record<string, unknown>;
  raw: string;
}> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.query ?? {}))
    if (value !== undefined) query[key] = String(value);
  const response = await app.inject({
    method: operation.method,
    url: `${DATASNAP_PATH}/${operation.name}`,
    query,
    payload: input.body === undefined ? undefined : (input.body as InjectOptions['payload']),
    headers: { ...(input.cookie ? { cookie: input.cookie } : {}), ...(input.headers ?? {}) },
  });
  let json: unknown = undefined;
  try {
    json = response.json();
  } catch {
    json = undefined;
  }
  // A success is what the contract says it is: the answer schema the client parses it with must
  // accept it (a server answer the PWA would refuse fails here, not in a browser).
  if (response.statusCode >= 200 && response.statusCode < 300) {
    const checked = operation.answer.safeParse(json);
    if (!checked.success)
      throw new Error(
        `${operation.name} answered ${response.statusCode} outside its contract: ${checked.error.message}`,
      );
  }
  return { status: response.statusCode, json: json as never, headers: response.headers, raw: response.body };
}

/** The lowest id among the seeded catalogue's active products. */
export async function firstActiveProductId(database: Database): Promise<number> {
  const [first] = await database.db
    .select({ idprd: products.idprd })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(products.idprd)
    .limit(1);
  return first!.idprd;
}

/** The staff price change: `POST /admin/products/{id}/price` with a token, from loopback unless said. */
export function changePrice(
  app: FastifyInstance,
  request: { token: string; idprd: number | string; payload: unknown; remoteAddress?: string },
) {
  return app.inject({
    method: 'POST',
    url: `/admin/products/${request.idprd}/price`,
    headers: { authorization: `Bearer ${request.token}` },
    payload: request.payload as object,
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
}
