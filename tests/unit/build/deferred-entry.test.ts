// The built page loads the app's code after it has painted (run `npm run build` first; `npm test` does).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deferEntryScripts } from '../../../scripts/deferred-entry';
import { ENTRY_META, STACK_META } from '../../../src/domain/takeover';

const dist = resolve(process.env.PWA_DIST_DIR ?? 'dist');

const viteHead = `<html>
  <head>
    <title>Loja</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/Box-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the deferred entry', () => {
  it('names the entry and its modules in <meta> lists instead of loading them from <head>', () => {
    const html = deferEntryScripts(viteHead);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<meta name="entrada" content="/assets/index-abc.js" />');
    // The entry's imports, which the loader evaluates one task each, in this order, before it.
    expect(html).toContain('<meta name="pilha" content="react-1.js Box-2.js" />');
    // The stylesheet still blocks the first paint, so nothing shifts when the code arrives.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
  });

  it('refuses a page whose entry it cannot find, rather than ship a store that never starts', () => {
    expect(() => deferEntryScripts('<html><head></head><body></body></html>')).toThrow(/one entry script/);
  });

  it('is applied to the built index.html, whose loader script starts the entry named there', () => {
    const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script[^>]+src=/);
    expect(head).not.toContain('modulepreload');
    const entry = /<meta name="entrada" content="\/assets\/(index-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect(readFileSync(resolve(dist, 'assets', entry!), 'utf8').length).toBeGreaterThan(1000);
    // The loader (src/early/load-app.ts, bundled inline by scripts/early-script.ts) reads that <meta>.
    expect(html).not.toContain('<!-- inline:');
    const loader = /<script>([^<]*getElementsByName[^<]*)<\/script>/.exec(html.slice(html.indexOf('<body>')));
    expect(loader?.[1]).toContain(`"${ENTRY_META}"`);
    expect(loader?.[1]).toContain(`"${STACK_META}"`);
    // The libraries it evaluates before the entry, React first: each library's own task holds only
    // it, not React evaluated as its import.
    const stack = new RegExp(`<meta name="${STACK_META}" content="([^"]+)"`).exec(html)?.[1]?.split(' ');
    expect(stack?.map((file) => /^([a-z-]+)-[\w-]+\.js$/.exec(file)?.[1])).toEqual([
      'rolldown-runtime',
      'react',
      'query',
      'router',
      'mantine',
    ]);
  });
});
