import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODULES_META } from '../../domain/takeover';

// The built index.html is the page template: it already names the entry script, its stylesheet
// and its modules (scripts/deferred-entry.ts). A rendered page adds its head, the screen's own files, the HTML and the data.

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface PageParts {
  head: string;
  body: string;
  data: string;
  /** The screens in use (`src/app/routes/{screen}.tsx`). */
  screens: string[];
  /** Modules of the parts of those screens this page shows (src/components/screen-part.tsx). */
  parts?: string[];
}

export class PageTemplate {
  private readonly before: string;
  private readonly after: string;
  private readonly manifest: Manifest;
  /** Files the entry already loads (index.html names them). */
  private readonly entryFiles: Set<string>;
  private readonly screenLinks = new Map<string, string>();

  constructor(
    readonly shell: string,
    manifest: Manifest,
  ) {
    this.manifest = manifest;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    this.entryFiles = entry ? this.closure(entry) : new Set();
    const [before, after] = shell
      // The page's own title and description replace the shell's.
      .replace(/<title>[\s\S]*?<\/title>\s*/, '')
      .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
      .split('<div id="root"></div>');
    if (after === undefined) throw new Error('index.html has no <div id="root"></div>');
    this.before = before!;
    this.after = after;
  }

  static read(staticDir: string): PageTemplate {
    const shell = readFileSync(join(staticDir, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    return new PageTemplate(shell, manifest);
  }

  /** The whole page. */
  page({ head, body, data, screens, parts = [] }: PageParts): string {
    const links = this.linksFor([...screens.map((screen) => `src/app/routes/${screen}.tsx`), ...parts]);
    return (
      this.before.replace('</head>', `${head}\n    ${links}</head>`) +
      `<div id="root">${body}</div>${data}` +
      this.after
    );
  }

  /** A chunk and every chunk it imports statically, with their stylesheets. */
  private closure(start: ManifestChunk): Set<string> {
    const files = new Set<string>();
    const visit = (chunk: ManifestChunk) => {
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const name of chunk.imports ?? []) {
        const next = this.manifest[name];
        if (next) visit(next);
      }
    };
    visit(start);
    return files;
  }

  /**
   * The stylesheets of the page's screens and parts (no layout shift when their code arrives) and
   * the list of their modules, which index.html's loader preloads with the entry once the page has
   * painted. `sources`: their modules as the manifest names them.
   */
  private linksFor(sources: string[]): string {
    const key = sources.join(' ');
    const known = this.screenLinks.get(key);
    if (known !== undefined) return known;
    const closures = sources.flatMap((source) => {
      const chunk = this.manifest[source];
      return chunk ? [...this.closure(chunk)] : [];
    });
    const files = [...new Set(closures)].filter((file) => !this.entryFiles.has(file));
    const styles = files.filter((file) => file.endsWith('.css'));
    const modules = files.filter((file) => !file.endsWith('.css'));
    const links =
      styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('') +
      (modules.length
        ? `<meta name="${MODULES_META}" content="${modules.map((file) => `/${file}`).join(' ')}">`
        : '');
    this.screenLinks.set(key, links);
    return links;
  }
}
