// The first visitor after a restart (issue 37): a freshly started server, with load shedding on as in
// production, answers every request of the home the moment it says it is ready, none with 503. The
// browser tests' shared store runs without shedding (NO_LOAD_SHEDDING), so this one starts its own.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startProcess, type RunningServer } from '../server-process';
import { openPage, phone, test, visit } from './browser';

const dataDir = mkdtempSync(join(tmpdir(), 'storefront-first-visit-'));
const logFile = join(dataDir, 'server.log');
let server: RunningServer;

beforeAll(async () => {
  // Ready means /readyz answers 200: what a load balancer waits for before it sends traffic.
  server = await startProcess(
    'src/server/server.ts',
    { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
    '/readyz',
    120_000,
    undefined,
    logFile,
  );
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a freshly started server', () => {
  test('answers every request of the first visit to the home, none with 503', async ({ browser }) => {
    const { context, page } = await openPage(browser, phone);
    const answers: { url: string; type: string; status: number }[] = [];
    const failed: string[] = [];
    context.on('response', (response) =>
      answers.push({
        url: response.url(),
        type: response.request().resourceType(),
        status: response.status(),
      }),
    );
    context.on('requestfailed', (request) =>
      failed.push(`${request.url()}: ${request.failure()?.errorText}`),
    );

    await visit(page, `${server.url}/`);
    // The service worker's install fetches the whole precache: those are the page's requests too.
    await page.evaluate(() => navigator.serviceWorker.ready);

    expect(failed).toEqual([]);
    expect(answers.filter(({ status }) => status === 503)).toEqual([]);
    const types = new Set(answers.map(({ type }) => type));
    for (const type of ['document', 'script', 'stylesheet', 'image']) expect(types).toContain(type);
  });

  test('says it is ready only once the home has rendered', async () => {
    // The server warms before it listens, so the first /readyz the log records comes after the warm-up.
    const lines = readFileSync(logFile, 'utf8').split('\n');
    const warmed = lines.findIndex((line) => line.includes('warmed up'));
    const firstReady = lines.findIndex((line) => line.includes('"/readyz"'));
    expect(warmed).toBeGreaterThanOrEqual(0);
    expect(firstReady).toBeGreaterThan(warmed);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
  });
});
