import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The floor: each bench page's content (the same names, prices and first images, the home banner)
// as one plain HTML file with a few lines of inline CSS and no script; beside it the same file with
// the store page's stylesheets linked too (what their round trip costs a page with no script). The
// files are written into the bench build's folder before the store server (re)starts, so the same
// server (same static plugin, compression and cache headers) serves them at
// /bench-floor/{page}.html and /bench-floor/{page}-css.html.

const DATASNAP = '/datasnap/rest/TFireFlay';
export const FLOOR_FOLDER = 'bench-floor';

interface Product {
  idprd: number;
  descricao: string;
  preco: number;
  codundvenda?: string;
}

export interface BenchPage {
  name: string;
  path: string;
  floorPath: string;
  /** The floor with the store page's stylesheets linked in its head. */
  floorCssPath: string;
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const money = (reais: number) =>
  reais.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

async function get<T>(base: string, operation: string): Promise<T> {
  const response = await fetch(`${base}${DATASNAP}/${operation}`);
  if (!response.ok) throw new Error(`${operation}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

function page(title: string, body: string, stylesheets = ''): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${escape(title)}"><title>${escape(title)}</title>${stylesheets}
<style>body{margin:0;font-family:system-ui,sans-serif;color:#212529}header{background:#c92a2a;color:#fff;padding:12px 16px;font-weight:700}
main{padding:12px 16px}ul{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:12px}
img{max-width:100%;height:auto;display:block}.banner{width:100%;aspect-ratio:2/1}h1{font-size:1.25rem}</style></head>
<body><header>Casa &amp; Obra</header><main>${body}</main></body></html>
`;
}

function grid(products: Product[], eager: number): string {
  return `<ul>${products
    .map(
      (p, i) =>
        `<li><a href="/produto/${p.idprd}"><img src="/imagens/${p.idprd}/1.png" width="300" height="300" alt="${escape(p.descricao)}"${
          i < eager ? ' fetchpriority="high"' : ' loading="lazy"'
        }><h2 style="font-size:1rem">${escape(p.descricao)}${p.codundvenda ? ` (${escape(p.codundvenda)})` : ''}</h2></a><p>${money(p.preco)}</p></li>`,
    )
    .join('')}</ul>`;
}

/** The `<link rel="stylesheet">` tags of the store's page, as it sends them. */
async function stylesheetsOf(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const links = (await response.text()).match(/<link rel="stylesheet"[^>]*>/g);
  if (!links) throw new Error(`${url} links no stylesheet`);
  return links.join('');
}

/** Reads the pages' content from the running store, writes the floor files, returns the bench pages. */
export async function writeFloorPages(storeUrl: string, staticDir: string): Promise<BenchPage[]> {
  const best = await get<{ produtos: Product[] }>(storeUrl, 'APP_0041');
  const listing = await get<{ produtos: Product[] }>(
    storeUrl,
    'APP_0027?grupo=banheiro&pagina=1&por_pagina=6',
  );
  const search = await get<{ produtos: Product[] }>(
    storeUrl,
    'APP_0027?produto=torneira&pagina=1&por_pagina=6',
  );
  const productId = best.produtos[0].idprd;
  const detail = await get<{ produtos: Array<Product & { info_grupo?: string; descmarca?: string }> }>(
    storeUrl,
    `APP_0027?codigo=${productId}`,
  );
  const product = detail.produtos[0];
  const folder = join(staticDir, FLOOR_FOLDER);
  mkdirSync(folder, { recursive: true });
  const content: Record<string, { path: string; title: string; body: string }> = {
    home: {
      path: '/',
      title: 'Casa & Obra — Materiais de Construção',
      body: `<img class="banner" src="/banners/banheiros.svg" width="960" height="480" fetchpriority="high" alt="Banheiro novo">
<h1>Mais vendidos</h1>${grid(best.produtos.slice(0, 12), 0)}`,
    },
    listing: {
      path: '/produtos/banheiro',
      title: 'banheiro',
      body: `<h1>banheiro</h1>${grid(listing.produtos, 2)}`,
    },
    search: {
      path: '/produtos/pesquisar/torneira',
      title: 'torneira',
      body: `<h1>Resultados para "torneira"</h1>${grid(search.produtos, 2)}`,
    },
    product: {
      path: `/produto/${productId}`,
      title: product.descricao,
      body: `<img src="/imagens/${product.idprd}/1.png" width="600" height="600" fetchpriority="high" alt="${escape(product.descricao)}">
<h1>${escape(product.descricao)}</h1><p>Ref.: ${product.idprd} · ${escape(product.descmarca ?? '')}</p>
<p><strong>${money(product.preco)}</strong></p><p>${escape(product.info_grupo ?? '')}</p><button>COMPRAR AGORA</button>`,
    },
  };
  const floor = (name: string) => `/${FLOOR_FOLDER}/${name}.html`;
  const pages: BenchPage[] = [];
  for (const [name, { path, title, body }] of Object.entries(content)) {
    writeFileSync(join(folder, `${name}.html`), page(title, body));
    writeFileSync(join(folder, `${name}-css.html`), page(title, body, await stylesheetsOf(storeUrl + path)));
    pages.push({ name, path, floorPath: floor(name), floorCssPath: floor(`${name}-css`) });
  }
  return pages;
}
