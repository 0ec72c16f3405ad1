import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

// A server script (the real one, src/server/server.ts, as `npm run serve` runs it) in a child
// process, answered for once it is up: the browser tests' store, the PWA test's second store and
// the bench's stores. A child process keeps the caller's own work (Chromium, autocannon,
// Lighthouse) off the server's event loop.

function freePort(): Promise<number> {
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
  /** SIGTERM, then waits until the process has exited (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child))
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
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
 * For a server the tests drive: no load shedding by event-loop delay, which measures how loaded the
 * machine running the suites is, not anything a test does (it would answer 503 at random; the API
 * tests hold load shedding itself, by heap).
 */
export const NO_LOAD_SHEDDING = { SHED_MAX_EVENT_LOOP_DELAY_MS: '0' };

/**
 * Runs `script` with tsx on a free port (or `env.PORT`), listening on 127.0.0.1 with `PUBLIC_URL`
 * set to its own address, and waits until `readyPath` answers 2xx; the error it throws otherwise
 * carries the tail of the server's output. `cwd` (default: this checkout) is where the script, its
 * tsx and its relative paths are found: another revision's checkout for the bench's baseline.
 */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  readyPath = '/',
  timeoutMs = 300_000,
  cwd = resolve('.'),
  /** Every line the server writes, kept in this file too (the browser tests read the log). */
  logFile?: string,
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
  const log = logFile ? createWriteStream(logFile, { flags: 'a' }) : null;
  const collect = (chunk: Buffer) => {
    log?.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await waitUntilUp(`${url}${readyPath}`, child, () => output, timeoutMs);
  return {
    url,
    port,
    async stop() {
      if (hasExited(child)) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      log?.end();
    },
  };
}
