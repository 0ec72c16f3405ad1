import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

// Starts the real server (src/server/server.ts, as `npm run serve` does) in a child process, so the
// bench process's own work (autocannon, Lighthouse) never shares its event loop.

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject()));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in time:\n${output()}`);
}

/**
 * Runs `script` with tsx and waits until `readyPath` answers 200. `cwd` (default: this checkout)
 * is where the script, its tsx and its relative paths are found: another revision's checkout
 * for the bench's baseline.
 */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  readyPath = '/',
  timeoutMs = 300_000,
  cwd = resolve('.'),
): Promise<RunningServer> {
  const port = Number(env.PORT) || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(resolve(cwd, 'node_modules/.bin/tsx'), [script], {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PUBLIC_URL: url, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep only the tail: a long run must not grow memory with log lines.
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await waitUntilUp(`${url}${readyPath}`, child, () => output, timeoutMs);
  return {
    url,
    port,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

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
