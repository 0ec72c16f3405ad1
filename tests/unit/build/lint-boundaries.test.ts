import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js (LAYERS), shown to fail: each fixture imports across one
// forbidden boundary, as a file at that place would, and ESLint must report it. The fixtures are
// linted as text under a path of the tree (nothing is written), from the project's folder and
// from a subfolder.

const ROOT = resolve(import.meta.dirname, '../../..');

interface Fixture {
  name: string;
  filePath: string;
  code: string;
  rule: string;
}

const FORBIDDEN: Fixture[] = [
  {
    name: 'a feature importing another feature',
    filePath: 'src/features/cart/fixture-boundary.ts',
    code: "export * from '../orders/api/get-order';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the domain importing anything of ours',
    filePath: 'src/domain/fixture-boundary.ts',
    code: "export { orderDetailOperation } from '../api/orders';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'client code importing the server',
    filePath: 'src/components/fixture-boundary.ts',
    code: "export { readConfig } from '../server/config';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a hook importing a component',
    filePath: 'src/hooks/fixture-boundary.ts',
    code: "export { ErrorText } from '../components/error-text';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a query importing a feature',
    filePath: 'src/queries/fixture-boundary.ts',
    code: "export * from '../features/orders/api/get-order';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the server importing the app',
    filePath: 'src/server/services/fixture-boundary.ts',
    code: "export * from '../../app/page-policy';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'payments importing orders',
    filePath: 'src/server/services/payments/pix/fixture-boundary.ts',
    code: "export { markPaid } from '../../orders/mark-paid';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a call on the page importing the storage',
    filePath: 'src/browser/fixture-boundary.ts',
    code: "export * from '../storage/cart';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the early script importing the Dexie cart',
    filePath: 'src/early/fixture-boundary.ts',
    code: "export * from '../storage/cart';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the early script importing a package',
    filePath: 'src/early/fixture-boundary.ts',
    code: "import Dexie from 'dexie';\nexport const database = Dexie;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'the service worker importing the browser storage',
    filePath: 'sw/fixture-boundary.ts',
    code: "export * from '../src/storage/db';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the service worker importing the server',
    filePath: 'sw/fixture-boundary.ts',
    code: "export { readConfig } from '../src/server/config';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "the browser's entry importing the server",
    filePath: 'src/main.tsx',
    code: "export { readConfig } from './server/config';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: "the server render's entry importing the server",
    filePath: 'src/entry-server.tsx',
    code: "export { salesOfDay } from './server/services/sales';\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'the domain importing a package not on its list',
    filePath: 'src/domain/fixture-boundary.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'the contract importing a package not on its list',
    filePath: 'src/api/fixture-boundary.ts',
    code: "import { useState } from 'react';\nexport const state = useState;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'an import that resolves to nothing',
    filePath: 'src/domain/fixture-boundary.ts',
    code: "export { nothing } from './no-such-module';\n",
    rule: 'import-x/no-unresolved',
  },
  {
    name: 'a file in a folder no layer names',
    filePath: 'src/unnamed-folder/fixture-boundary.ts',
    code: 'export const answer = 42;\n',
    rule: 'no-restricted-syntax',
  },
];

async function rulesReported(cwd: string, fixture: Pick<Fixture, 'filePath' | 'code'>): Promise<string[]> {
  // From a subfolder, ESLint finds the project's eslint.config.js above it, as `npx eslint` does.
  const eslint = new ESLint({ cwd });
  const [result] = await eslint.lintText(fixture.code, { filePath: resolve(ROOT, fixture.filePath) });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe('the layer rules', () => {
  it.each(FORBIDDEN)('report $name', async (fixture) => {
    expect(await rulesReported(ROOT, fixture)).toContain(fixture.rule);
  });

  it('report a forbidden import when ESLint runs from another folder', async () => {
    expect(await rulesReported(resolve(ROOT, 'src/features'), FORBIDDEN[0])).toContain(FORBIDDEN[0].rule);
  });

  const ALLOWED = [
    {
      filePath: 'src/features/cart/fixture-boundary.ts',
      code: "export { parseMoney } from '../../domain/money';\n",
    },
    { filePath: 'src/api/fixture-boundary.ts', code: "export { z } from 'zod';\n" },
    { filePath: 'src/domain/fixture-boundary.ts', code: "export { default } from 'credit-card-type';\n" },
    { filePath: 'src/early/fixture-boundary.ts', code: "export * from '../storage/early-adds';\n" },
    { filePath: 'src/main.tsx', code: "export * from './app/router';\n" },
    { filePath: 'sw/fixture-boundary.ts', code: "export * from '../src/api/catalogue';\n" },
  ];
  it.each(ALLOWED)('let an allowed import pass in $filePath', async (clean) => {
    expect(await rulesReported(ROOT, clean)).toEqual([]);
  });
});
