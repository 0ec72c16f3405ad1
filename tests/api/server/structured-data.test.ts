import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGtin13 } from '../../../src/domain/gtin';
import { queryRows } from '../../../src/server/db/rows';
import { buildTestApp, changePrice, databaseKinds, type TestApp } from '../helpers';

// What search engines and shared links read in the head of a server-rendered page: the JSON-LD
// (Google's merchant listings, breadcrumbs, the site's search) and the Open Graph tags, held
// against the database's own figures (docs/html-and-metadata.md).

const ORIGIN = 'https://loja.example.com.br';
const ADMIN_TOKEN = 'token-de-teste-dados-estruturados-0123';

if (!existsSync('dist-ssr/entry-server.js') || !existsSync('dist/.vite/manifest.json'))
  throw new Error('dist/ and dist-ssr/ are missing: run `npm run build` first.');

type Json = Record<string, unknown> & { '@type'?: string };

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

/** Every JSON-LD object in the page's head, parsed. */
const structuredData = (html: string): Json[] =>
  [...headOf(html).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Json,
  );

const ofType = (items: Json[], type: string) => {
  const found = items.filter((item) => item['@type'] === type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
};

/** The page's Open Graph tags, by property. */
const openGraph = (html: string) =>
  Object.fromEntries(
    [...headOf(html).matchAll(/<meta property="(og:[^"]+)" content="([^"]*)"/g)].map((match) => [
      match[1]!,
      decode(match[2]!),
    ]),
  );

/** The breadcrumb the page shows: each link's text and address, then the current page's text. */
function visibleBreadcrumb(html: string): { name: string; path?: string }[] {
  const nav = /<nav[^>]*aria-label="Trilha de navegação"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [
    ...nav.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>|<span[^>]*aria-current="page"[^>]*>([^<]*)</g),
  ].map((match) => (match[1] ? { name: decode(match[2]!), path: match[1] } : { name: decode(match[3]!) }));
}

const crumbs = (list: Json) =>
  (list.itemListElement as Array<{ position: number; name: string; item: string }>).map(
    ({ position, name, item }) => ({ position, name, item }),
  );

interface ProductRow {
  idprd: number;
  descricao: string;
  price_centavos: number;
  gtin: string;
  brand: string;
  image_count: number;
  quantity: number;
  box_m2: string | null;
}

