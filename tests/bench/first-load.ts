import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// What a first visit to each page kind downloads before it is interactive, read from the Vite
// manifest of a build: the bench weighs these files (bundle.ts), the build test lists them
// (tests/unit/build/first-load.test.ts).

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestEntry>;

export interface Files {
  js: Set<string>;
  css: Set<string>;
}

/** The build's manifest; an error that says to build first when there is none. */
export function readManifest(outDir: string): Manifest {
  const file = join(outDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test does).`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** Static import closure of a manifest key: the JS files and CSS files it needs before it runs. */
function closure(manifest: Manifest, key: string, files: Files = { js: new Set(), css: new Set() }): Files {
  const entry = manifest[key];
  if (!entry || files.js.has(entry.file)) return files;
  files.js.add(entry.file);
  for (const file of entry.css ?? []) files.css.add(file);
  for (const imported of entry.imports ?? []) closure(manifest, imported, files);
  return files;
}

/**
 * The routes of the bench's pages: what a first visit to each downloads before it is interactive.
 * A rendered page's HTML names the entry (index.html) and preloads the screen's closure minus the
 * entry's (src/server/render/template.ts), and hydration waits for both: entry + route closure.
 */
export const ROUTE_MODULES: Array<{ route: string; module: string; parts?: string[] }> = [
  { route: '/ (home)', module: 'src/app/routes/home.tsx' },
  { route: '/produtos/{categoria} (listing, search)', module: 'src/app/routes/listing.tsx' },
  { route: '/produto/{id}', module: 'src/app/routes/product.tsx' },
  // The parts a page shows load with it (src/components/screen-part.tsx): a tile sold in lotes
  // shows both of the product page's options.
  {
    route: '/produto/{id} of a tile in lotes',
    module: 'src/app/routes/product.tsx',
    parts: ['src/features/catalogue/components/product-options.ts'],
  },
  { route: '/sobre (static page)', module: 'src/app/routes/about.tsx' },
  { route: '/carrinho', module: 'src/app/routes/cart.tsx' },
  { route: '/checkout', module: 'src/app/routes/checkout.tsx' },
];

export interface FirstLoads {
  entry: Files;
  /** Each route of ROUTE_MODULES the manifest has, with the entry's files and its own. */
  routes: Array<{ route: string; module: string } & Files>;
}

export function firstLoads(manifest: Manifest): FirstLoads {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('no index.html entry in the Vite manifest');
  const entry = closure(manifest, entryKey);
  // The layout's lazy children load with the route, so a route's first load is entry + route closure.
  const routes = ROUTE_MODULES.filter(({ module }) => manifest[module]).map(
    ({ route, module, parts = [] }) => {
      const files = closure(manifest, module, { js: new Set(entry.js), css: new Set(entry.css) });
      for (const part of parts) closure(manifest, part, files);
      return { route, module, ...files };
    },
  );
  return { entry, routes };
}
