import { startProcess, type RunningServer } from '../server-process';

// The bench's stores: the real server (src/server/server.ts, as `npm run serve` does) in a child
// process (tests/server-process.ts), so the bench process's own work (autocannon, Lighthouse) never
// shares its event loop.

export { startProcess, type RunningServer };

export interface StoreOptions {
  staticDir: string;
  /** The server render's build (`vite build --ssr`); revisions without one ignore it. */
  ssrDir?: string;
  /** Embedded database folder (PGlite); ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  seedProducts?: number;
  port?: number;
  /** Checkout whose server runs (default: this one). */
  cwd?: string;
}

/**
 * The storefront server on the bench's build, with warn-level logs (no line per request). Ready
 * when an operation that reads no catalogue answers: a page or catalogue call would render or warm
 * the answer cache before the measurement does.
 */
export function startStore(options: StoreOptions): Promise<RunningServer> {
  return startProcess(
    'src/server/server.ts',
    {
      STATIC_DIR: options.staticDir,
      ...(options.ssrDir ? { SSR_DIR: options.ssrDir } : {}),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SEED_PRODUCTS: String(options.seedProducts ?? 0),
      LOG_LEVEL: 'warn',
      ...(options.port ? { PORT: String(options.port) } : {}),
    },
    '/datasnap/rest/TFireFlay/APP_0070',
    300_000,
    options.cwd,
  );
}
