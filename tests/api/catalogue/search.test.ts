import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListingOperation, suggestionsOperation } from '../../../src/api/catalogue';
import type { ProductSummary } from '../../../src/api/products';
import { LISTING_PAGE_SIZE_MAX } from '../../../src/domain/catalogue-limits';
import { filterProducts, suggestFromIndex } from '../../../src/domain/offline-search';
import { CATALOGUE_COPY_ORDER } from '../../../src/domain/search-rules';
import { buildIndex } from '../../../src/domain/search-index';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

describe.each(databaseKinds)('APP_0028 search suggestions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const suggest = async (produto: string) => {
    const response = await call(t.app, suggestionsOperation, { query: { produto } });
    expect(response.status).toBe(200);
    return suggestionsOperation.answer.parse(JSON.parse(response.raw));
  };

  it('suggests and finds, from the catalogue downloaded for offline use, what APP_0028 and APP_0027 do', async () => {
    // The copy 'Baixar catálogo' keeps (src/storage/catalogue-download.ts): every page, by name.
    const produtos: ProductSummary[] = [];
    for (let pagina = 1; ; pagina++) {
      const page = await call(t.app, productListingOperation, {
        query: { pagina, por_pagina: LISTING_PAGE_SIZE_MAX, ordem: CATALOGUE_COPY_ORDER },
      });
      produtos.push(...page.json.produtos);
      if (page.json.produtos.length === 0 || produtos.length >= page.json.total) break;
    }
    const offline = buildIndex(produtos);
    for (const typed of ['porcel', 'Porcelanato pol', 'torn', 'chuveiro ele', 'tinta', 'ducha']) {
      const online = await suggest(typed);
      expect(online.sugestao.length, typed).toBeGreaterThan(0);
      expect(suggestFromIndex(offline, typed), typed).toEqual(online);
      const listing = await call(t.app, productListingOperation, { query: { produto: typed } });
      const found = filterProducts(offline, { produto: typed });
      expect(found.length, typed).toBe(listing.json.total);
      expect(
        found.slice(0, listing.json.produtos.length).map((product) => product.idprd),
        typed,
      ).toEqual(listing.json.produtos.map((product) => product.idprd));
    }
  });

  it('answers two empty lists below 2 characters', async () => {
    expect(await suggest('')).toEqual({ sugestao: [], produtos: [] });
    expect(await suggest('p')).toEqual({ sugestao: [], produtos: [] });
    expect(await suggest(' t ')).toEqual({ sugestao: [], produtos: [] });
  });

  it('gives at most 5 terms and 5 products, all matching the typed prefix', async () => {
    const answer = await suggest('to');
    expect(answer.sugestao.length).toBeGreaterThan(0);
    expect(answer.sugestao.length).toBeLessThanOrEqual(5);
    expect(answer.produtos.length).toBe(5);
    for (const term of answer.sugestao) expect(fold(term.descricao)).toMatch(/^to/);
    // Two letters match the start of the name (trigrams need three); longer words any word start.
    for (const product of answer.produtos) expect(fold(product.descricao)).toMatch(/^to/);
    const longer = await suggest('gourm');
    expect(longer.produtos.length).toBeGreaterThan(0);
    for (const product of longer.produtos) expect(fold(product.descricao)).toMatch(/ gourm/);
    expect(answer.sugestao.map((row) => row.RowId)).toEqual(answer.sugestao.map((_, index) => index + 1));
  });

  it('ignores case and accents', async () => {
    const plain = await suggest('agua');
    const accented = await suggest('ÁGUA');
    expect(accented).toEqual(plain);
    expect(plain.produtos.some((product) => /Água/.test(product.descricao))).toBe(true);
  });

  it('matches every typed word as a word prefix', async () => {
    const answer = await suggest('torneira coz');
    expect(answer.sugestao.map((row) => row.descricao)).toContain('torneira para cozinha');
    expect(answer.produtos.length).toBeGreaterThan(0);
    for (const product of answer.produtos) expect(fold(product.descricao)).toMatch(/torneira.*cozinha/);
  });

  it.each([
    ['porcelanto', 'porcelanato'],
    ['torneria', 'torneira'],
    ['chuvero', 'chuveiro'],
  ])('tolerates one typo: %s finds %s', async (typed, meant) => {
    const answer = await suggest(typed);
    expect(answer.sugestao[0]?.descricao).toMatch(new RegExp(`^${meant}`));
    expect(answer.produtos.length).toBeGreaterThan(0);
    for (const product of answer.produtos) expect(fold(product.descricao)).toContain(meant);
  });

  it('answers empty lists when nothing resembles the text', async () => {
    expect(await suggest('xyzwq')).toEqual({ sugestao: [], produtos: [] });
  });

  it('treats LIKE and regex characters as text', async () => {
    for (const produto of ['%%', '__', 'a%b', '(.*', '\\\\', "'; DROP TABLE products; --"]) {
      const response = await call(t.app, suggestionsOperation, { query: { produto } });
      expect(response.status).toBe(200);
    }
    expect((await suggest('%%')).produtos).toEqual([]);
  });
});
