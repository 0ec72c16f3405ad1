import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// The build's hashed assets written beside themselves as `.br` (Brotli's best, quality 11) and `.gz`
// (gzip 9), which the server sends as they are (@fastify/static's preCompressed). Compressed per
// request, the server can only afford Brotli's quality 4: the entry's stylesheet was 18.1 KB
// instead of 14.1, the first load's JavaScript ~14 % larger than now. On a 1.6 Mbit/s phone that
// is time the page waits for its stylesheet and the app for its code (docs/performance.md).

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What the server would not compress either (@fastify/compress's threshold). */
const SMALLEST = 1024;
/**
 * Hashed files only: a new content is a new name, so a copy never outlives its file. index.html and
 * sw.js keep their names from build to build (and sw.js is written after this hook); the server
 * compresses them per request.
 */
const ASSET = /^assets\/.*\.(js|css|svg|json)$/;

async function writeCompressed(file: string, content: Buffer): Promise<void> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipped(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

export function precompress(): Plugin {
  return {
    name: 'casa-obra:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      await Promise.all(
        Object.values(bundle).map((output) => {
          const content = Buffer.from(output.type === 'chunk' ? output.code : output.source);
          if (!ASSET.test(output.fileName) || content.length < SMALLEST) return undefined;
          return writeCompressed(join(outDir, output.fileName), content);
        }),
      );
    },
  };
}
