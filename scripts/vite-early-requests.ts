import type { Plugin, Rollup } from 'vite';
import { startEarlyRequests, type EarlyRequestsConfig } from '../src/app/early-requests';

const SCREEN_MODULES = {
  home: 'src/app/routes/home.tsx',
  product: 'src/app/routes/product.tsx',
  listing: 'src/app/routes/listing.tsx',
} as const;

/** A chunk and every chunk it imports statically, with their stylesheets. */
function closure(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return files;
}

/** Each catalogue screen's files beyond what the entry already loads (none in dev). */
function screenFiles(
  bundle: Rollup.OutputBundle | undefined,
  entry: Rollup.OutputChunk | undefined,
  base: string,
) {
  const screens: EarlyRequestsConfig['screens'] = { home: [], product: [], listing: [] };
  if (!bundle || !entry) return screens;
  const loaded = closure(bundle, entry);
  for (const [screen, module] of Object.entries(SCREEN_MODULES)) {
    const chunk = Object.values(bundle).find(
      (output): output is Rollup.OutputChunk =>
        output.type === 'chunk' && output.isDynamicEntry && !!output.facadeModuleId?.endsWith(module),
    );
    if (!chunk) throw new Error(`early requests: no chunk for ${module}`);
    screens[screen as keyof typeof screens] = [...closure(bundle, chunk)]
      .filter((file) => !loaded.has(file))
      .map((file) => `${base}${file}`);
  }
  return screens;
}

/**
 * Inlines src/app/early-requests.ts in index.html with the bases the app is built with and the
 * built files of each catalogue screen.
 */
export function earlyRequests(bases: Omit<EarlyRequestsConfig, 'screens'>): Plugin {
  let base = '/';
  return {
    name: 'casa-e-obra:early-requests',
    configResolved(config) {
      base = config.base;
    },
    // After the title, before the app's script and stylesheet: an inline script placed after a
    // stylesheet would wait for it.
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const config: EarlyRequestsConfig = {
          ...bases,
          screens: screenFiles(context.bundle, context.chunk, base),
        };
        const script = `<script>(${startEarlyRequests.toString()})(${JSON.stringify(config)}, window);</script>`;
        return html.replace('</title>', `</title>\n    ${script}`);
      },
    },
  };
}
