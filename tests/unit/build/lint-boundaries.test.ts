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

  it('let an allowed import pass', async () => {
    const clean = {
      filePath: 'src/features/cart/fixture-boundary.ts',
      code: "export { parseMoney } from '../../domain/money';\n",
    };
    expect(await rulesReported(ROOT, clean)).toEqual([]);
  });
});
