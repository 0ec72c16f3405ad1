import { build } from 'esbuild';
import type { Plugin } from 'vite';

// index.html's inline scripts (what runs before the app has taken a server-rendered page over:
// src/early) are TypeScript like the rest of the app. This build step bundles each one into a
// small minified inline <script> where index.html says `<!-- inline: src/early/…ts -->`, in the
// build and the dev server. The CSP allows each by its hash (src/server/http/security.ts).

const PLACEHOLDER = /<!-- inline: (\S+\.ts) -->/g;

export function earlyScripts(): Plugin {
  let env: Record<string, unknown> = {};
  const bundle = async (entry: string) => {
    const { outputFiles } = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'iife',
      minify: true,
      target: 'es2020',
      legalComments: 'none',
      // The client configuration the app is built with (src/api/client.ts's DataSnap base).
      define: { 'import.meta.env': JSON.stringify(env) },
    });
    const code = outputFiles[0]!.text.trim();
    if (code.includes('</script')) throw new Error(`${entry}: the bundle would close its <script> early`);
    return `<script>${code}</script>`;
  };
  return {
    name: 'casa-obra:early-scripts',
    configResolved(config) {
      env = config.env;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const entries = [...html.matchAll(PLACEHOLDER)].map((match) => match[1]!);
        const scripts = await Promise.all(entries.map(bundle));
        return html.replace(PLACEHOLDER, () => scripts.shift()!);
      },
    },
  };
}
