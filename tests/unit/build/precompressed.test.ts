// The build writes each hashed asset's Brotli and gzip copies beside it (scripts/precompress.ts),
// which the server sends as they are (run `npm run build` first; `npm test` does).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const assets = join(resolve(process.env.PWA_DIST_DIR ?? 'dist'), 'assets');
const files = readdirSync(assets);
const scriptsAndStyles = files.filter((file) => /\.(js|css)$/.test(file));

describe('the built assets', () => {
  it('each script and stylesheet of 1 KB or more has a .br and a .gz holding the same bytes', () => {
    const large = scriptsAndStyles.filter((file) => readFileSync(join(assets, file)).length >= 1024);
    expect(large.length).toBeGreaterThan(20);
    for (const file of large) {
      const raw = readFileSync(join(assets, file));
      expect(files, file).toContain(`${file}.br`);
      expect(files, file).toContain(`${file}.gz`);
      expect(brotliDecompressSync(readFileSync(join(assets, `${file}.br`))).equals(raw), file).toBe(true);
      expect(gunzipSync(readFileSync(join(assets, `${file}.gz`))).equals(raw), file).toBe(true);
    }
  });
});
