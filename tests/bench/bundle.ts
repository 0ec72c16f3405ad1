import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { firstLoads, readManifest } from './first-load';

// The store built as `npm run build` builds it (same vite.config.ts: the PWA, then the server
// render), into the bench's own folders (so browser tests running on dist/ are not disturbed), with
// the Vite manifest to follow each route's imports and a small plugin that keeps every chunk's
// module sizes.

export interface ModuleSize {
  id: string;
  chunk: string;
  bytes: number;
}

export interface BuildOutput {
  outDir: string;
  ssrOutDir: string;
  modules: ModuleSize[];
  seconds: number;
}

function moduleSizes(into: ModuleSize[]): Plugin {
  return {
    name: 'bench-module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(output.modules ?? {}))
          into.push({ id, chunk: output.fileName, bytes: info.renderedLength ?? 0 });
      }
    },
  };
}

export const SSR_ENTRY = 'src/entry-server.tsx';

export async function buildStore(outDir: string, ssrOutDir: string): Promise<BuildOutput> {
  const modules: ModuleSize[] = [];
  const started = performance.now();
  await build({
    configFile: resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
    plugins: [moduleSizes(modules)],
  });
  // Without it the server sends the shell to every page (src/server/render/pages.ts).
  if (existsSync(resolve(SSR_ENTRY)))
    await build({
      configFile: resolve('vite.config.ts'),
      logLevel: 'warn',
      build: { ssr: SSR_ENTRY, outDir: ssrOutDir, emptyOutDir: true },
    });
  // The PWA plugin builds the worker in a second pass; only the page's chunks matter here.
  const pageModules = modules.filter((m) => !m.chunk.startsWith('sw'));
  return { outDir, ssrOutDir, modules: pageModules, seconds: (performance.now() - started) / 1000 };
}

export const STACK_FLOOR_ENTRY = 'tests/bench/stack-floor.tsx';

/**
 * The stack's own floor (tests/bench/stack-floor.tsx: React DOM, React Router's data router, TanStack
 * Query and Mantine's provider with one button, hydrated as the store hydrates): what any page of
 * this stack downloads before it can take a tap, built for production with the store's target.
 */
export async function buildStackFloor(outDir: string): Promise<{ jsFiles: number } & Sizes> {
  await build({
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: { input: resolve(STACK_FLOOR_ENTRY) },
    },
    publicDir: false,
  });
  const files = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
  return { jsFiles: files.length, ...sum(join(outDir, 'assets'), files) };
}

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteBundle {
  route: string;
  module: string;
  js: Sizes;
  jsFiles: number;
  css: Sizes;
  cssFiles: number;
  /** The largest JS file the route adds to the entry (the server preloads these with the page). */
  largestChunk?: { file: string } & Sizes;
}

export interface BundleReport {
  /** tests/bench/stack-floor.tsx built alone: no code of the store's own. */
  stackFloor: { jsFiles: number } & Sizes;
  entry: { js: Sizes; jsFiles: string[]; css: Sizes; cssFiles: string[] };
  routes: RouteBundle[];
  chunks: Array<{ file: string } & Sizes>;
  modules: Array<{ id: string; chunk: string; bytes: number }>;
}

const sizeCache = new Map<string, Sizes>();
function sizesOf(outDir: string, file: string): Sizes {
  const key = join(outDir, file);
  let sizes = sizeCache.get(key);
  if (!sizes) {
    const content = readFileSync(key);
    sizes = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }).length,
    };
    sizeCache.set(key, sizes);
  }
  return sizes;
}

const sum = (outDir: string, files: Iterable<string>): Sizes => {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = sizesOf(outDir, file);
    total.raw += sizes.raw;
    total.gzip += sizes.gzip;
    total.brotli += sizes.brotli;
  }
  return total;
};

export function bundleReport(
  { outDir, modules }: BuildOutput,
  stackFloor: BundleReport['stackFloor'],
): BundleReport {
  const manifest = readManifest(outDir);
  const { entry, routes: loads } = firstLoads(manifest);
  const routes = loads.map(({ route, module, js, css }) => {
    const added = [...js]
      .filter((file) => !entry.js.has(file))
      .map((file) => ({ file, ...sizesOf(outDir, file) }))
      .sort((a, b) => b.gzip - a.gzip);
    return {
      route,
      module,
      js: sum(outDir, js),
      jsFiles: js.size,
      css: sum(outDir, css),
      cssFiles: css.size,
      largestChunk: added[0],
    };
  });
  const files = new Set<string>();
  for (const item of Object.values(manifest)) {
    files.add(item.file);
    for (const file of item.css ?? []) files.add(file);
  }
  const chunks = [...files].map((file) => ({ file, ...sizesOf(outDir, file) })).sort((a, b) => b.raw - a.raw);
  // Group by package for node_modules (react-dom, @mantine/core ...), by file for our own code.
  const byName = new Map<string, { id: string; chunk: string; bytes: number }>();
  for (const module of modules) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module.id);
    const id = match ? match[1] : module.id.replace(resolve('.') + '/', '');
    const found = byName.get(id) ?? { id, chunk: module.chunk, bytes: 0 };
    found.bytes += module.bytes;
    if (!found.chunk.split(', ').includes(module.chunk) && found.chunk.length < 80)
      found.chunk += `, ${module.chunk}`;
    byName.set(id, found);
  }
  return {
    stackFloor,
    entry: {
      js: sum(outDir, entry.js),
      jsFiles: [...entry.js],
      css: sum(outDir, entry.css),
      cssFiles: [...entry.css],
    },
    routes,
    chunks,
    modules: [...byName.values()].sort((a, b) => b.bytes - a.bytes),
  };
}