describe.each(databaseKinds)('structured data and Open Graph of server-rendered pages on %s', (kind) => {
  let t: TestApp;
  const page = async (path: string) => {
    const answer = await t.app.inject({ url: path });
    expect(answer.statusCode, path).toBe(200);
    return answer.body;
  };
  const productRows = (where: ReturnType<typeof sql>) =>
    queryRows<ProductRow>(
      t.database.db,
      sql`SELECT p.idprd, p.descricao, p.price_centavos, p.gtin, b.name AS brand, p.image_count,
                 COALESCE(st.quantity, 0) AS quantity, p.box_m2
            FROM products p JOIN brands b ON b.id = p.brand_id LEFT JOIN stock st ON st.idprd = p.idprd
           WHERE p.active AND ${where} ORDER BY p.idprd LIMIT 1`,
    );

  beforeAll(async () => {
    t = await buildTestApp(kind, { STATIC_DIR: './dist', PUBLIC_URL: ORIGIN, ADMIN_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it("describes a product as the merchant listings read it, with the database's price, GTIN and stock", async () => {
    const [row] = await productRows(sql`COALESCE(st.quantity, 0) > 0 AND p.box_m2 IS NULL`);
    const url = `${ORIGIN}/produto/${row!.idprd}`;
    const html = await page(`/produto/${row!.idprd}`);
    const product = ofType(structuredData(html), 'Product');

    expect(product['@context']).toBe('https://schema.org');
    expect(product.name).toBe(row!.descricao);
    expect(product.sku).toBe(String(row!.idprd));
    expect(product.gtin13).toBe(row!.gtin);
    expect(isValidGtin13(product.gtin13 as string)).toBe(true);
    expect(product.brand).toEqual({ '@type': 'Brand', name: row!.brand });
    expect(product.image).toEqual(
      Array.from(
        { length: Number(row!.image_count) },
        (_, i) => `${ORIGIN}/imagens/${row!.idprd}/${i + 1}.png`,
      ),
    );
    expect(product.offers).toMatchObject({
      '@type': 'Offer',
      url,
      price: (Number(row!.price_centavos) / 100).toFixed(2),
      priceCurrency: 'BRL',
      availability: 'https://schema.org/InStock',
    });

    // Its breadcrumb is the one the page shows, with absolute addresses, ending at the product.
    const list = crumbs(ofType(structuredData(html), 'BreadcrumbList'));
    const shown = visibleBreadcrumb(html);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(list).toEqual(
      shown.map((crumb, index) => ({
        position: index + 1,
        name: crumb.name,
        item: crumb.path ? `${ORIGIN}${crumb.path}` : url,
      })),
    );

    const og = openGraph(html);
    expect(og).toMatchObject({
      'og:type': 'product',
      'og:url': url,
      'og:locale': 'pt_BR',
      'og:site_name': 'Casa & Obra',
      'og:image': `${ORIGIN}/imagens/${row!.idprd}/1.png`,
      'og:image:alt': row!.descricao,
    });
  });

  it('follows a price change at once, and says OutOfStock when the stock is gone', async () => {
    const [row] = await productRows(sql`COALESCE(st.quantity, 0) > 0 AND p.box_m2 IS NULL`);
    const path = `/produto/${row!.idprd}`;
    const offerOf = async () => ofType(structuredData(await page(path)), 'Product').offers as Json;
    expect((await offerOf()).availability).toBe('https://schema.org/InStock');

    const changed = await changePrice(t.app, {
      token: ADMIN_TOKEN,
      idprd: row!.idprd,
      payload: { preco_centavos: 12_345 },
    });
    expect(changed.statusCode).toBe(200);
    expect((await offerOf()).price).toBe('123.45');

    const [empty] = await productRows(sql`COALESCE(st.quantity, 0) = 0 AND p.box_m2 IS NULL`);
    expect(empty, 'a product out of stock in the seed').toBeDefined();
    const offer = ofType(structuredData(await page(`/produto/${empty!.idprd}`)), 'Product').offers as Json;
    expect(offer.availability).toBe('https://schema.org/OutOfStock');
    expect(offer.price).toBe((Number(empty!.price_centavos) / 100).toFixed(2));
  });

  it('prices a tile sold in boxes by the m², as its page does', async () => {
    const [row] = await productRows(sql`p.box_m2 IS NOT NULL`);
    const offer = ofType(structuredData(await page(`/produto/${row!.idprd}`)), 'Product').offers as Json;
    const price = (Number(row!.price_centavos) / 100).toFixed(2);
    expect(offer).toMatchObject({ price, priceCurrency: 'BRL' });
    expect(offer.priceSpecification).toMatchObject({
      '@type': 'UnitPriceSpecification',
      price,
      priceCurrency: 'BRL',
      referenceQuantity: { value: 1, unitCode: 'MTK' },
    });
  });

  it('places a listing, a subcategory and a search in a breadcrumb', async () => {
    const cases: [string, string[]][] = [
      ['/produtos', ['Início', 'Todos os produtos']],
      ['/produtos/banheiro', ['Início', 'Banheiro']],
      ['/produtos/banheiro/chuveiros', ['Início', 'Banheiro', 'Chuveiros']],
      ['/produtos/pesquisar/torneira', ['Início', 'Resultados para "torneira"']],
    ];
    for (const [path, names] of cases) {
      const list = crumbs(ofType(structuredData(await page(path)), 'BreadcrumbList'));
      expect(
        list.map((crumb) => crumb.name),
        path,
      ).toEqual(names);
      expect(
        list.map((crumb) => crumb.position),
        path,
      ).toEqual(names.map((_, i) => i + 1));
      expect(list[0]!.item, path).toBe(`${ORIGIN}/`);
      expect(list.at(-1)!.item, path).toBe(`${ORIGIN}${path}`);
    }
    const subcategory = crumbs(
      ofType(structuredData(await page('/produtos/banheiro/chuveiros')), 'BreadcrumbList'),
    );
    expect(subcategory[1]!.item).toBe(`${ORIGIN}/produtos/banheiro`);
    // Each crumb's address is a page the store serves.
    for (const crumb of subcategory) await page(crumb.item.slice(ORIGIN.length));
  });

  it('names the store and its search on the home, and shares every page with a described picture', async () => {
    const html = await page('/');
    const items = structuredData(html);
    expect(ofType(items, 'Organization')).toMatchObject({
      name: 'Casa & Obra',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/icons/icon-512.png`,
    });
    const site = ofType(items, 'WebSite');
    expect(site).toMatchObject({ name: 'Casa & Obra', url: `${ORIGIN}/` });
    const action = site.potentialAction as { '@type': string; target: { urlTemplate: string } } & Json;
    expect(action['@type']).toBe('SearchAction');
    expect(action['query-input']).toBe('required name=search_term_string');
    expect(action.target.urlTemplate).toBe(`${ORIGIN}/produtos/pesquisar/{search_term_string}`);
    // The template filled in is the search results page of that term.
    const results = await page(
      action.target.urlTemplate.replace('{search_term_string}', 'chuveiro').slice(ORIGIN.length),
    );
    expect(results).toContain('Resultados para &quot;chuveiro&quot;');

    for (const path of ['/', '/produtos/banheiro', '/faq']) {
      const og = openGraph(await page(path));
      expect(og, path).toMatchObject({
        'og:type': 'website',
        'og:url': `${ORIGIN}${path}`,
        'og:locale': 'pt_BR',
        'og:site_name': 'Casa & Obra',
        'og:image': `${ORIGIN}/icons/icon-512.png`,
      });
      expect(og['og:image:alt'], path).toMatch(/^Logotipo da Casa & Obra/);
    }
    const logo = await t.app.inject({ url: '/icons/icon-512.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
  });
});
