import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// Every page the server renders is valid HTML by the W3C Nu Html Checker (vnu.jar from the vnu-jar
// package, on the Java that scripts/ensure-java.mjs installs): one Java process checks them all.
// A page of known faults goes with them, so the check is seen to fail (docs/html-and-metadata.md).

const VNU_JAR = fileURLToPath(import.meta.resolve('vnu-jar/build/dist/vnu.jar'));

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the checker once on every file; answers its messages by file name. */
async function nuCheck(files: string[]): Promise<Map<string, VnuMessage[]>> {
  // The checker exits 1 when it found errors; its report is the same either way.
  const output = await promisify(execFile)(
    'java',
    ['-jar', VNU_JAR, '--format', 'json', '--errors-only', '--stdout', ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string; code?: number }) => {
    if (error.code === 1 && error.stdout) return { stdout: error.stdout };
    throw error;
  });
  const { messages } = JSON.parse(output.stdout) as { messages: VnuMessage[] };
  const byFile = new Map<string, VnuMessage[]>(files.map((file) => [basename(file), []]));
  for (const message of messages) byFile.get(basename(decodeURI(message.url)))?.push(message);
  return byFile;
}

const describeMessage = (message: VnuMessage) =>
  `line ${message.lastLine ?? '?'}: ${message.message}\n    ${(message.extract ?? '').replace(/\s+/g, ' ')}`;

/** The faults the server's pages had before (docs/html-and-metadata.md), in one small page. */
const BROKEN_PAGE = `<!doctype html>
<html lang="pt-BR"><head><title>Falhas</title></head>
<body>
  <p>Texto</p><style>:root { --cor: red; }</style>
  <button type="button" aria-label="Menu"><div></div></button>
  <span><h1>Título</h1></span>
  <input type="search" role="combobox" aria-expanded="false" aria-label="Buscar">
  <div aria-label="Perguntas">Conteúdo</div>
</body></html>`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'html-validity-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the HTML of every server-rendered page', () => {
  it('passes the W3C Nu Html Checker, and the checker refuses a page with the old faults', async () => {
    const base = inject('baseURL');
    const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
    const product = /<loc>[^<]*(\/produto\/\d+)<\/loc>/.exec(sitemap)?.[1];
    expect(product, 'a product in the sitemap').toBeDefined();
    const pages: [name: string, path: string, status: number][] = [
      ['home', '/', 200],
      ['listing', '/produtos', 200],
      ['category', '/produtos/banheiro', 200],
      ['subcategory', '/produtos/banheiro/chuveiros', 200],
      ['search', '/produtos/pesquisar/porcelanato', 200],
      ['search-alias', '/pesquisar/torneira', 200],
      ['product', product!, 200],
      ['our-products', '/nossos-produtos', 200],
      ['faq', '/faq', 200],
      ['privacy', '/politica', 200],
      ['delivery-policy', '/politicaentrega', 200],
      ['terms', '/termos', 200],
      ['about', '/sobre', 200],
      ['contact', '/contato', 200],
      ['not-found', '/caminho/que/nao/existe', 404],
      // A personal route: the shell, which the browser fills in.
      ['personal-shell', '/carrinho', 200],
    ];
    const files: string[] = [];
    for (const [name, path, status] of pages) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status, path).toBe(status);
      const html = await answer.text();
      // Rendered by the server, not the shell (but for the personal route).
      if (name !== 'personal-shell') expect(html, path).not.toContain('<div id="root"></div>');
      const file = join(dir, `${name}.html`);
      writeFileSync(file, html);
      files.push(file);
    }
    const broken = join(dir, 'broken.html');
    writeFileSync(broken, BROKEN_PAGE);

    const report = await nuCheck([...files, broken]);

    const faults = pages.flatMap(([name, path]) =>
      (report.get(`${name}.html`) ?? []).map((message) => `${path} ${describeMessage(message)}`),
    );
    for (const fault of faults) console.log(fault);
    expect(faults, faults.join('\n')).toEqual([]);
    const caught = (report.get('broken.html') ?? []).map((message) => message.message).join('\n');
    expect(caught).toContain('“style” element in “body” must be the first child');
    expect(caught).toContain('“div” not allowed as child of element “button”');
    expect(caught).toContain('“h1” not allowed as child of element “span”');
    expect(caught).toContain('“aria-label” attribute must not be specified on any “div”');
    expect(caught).toMatch(/Bad value “(search|combobox)”/);
  });
});
