// The default build has no raw card form (run `npm run build` first; `npm test` does): the form of
// a VITE_CARD_FIELDS=raw build (src/features/checkout/components/raw-card-form.tsx) is removed by
// that build-time constant, so no page of the store can take a card number or CVV.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const BUILDS = [resolve(process.env.PWA_DIST_DIR ?? 'dist'), resolve('dist-ssr')];

function scripts(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(folder, name));
}

describe('the default build', () => {
  it('holds no card number, expiry or CVV input, nor the raw form’s labels', () => {
    const files = BUILDS.flatMap(scripts);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/cc-number|cc-csc|cc-exp/);
      expect(text, file).not.toMatch(/[`'"]Número do cartão[`'"]|[`'"]0000 0000 0000 0000[`'"]/);
    }
  });
});
