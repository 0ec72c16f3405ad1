import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL } from '../../../src/domain/money';
import { products } from '../../../src/server/db/schema';
import { sitemapParts, sitemapUrls } from '../../../src/server/render/sitemap';
import { buildTestApp, changePrice, databaseKinds, firstActiveProductId, type TestApp } from '../helpers';

// The server render against the built store (npm test builds it first): pages follow catalogue
// writes as the catalogue answers do, and a page the server cannot render falls back to the shell.

const ADMIN_TOKEN = 'token-de-teste-paginas-0123456789';

if (!existsSync('dist-ssr/entry-server.js') || !existsSync('dist/.vite/manifest.json'))
  throw new Error('dist/ and dist-ssr/ are missing: run `npm run build` first.');

const collect = async (parts: AsyncIterable<string>) => {
  let text = '';
  for await (const part of parts) text += part;
  return text;
};

describe.each(databaseKinds)('server-rendered pages on %s', (kind) => {
  let t: TestApp;
  let idprd: number;

  beforeAll(async () => {
    t = await buildTestApp(kind, { STATIC_DIR: './dist', ADMIN_TOKEN });
    idprd = await firstActiveProductId(t.database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows a new price on the very next request after a price change', async () => {
    const before = await t.app.inject({ url: `/produto/${idprd}` });
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const changed = await changePrice(t.app, {
      token: ADMIN_TOKEN,
      idprd,
      payload: { preco_centavos: 54_321 },
    });
    expect(changed.statusCode).toBe(200);
    const after = await t.app.inject({ url: `/produto/${idprd}` });
    expect(after.body).toContain(formatBRL(54_321));
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('sends the shell for personal screens, never cached for everyone', async () => {
    for (const path of ['/carrinho', '/checkout', '/meusPedidos', '/login']) {
      const page = await t.app.inject({ url: path });
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-store');
      expect(page.body, path).toContain('<div id="root"></div>');
    }
  });

  it('renders a page once for 1,000 addresses that differ only in tracking or unknown parameters', async () => {
    const tracking = ['utm_source', 'utm_medium', 'utm_campaign', 'gclid', 'fbclid', 'ref'];
    const random = () => Math.random().toString(36).slice(2, 10);
    const before = t.app.pages!.renders;
    for (let i = 0; i < 1000; i += 1) {
      const query = `${tracking[i % tracking.length]}=${random()}&${random()}=${random()}`;
      const page = await t.app.inject({ url: `/produtos/banheiro?${query}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    }
    expect(t.app.pages!.renders - before).toBeLessThanOrEqual(2);
  });

  it('limits the renders one address can cause with values the screen does read', async () => {
    const limited = await buildTestApp(kind, { STATIC_DIR: './dist', PAGE_RENDERS_PER_MINUTE: '5' });
    try {
      let shells = 0;
      for (let i = 0; i < 1000; i += 1) {
        const page = await limited.app.inject({ url: `/produtos?pagina=${1000 + i}` });
        expect(page.statusCode).toBeLessThan(500);
        if (page.headers['cache-control'] === 'no-store') shells += 1;
      }
      expect(limited.app.pages!.renders).toBeLessThanOrEqual(5);
      expect(shells).toBeGreaterThanOrEqual(995);
      // Another address still gets its rendered page.
      const other = await limited.app.inject({ url: '/produtos?pagina=2', remoteAddress: '10.1.2.3' });
      expect(other.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    } finally {
      await limited.close();
    }
  });

  it('lists every product once across the parts of a split sitemap', async () => {
    const origin = 'https://loja.example.com.br';
    const parts = await sitemapParts(t.database.db, 100);
    const active = await t.database.db
      .select({ idprd: products.idprd })
      .from(products)
      .where(eq(products.active, true));
    expect(parts).toBeGreaterThan(1);
    const seen: string[] = [];
    for (let part = 1; part <= parts; part += 1) {
      const xml = await collect(sitemapUrls(t.database.db, origin, part, 100));
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(locs.length).toBeLessThanOrEqual(100);
      seen.push(...locs);
    }
    const productLocs = seen.filter((loc) => loc.startsWith(`${origin}/produto/`));
    expect(new Set(seen).size).toBe(seen.length);
    expect(productLocs.length).toBe(active.length);
    expect(seen).toContain(`${origin}/produtos/banheiro/chuveiros`);
  });

  it('sends the shell and logs the cause when the catalogue cannot be read', async () => {
    const broken = await buildTestApp(kind, { STATIC_DIR: './dist' });
    await broken.database.close();
    const page = await broken.app.inject({ url: '/produtos/ferramentas' });
    await broken.app.close();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(broken.logLines.join('')).toContain('server render failed');
  });
});
