import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { NO_LOAD_SHEDDING, startProcess, type RunningServer } from '../server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/** The shared server's whole output, in the data folder. */
export const SERVER_LOG = 'server.log';

/** Starts the real server on the built store with a fresh embedded database, once for all browser tests. */
export default async function setup(project: TestProject) {
  if (!existsSync(resolve('dist/index.html')))
    throw new Error('dist/ is missing: run `npm run build` first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  let server: RunningServer;
  try {
    server = await startProcess(
      'src/server/server.ts',
      // Every request is logged (info), and the whole log kept: the card test reads it for card data.
      { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', ...NO_LOAD_SHEDDING },
      '/',
      120_000,
      undefined,
      join(dataDir, SERVER_LOG),
    );
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseURL', server.url);
  project.provide('dataDir', dataDir);

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
