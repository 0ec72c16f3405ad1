import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bestSellersOperation,
  productDetailOperation,
  productListingOperation,
  type ProductListingAnswer,
} from '../../../src/api/catalogue';
import { CATEGORIES } from '../../../src/domain/categories';
import { installments } from '../../../src/domain/payment-options';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { oneProduct, rows } from './fixtures';

describe.each(databaseKinds)('catalogue products on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string | number>): Promise<ProductListingAnswer> => {
    const response = await call(t.app, productListingOperation, { query });
    expect(response.status).toBe(200);
    return productListingOperation.answer.parse(JSON.parse(response.raw));
  };

  describe('seed', () => {
    it('has at least 300 products covering every category and subcategory segment', async () => {
      const [{ n }] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM products`);
      expect(n).toBeGreaterThanOrEqual(300);
      for (const category of CATEGORIES) {
        for (const subcategory of category.subcategories) {
          const answer = await list({ grupo: category.slug, subgrupo: subcategory.segment });
          expect(answer.total, `${category.slug}/${subcategory.segment}`).toBeGreaterThan(0);
          for (const product of answer.produtos) {
            expect(product.nome_grupo).toBe(category.slug);
            expect(product.nome_sub_grupo).toBe(subcategory.segment);
          }
        }
      }
    });

    it('sells tiles by m² in boxes with two or more lotes', async () => {
      const tiles = await list({ grupo: 'pisos-e-revestimentos', por_pagina: 48 });
      expect(tiles.produtos.length).toBeGreaterThan(0);
      for (const tile of tiles.produtos) {
        expect(tile.codundvenda).toBe('M2');
        expect(tile.multiploprdvenda).toBeGreaterThan(0);
        const detail = await call(t.app, productDetailOperation, { query: { codigo: tile.idprd } });
        expect(detail.json.lotes.length).toBeGreaterThanOrEqual(2);
      }
      const units = await rows<{ unit: string }>(t, sql`SELECT DISTINCT sales_unit AS unit FROM products`);
      expect(units.map((row) => row.unit)).toEqual(expect.arrayContaining(['UN', 'CX', 'M2', 'L', 'KG']));
    });
  });

  describe('APP_0041 best sellers', () => {
    it('lists at most 48 products in stock, most sold first', async () => {
      const response = await call(t.app, bestSellersOperation);
      expect(response.status).toBe(200);
      const answer = bestSellersOperation.answer.parse(JSON.parse(response.raw));
      expect(answer.produtos.length).toBe(48);
      const sales = await rows<{ idprd: number; sales_count: number }>(
        t,
        sql`SELECT idprd, sales_count FROM products`,
      );
      const salesOf = new Map(sales.map((row) => [Number(row.idprd), Number(row.sales_count)]));
      const counts = answer.produtos.map((product) => salesOf.get(product.idprd)!);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
      for (const product of answer.produtos) expect(product.estoque).toBeGreaterThan(0);
    });
  });

  describe('APP_0027 detail', () => {
    it('gives the product, its lotes, images and its price options', async () => {
      const tile = await oneProduct(t, sql`p.box_m2 IS NOT NULL`);
      const response = await call(t.app, productDetailOperation, { query: { codigo: tile.idprd } });
      expect(response.status).toBe(200);
      const answer = productDetailOperation.answer.parse(JSON.parse(response.raw));
      expect(answer.produtos).toHaveLength(1);
      const [product] = answer.produtos;
      expect(product.idprd).toBe(tile.idprd);
      expect(product.info_grupo.length).toBeGreaterThan(10);
      expect(answer.imagens.map((image) => image.n)).toEqual(
        Array.from({ length: tile.image_count }, (_, index) => index + 1),
      );
      expect(answer.lotes.reduce((sum, lote) => sum + lote.estoque, 0)).toBe(tile.quantity);
      expect(answer.precos.map((option) => option.tipo)).toEqual(['pix', 'boleto', 'cartao', 'normal']);
      const cents = Math.round(product.preco * 100);
      expect(Math.round(answer.precos[0].valorParcela! * 100)).toBe(Math.round(cents * 0.95));
      expect(answer.precos[1].valorParcela).toBe(product.preco);
      // The instalments of the domain rule (src/domain/payment-options.ts): none under R$ 10,00.
      const parcelas = answer.precos[2].parcelas!;
      expect(parcelas.map((item) => item.descricao)).toEqual(
        installments(cents).map((item) => item.descricao),
      );
      expect(parcelas[0].nParcelas).toBe('à vista');
      for (const item of parcelas.slice(1)) expect(item.valorParcela).toBeGreaterThanOrEqual(10);
    });

    it('offers 1x to 6x without interest and 7x to 10x at 1.99% a.m. on a dearer product', async () => {
      const dear = await oneProduct(t, sql`p.price_centavos >= 20000`);
      const response = await call(t.app, productDetailOperation, { query: { codigo: dear.idprd } });
      const parcelas = productDetailOperation.answer.parse(JSON.parse(response.raw)).precos[2].parcelas!;
      expect(parcelas).toHaveLength(10);
      expect(parcelas[5].descricao).toMatch(/^6x de R\$ .* sem juros$/);
      expect(parcelas[6].descricao).toMatch(/com tarifa de 1\.99% a\.m\./);
    });

    it('answers an unknown code with 404 and a resposta', async () => {
      const response = await call(t.app, productDetailOperation, { query: { codigo: 999_999 } });
      expect(response.status).toBe(404);
      expect(response.json.resposta).toBe('Produto não encontrado.');
    });
  });

  describe('APP_0027 listing', () => {
    it('ultimas=12 gives the 12 newest products', async () => {
      const answer = await list({ ultimas: 12 });
      expect(answer.produtos).toHaveLength(12);
      const newest = await rows<{ idprd: number }>(
        t,
        sql`SELECT idprd FROM products ORDER BY created_at DESC, idprd DESC LIMIT 12`,
      );
      expect(answer.produtos.map((product) => product.idprd)).toEqual(newest.map((row) => Number(row.idprd)));
    });

    it("lists the 'kit' products under the mobile alias 'kiy'", async () => {
      const kit = await list({ grupo: 'Acessorios para Pintura', subgrupo: 'kit' });
      const kiy = await list({ grupo: 'Acessorios para Pintura', subgrupo: 'kiy' });
      expect(kit.total).toBeGreaterThan(0);
      expect(kiy.produtos.map((product) => product.idprd)).toEqual(
        kit.produtos.map((product) => product.idprd),
      );
    });

    it('pages with pagina and por_pagina and reports the total', async () => {
      const first = await list({ grupo: 'banheiro', por_pagina: 10 });
      const second = await list({ grupo: 'banheiro', por_pagina: 10, pagina: 2 });
      expect(first.produtos).toHaveLength(10);
      expect(first.total).toBeGreaterThan(20);
      expect(second.total).toBe(first.total);
      const ids = new Set(first.produtos.map((product) => product.idprd));
      for (const product of second.produtos) expect(ids.has(product.idprd)).toBe(false);
      const beyond = await list({ grupo: 'banheiro', por_pagina: 48, pagina: 100 });
      expect(beyond.produtos).toEqual([]);
      expect(beyond.total).toBe(first.total);
    });

    it('has facets whose counts match the filtered products', async () => {
      const answer = await list({ grupo: 'banheiro', por_pagina: 48 });
      const all: number[] = [];
      for (let pagina = 1; (pagina - 1) * 48 < answer.total; pagina += 1)
        all.push(...(await list({ grupo: 'banheiro', por_pagina: 48, pagina })).produtos.map((p) => p.idprd));
      expect(all).toHaveLength(answer.total);
      const brands = answer.agrupamento.filter((facet) => facet.tipo === 'marca');
      const cats = answer.agrupamento.filter((facet) => facet.tipo === 'cat');
      const sum = (list: { quantidade: number }[]) =>
        list.reduce((total, facet) => total + facet.quantidade, 0);
      expect(sum(brands)).toBe(answer.total);
      expect(sum(cats)).toBe(answer.total);
      expect(sum(answer.precos)).toBe(answer.total);
      expect(cats).toHaveLength(CATEGORIES[1].subcategories.length);

      const brand = brands[0];
      const byBrand = await list({ grupo: 'banheiro', marca: String(brand.id), por_pagina: 48 });
      expect(byBrand.total).toBe(brand.quantidade);
      for (const product of byBrand.produtos) expect(product.idmarca).toBe(brand.id);

      // Choosing a brand keeps the other brands on offer with their own counts (multiple choice),
      // while the subcategory and price counts follow the chosen brand.
      expect(byBrand.agrupamento.filter((facet) => facet.tipo === 'marca')).toEqual(brands);
      const catsOfBrand = byBrand.agrupamento.filter((facet) => facet.tipo === 'cat');
      expect(sum(catsOfBrand)).toBe(byBrand.total);
      expect(sum(byBrand.precos)).toBe(byBrand.total);
      const twoBrands = await list({ grupo: 'banheiro', marca: `${brands[0].id}-${brands[1].id}` });
      expect(twoBrands.total).toBe(brands[0].quantidade + brands[1].quantidade);

      const twoCats = `${cats[0].id}-${cats[1].id}`;
      const byCats = await list({ grupo: 'banheiro', cat: twoCats, por_pagina: 48 });
      expect(byCats.total).toBe(cats[0].quantidade + cats[1].quantidade);
    });

    it('keeps a chosen brand, category and price range in the answer when its count falls to 0', async () => {
      const answer = await list({ grupo: 'banheiro', por_pagina: 48 });
      const brands = answer.agrupamento.filter((facet) => facet.tipo === 'marca');
      const cats = answer.agrupamento.filter((facet) => facet.tipo === 'cat');
      // A brand and a subcategory that never meet: choosing both leaves nothing to list.
      let pair: { brand: (typeof brands)[number]; cat: (typeof cats)[number] } | undefined;
      for (const cat of cats) {
        const inCat = await list({ grupo: 'banheiro', cat: String(cat.id) });
        const offered = new Set(inCat.agrupamento.filter((f) => f.tipo === 'marca').map((f) => f.id));
        const brand = brands.find((candidate) => !offered.has(candidate.id));
        if (brand) {
          pair = { brand, cat };
          break;
        }
      }
      expect(pair, 'the seed has a brand absent from some bathroom subcategory').toBeDefined();
      const both = await list({
        grupo: 'banheiro',
        marca: String(pair!.brand.id),
        cat: String(pair!.cat.id),
      });
      expect(both.total).toBe(0);
      expect(both.agrupamento).toEqual(
        expect.arrayContaining([
          { tipo: 'marca', id: pair!.brand.id, descricao: pair!.brand.descricao, quantidade: 0 },
          expect.objectContaining({ tipo: 'cat', id: pair!.cat.id, descricao: pair!.cat.descricao }),
        ]),
      );
      // Other brands at 0 stay out: only what the shopper chose is kept.
      expect(both.agrupamento.filter((f) => f.tipo === 'marca' && f.quantidade === 0)).toHaveLength(1);
      const ofBrand = await list({ grupo: 'banheiro', marca: String(pair!.brand.id) });
      const emptyBand = ['ate50', '50a100', '100a200', '200a500', '500a1000', 'acima1000'].find(
        (codigo) => !ofBrand.precos.some((range) => range.codigo === codigo),
      );
      expect(emptyBand, 'a price range the brand has nothing in').toBeDefined();
      const byBand = await list({ grupo: 'banheiro', marca: String(pair!.brand.id), precos: emptyBand! });
      expect(byBand.precos.find((range) => range.codigo === emptyBand)).toMatchObject({ quantidade: 0 });
    });

    it("gives price ranges with 'ate' labels and filters by one", async () => {
      const answer = await list({ por_pagina: 48 });
      const labels = answer.precos.map((range) => range.ate);
      expect(labels[0]).toBe('Até R$ 50,00');
      expect(labels).toContain('R$ 50,00 até R$ 100,00');
      const range = answer.precos.find((entry) => entry.codigo === '50a100')!;
      const filtered = await list({ precos: '50a100', por_pagina: 48 });
      expect(filtered.total).toBe(range.quantidade);
      for (const product of filtered.produtos) {
        expect(product.preco).toBeGreaterThanOrEqual(50);
        expect(product.preco).toBeLessThan(100);
      }
      const two = await list({ precos: 'ate50-50a100' });
      expect(two.total).toBe(range.quantidade + answer.precos[0].quantidade);
    });

    it('searches by text ignoring accents, with the one-typo fallback', async () => {
      const accented = await list({ produto: "CAIXA D'AGUA" });
      expect(accented.total).toBeGreaterThan(0);
      for (const product of accented.produtos) expect(product.descricao).toMatch(/Caixa d'Água/);
      const typo = await list({ produto: 'porcelanto' });
      expect(typo.total).toBeGreaterThan(0);
      for (const product of typo.produtos) expect(product.descricao).toMatch(/Porcelanato/);
    });

    it('combines filters with AND', async () => {
      const answer = await list({ produto: 'torneira', grupo: 'cozinha-e-lavanderia', precos: '100a200' });
      expect(answer.total).toBeGreaterThan(0);
      for (const product of answer.produtos) {
        expect(product.descricao).toMatch(/Torneira/);
        expect(product.nome_grupo).toBe('cozinha-e-lavanderia');
        expect(product.preco).toBeGreaterThanOrEqual(100);
        expect(product.preco).toBeLessThan(200);
      }
    });

    it('answers an unknown category with an empty list', async () => {
      const answer = await list({ grupo: 'jardinagem' });
      expect(answer).toMatchObject({ produtos: [], total: 0 });
    });
  });
});
