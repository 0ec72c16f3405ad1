import { sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATASNAP_PATH } from '../../../src/api/datasnap-path';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { ADMIN_TOKEN, makeProduct, placeOrder, type TestProduct } from '../orders/checkout';
import { buildSecondTestApp, buildTestApp, changePrice, databaseKinds, type TestApp } from '../helpers';

// Catalogue answers are kept serialized and compressed per query. These tests make the entries
// outlive the test (a long TTL), so only an invalidation can make a change show.
const LONG_TTL = { CATALOGUE_CACHE_TTL_MS: '600000', ADMIN_TOKEN };
/** The documented bound for a write in one process to reach another's cache (docs/performance.md). */
const OTHER_PROCESS_BOUND_MS = 5000;

const detailUrl = (idprd: number) => `${DATASNAP_PATH}/APP_0027?codigo=${idprd}`;
const LISTING_URL = `${DATASNAP_PATH}/APP_0027?grupo=banheiro&pagina=1&por_pagina=48`;
const BEST_SELLERS_URL = `${DATASNAP_PATH}/APP_0041`;

type Summary = { idprd: number; preco: number; estoque: number };
type Listing = { produtos: Summary[]; precos: Array<{ codigo: string; quantidade: number }> };

const countOf = (answer: Listing, codigo: string) =>
  answer.precos.find((range) => range.codigo === codigo)?.quantidade ?? 0;

function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }): unknown {
  const encoding = response.headers['content-encoding'];
  const bytes =
    encoding === 'br'
      ? brotliDecompressSync(response.rawPayload)
      : encoding === 'gzip'
        ? gunzipSync(response.rawPayload)
        : response.rawPayload;
  return JSON.parse(bytes.toString('utf8'));
}

describe.each(databaseKinds)('catalogue answer cache on %s', (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let product: TestProduct;

  const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url, headers });
  const detail = async (app: TestApp, idprd: number) => {
    const response = await get(app, detailUrl(idprd), { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode, response.body).toBe(200);
    return decoded(response) as { produtos: Summary[]; lotes: unknown[]; precos: unknown[] };
  };
  const listing = async () => {
    const response = await get(t, LISTING_URL, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    return decoded(response) as Listing;
  };
  const reprice = (idprd: number, centavos: number) =>
    changePrice(t.app, { token: ADMIN_TOKEN, idprd, payload: { preco_centavos: centavos } });

  beforeAll(async () => {
    t = await buildTestApp(kind, LONG_TTL);
    product = await makeProduct(t.database, { price: 25_990, stock: 10 });
    buyer = await signedInCustomer(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the same bytes and ETag for a repeated request, and 304 to If-None-Match', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await get(t, detailUrl(product.idprd), headers);
    const second = await get(t, detailUrl(product.idprd), headers);
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);

    const revalidated = await get(t, detailUrl(product.idprd), {
      ...headers,
      'if-none-match': String(first.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');

    const otherTag = await get(t, detailUrl(product.idprd), { ...headers, 'if-none-match': 'W/"outro"' });
    expect(otherTag.statusCode).toBe(200);
  });

  it('decodes br, gzip and identity to the same JSON, as Accept-Encoding asks', async () => {
    for (const url of [LISTING_URL, BEST_SELLERS_URL, detailUrl(product.idprd)]) {
      const br = await get(t, url, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await get(t, url, { 'accept-encoding': 'br;q=0, gzip' });
      const identity = await get(t, url);
      expect(identity.headers['content-encoding']).toBeUndefined();
      const json = JSON.parse(identity.body);
      if (identity.rawPayload.length >= 1024) {
        expect(br.headers['content-encoding']).toBe('br');
        expect(gzip.headers['content-encoding']).toBe('gzip');
      }
      expect(decoded(br)).toEqual(json);
      expect(decoded(gzip)).toEqual(json);
      expect(br.headers.etag).toBe(identity.headers.etag);
    }
  });

  it('shows a staff price change on the very next detail and listing request', async () => {
    const before = await listing();
    // The cheapest product of the listing, moved above R$ 1.000,00: its price range count moves too.
    const shown = before.produtos.reduce((a, b) => (b.preco < a.preco ? b : a));
    const detailBefore = await detail(t, shown.idprd);
    const newCentavos = 150_000 + 1_111;

    expect((await reprice(shown.idprd, newCentavos)).statusCode).toBe(200);

    const detailAfter = await detail(t, shown.idprd);
    expect(detailAfter.produtos[0]!.preco).toBe(newCentavos / 100);
    expect(detailAfter.precos).not.toEqual(detailBefore.precos);
    const after = await listing();
    expect(after.produtos.find((p) => p.idprd === shown.idprd)!.preco).toBe(newCentavos / 100);
    expect(countOf(after, 'acima1000')).toBe(countOf(before, 'acima1000') + 1);
  });

  it('shows the stock an order takes, and a cancellation gives back, on the next request', async () => {
    expect((await detail(t, product.idprd)).produtos[0]!.estoque).toBe(10);
    const placed = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product, quantity: 3 }],
      tipo: 'credit',
    });
    expect(placed.response.status, placed.response.raw).toBe(200);
    expect((await detail(t, product.idprd)).produtos[0]!.estoque).toBe(7);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/admin/orders/${placed.response.json.id}/cancel`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await detail(t, product.idprd)).produtos[0]!.estoque).toBe(10);
  });

  it('reaches a second server on the same database within the stated bound', async () => {
    const other = await buildSecondTestApp(t, LONG_TTL);
    try {
      const seen = await detail(other, product.idprd);
      expect(other.app.catalogueCache.size).toBeGreaterThan(0);
      const newCentavos = Math.round(seen.produtos[0]!.preco * 100) + 500;

      expect((await reprice(product.idprd, newCentavos)).statusCode).toBe(200);

      // The other server hears it through the database (NOTIFY), not through its TTL (10 min here).
      await vi.waitFor(
        async () => expect((await detail(other, product.idprd)).produtos[0]!.preco).toBe(newCentavos / 100),
        { timeout: OTHER_PROCESS_BOUND_MS, interval: 20 },
      );
    } finally {
      await other.close();
    }
  });

  it('keeps no error answer', async () => {
    const own = await buildTestApp(kind, LONG_TTL);
    try {
      // Without the trigger nothing invalidates: only a 404 that was not kept lets the product show.
      const { rows } = (await own.database.db.execute(
        sql`SELECT min(idprd) AS idprd FROM products WHERE active`,
      )) as unknown as { rows: Array<{ idprd: number }> };
      const idprd = Number(rows[0]!.idprd);
      const setActive = (active: boolean) =>
        own.database.db.execute(sql`UPDATE products SET active = ${active} WHERE idprd = ${idprd}`);
      await own.database.db.execute(sql`DROP TRIGGER products_changed ON products`);
      await setActive(false);
      const hidden = await get(own, detailUrl(idprd), { 'accept-encoding': 'br' });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.headers.etag).toBeUndefined();

      await setActive(true);
      expect((await detail(own, idprd)).produtos[0]!.idprd).toBe(idprd);
    } finally {
      await own.close();
    }
  });
});
