import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databaseKinds } from '../helpers';

// Deploying build B while pages of build A are open: A's hashed chunks stay answerable, a chunk no
// build has is a 404 (never a page in its place), and what names the chunks is never stored.

function makeBuild(root: string, chunk: string): string {
  const dir = mkdtempSync(join(root, 'build-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>Loja</title><script type="module" src="/assets/${chunk}"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(dir, 'assets', chunk), `export const build = ${JSON.stringify(chunk)};`);
  writeFileSync(join(dir, 'sw.js'), `// ${chunk}`);
  return dir;
}

describe.each(databaseKinds)('a deploy under open pages on %s', (kind) => {
  let root: string;
  let dataDir: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'storefront-deploys-'));
    dataDir = join(root, 'data');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const start = async (staticDir: string, env: Record<string, string> = {}) =>
    buildTestApp(kind, { STATIC_DIR: staticDir, DATA_DIR: dataDir, ...env });

  it("keeps answering the previous build's chunks after the next build starts, immutable", async () => {
    const a = await start(makeBuild(root, 'carrinho-AAAA1111.js'));
    expect((await a.app.inject({ url: '/assets/carrinho-AAAA1111.js' })).statusCode).toBe(200);
    await a.close();

    const b = await start(makeBuild(root, 'carrinho-BBBB2222.js'));
    try {
      for (const chunk of ['carrinho-AAAA1111.js', 'carrinho-BBBB2222.js']) {
        const answer = await b.app.inject({ url: `/assets/${chunk}` });
        expect(answer.statusCode, chunk).toBe(200);
        expect(answer.headers['content-type'], chunk).toMatch(/javascript/);
        expect(answer.body).toContain(chunk);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    } finally {
      await b.close();
    }
  });

  it('answers a chunk no build has with a 404 in JSON, never the page', async () => {
    const app = await start(makeBuild(root, 'inicio-CCCC3333.js'));
    try {
      const missing = await app.app.inject({ url: '/assets/nunca-existiu-DDDD4444.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/application\/json/);
      expect(missing.json().resposta).toBe('Arquivo não encontrado.');
      expect(missing.body).not.toContain('<html');
    } finally {
      await app.close();
    }
  });

  it('lets chunks of builds older than KEPT_ASSETS_DAYS go', async () => {
    const first = await start(makeBuild(root, 'antigo-EEEE5555.js'));
    await first.close();
    const next = await start(makeBuild(root, 'novo-FFFF6666.js'), { KEPT_ASSETS_DAYS: '0' });
    try {
      expect((await next.app.inject({ url: '/assets/antigo-EEEE5555.js' })).statusCode).toBe(404);
      expect((await next.app.inject({ url: '/assets/novo-FFFF6666.js' })).statusCode).toBe(200);
    } finally {
      await next.close();
    }
  });

  it('never lets HTTP caches keep sw.js, index.html or the shell of a personal screen', async () => {
    const app = await start(makeBuild(root, 'tela-GGGG7777.js'));
    try {
      for (const url of ['/sw.js', '/index.html', '/carrinho', '/checkout']) {
        const answer = await app.app.inject({ url });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['cache-control'], url).toBe('no-store');
      }
    } finally {
      await app.close();
    }
  });

  it("sends a chunk's Brotli or gzip copy as the browser accepts, the previous build's too", async () => {
    const withCopies = (dir: string, chunk: string) => {
      const file = join(dir, 'assets', chunk);
      const code = Array.from({ length: 200 }, (_, i) => `export const n${i} = ${(i * 7919) % 1000};`)
        .concat(`export const build = ${JSON.stringify(chunk)};`)
        .join('\n');
      writeFileSync(file, code);
      writeFileSync(`${file}.br`, brotliCompressSync(code));
      writeFileSync(`${file}.gz`, gzipSync(code));
      return code;
    };
    const a = makeBuild(root, 'vitrine-HHHH8888.js');
    const previous = withCopies(a, 'vitrine-HHHH8888.js');
    await (await start(a)).close();
    const b = makeBuild(root, 'vitrine-IIII9999.js');
    const current = withCopies(b, 'vitrine-IIII9999.js');
    const app = await start(b);
    try {
      for (const [chunk, code, dir] of [
        ['vitrine-IIII9999.js', current, b],
        ['vitrine-HHHH8888.js', previous, a],
      ] as const) {
        for (const [accepted, encoding] of [
          ['gzip, deflate, br, zstd', 'br'],
          ['gzip', 'gzip'],
        ]) {
          const answer = await app.app.inject({
            url: `/assets/${chunk}`,
            headers: { 'accept-encoding': accepted },
          });
          expect(answer.headers['content-encoding'], `${chunk} ${accepted}`).toBe(encoding);
          expect(answer.headers.vary, chunk).toMatch(/accept-encoding/i);
          expect(answer.headers['content-type'], chunk).toMatch(/javascript/);
          expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          // The build's copy as it is on disk, not compressed again for this answer.
          const copy = readFileSync(join(dir, 'assets', `${chunk}.${encoding === 'br' ? 'br' : 'gz'}`));
          expect(answer.rawPayload.equals(copy), `${chunk} ${accepted}`).toBe(true);
          const unpack = encoding === 'br' ? brotliDecompressSync : gunzipSync;
          expect(unpack(answer.rawPayload).toString(), chunk).toBe(code);
        }
        const plain = await app.app.inject({
          url: `/assets/${chunk}`,
          headers: { 'accept-encoding': 'identity' },
        });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe(code);
      }
    } finally {
      await app.close();
    }
  });
});
