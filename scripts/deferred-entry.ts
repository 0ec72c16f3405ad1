import type { Plugin } from 'vite';
import { ENTRY_META, STACK_META } from '../src/domain/takeover';

// The built index.html names the app's entry script and preloads its imports in <head>. There, on
// a slow phone, ~150 KiB of JavaScript would download at high priority beside the stylesheet and
// the page's main image, and a server-rendered page would paint later for it. This build step
// turns those tags into inert <meta> lists; the loader at the end of index.html's <body> adds them
// back once the page has painted and its main image (`fetchpriority="high"`) has arrived.

const ENTRY_SCRIPT = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/** `file` as a path from the folder of `entry` (both absolute, as Vite writes them). */
function relativeTo(entry: string, file: string): string {
  const folder = entry.slice(0, entry.lastIndexOf('/') + 1);
  if (!file.startsWith(folder)) throw new Error(`index.html: ${file} is not beside the entry ${entry}`);
  return file.slice(folder.length);
}

/** `<meta name="entrada">` for the entry script and `<meta name="pilha">` for its imports. */
export function deferEntryScripts(html: string): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error(`index.html: expected one entry script, found ${entries.length}`);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const metas = [
    `<meta name="${ENTRY_META}" content="${entries[0]}" />`,
    // Named from the entry's folder (every page carries this list; the home's HTML is at its budget).
    ...(preloads.length
      ? [
          `<meta name="${STACK_META}" content="${preloads.map((file) => relativeTo(entries[0]!, file!)).join(' ')}" />`,
        ]
      : []),
  ];
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${metas.join('\n    ')}\n  </head>`);
}

/** The build's index.html with its entry deferred (the dev server keeps Vite's own tags). */
export function deferredEntry(): Plugin {
  return {
    name: 'casa-obra:deferred-entry',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: deferEntryScripts },
  };
}
