import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three suites, one command: unit (jsdom), api (Fastify inject on PGlite / PostgreSQL), e2e (Chromium).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // The three projects run at once on 2 cores: a jsdom test with real timers (debounces,
          // the generated-catalogue oracle) can take several seconds while the browser tests run.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // expect.poll waits for a state the browser reaches on its own (a service worker showing a
          // push, a tab's mirror): 1 s, Vitest's default, was too short while the three projects
          // share 2 cores (a push notification missed it once in CI). A passing poll returns at once.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
