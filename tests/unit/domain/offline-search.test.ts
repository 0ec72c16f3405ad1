import { CATEGORIES } from '../../../src/domain/categories';
import {
  foldedTerms,
  queryWords,
  searchTermsOf,
  termsStartingWith,
  type FoldedTerm,
} from '../../../src/domain/search-rules';
import { describe, expect, it } from 'vitest';
import {
  facetsOf,
  filterProducts,
  suggestFromIndex,
  suggestWithCode,
} from '../../../src/domain/offline-search';
import {
  buildIndex,
  normalize,
  productWords,
  searchProducts,
  withinOneEdit,
  wordsOf,
  type SearchableProduct,
} from '../../../src/domain/search-index';
import { seededRandom } from '../../../src/domain/random';
import { gtinForProduct } from '../../../src/domain/gtin';

const catalogue = buildIndex([
  {
    idprd: 1,
    descricao: 'Porcelanato Acetinado 60x60 Bege',
    descmarca: 'Portobello',
    idmarca: 10,
    nome_grupo: 'pisos-e-revestimentos',
    nome_sub_grupo: 'pisosporcelanatos',
    idsubgrupo: 100,
    preco: 59.9,
  },
  {
    idprd: 2,
    descricao: 'Torneira de Mesa Cromada para Cozinha',
    descmarca: 'Docol',
    idmarca: 11,
    nome_grupo: 'cozinha-e-lavanderia',
    nome_sub_grupo: 'torneiras-para-cozinha',
    idsubgrupo: 200,
    preco: 129.9,
  },
  {
    idprd: 3,
    descricao: 'Chuveiro Elétrico Ducha 220V',
    descmarca: 'Lorenzetti',
    idmarca: 12,
    nome_grupo: 'banheiro',
    nome_sub_grupo: 'chuveiros',
    idsubgrupo: 300,
    preco: 89.9,
  },
  {
    idprd: 4,
    descricao: 'Kit Pincel e Rolo',
    descmarca: 'Atlas',
    idmarca: 13,
    nome_grupo: 'Acessorios para Pintura',
    nome_sub_grupo: 'kit',
    idsubgrupo: 400,
    preco: 25,
  },
]);
const ids = (products: Array<{ idprd: number }>) => products.map((product) => product.idprd);

describe('offline catalogue search', () => {
  it('ignores case and accents', () => {
    expect(normalize('Chuveiro ELÉTRICO')).toBe('chuveiro eletrico');
    expect(ids(searchProducts(catalogue, 'eletrico'))).toEqual([3]);
    expect(ids(searchProducts(catalogue, 'TORNEIRA cromada'))).toEqual([2]);
  });

  it('matches word prefixes, every typed word required', () => {
    expect(ids(searchProducts(catalogue, 'porc'))).toEqual([1]);
    expect(ids(searchProducts(catalogue, 'torn coz'))).toEqual([2]);
    expect(ids(searchProducts(catalogue, 'torneira banheiro'))).toEqual([]);
  });

  it('forgives one typo per word when the exact search finds nothing', () => {
    expect(ids(searchProducts(catalogue, 'porcelanto'))).toEqual([1]);
    expect(ids(searchProducts(catalogue, 'chuvero'))).toEqual([3]);
    expect(ids(searchProducts(catalogue, 'tornira'))).toEqual([2]);
    expect(ids(searchProducts(catalogue, 'xyzxyz'))).toEqual([]);
  });

  it('tells one edit from two', () => {
    expect(withinOneEdit('casa', 'cassa')).toBe(true);
    expect(withinOneEdit('casa', 'csaa')).toBe(true);
    expect(withinOneEdit('casa', 'caza')).toBe(true);
    expect(withinOneEdit('casa', 'czza')).toBe(false);
  });

  it('lists a category or subcategory as the route names it, with brand and subcategory filters', () => {
    expect(ids(filterProducts(catalogue, { grupo: 'banheiro' }))).toEqual([3]);
    expect(ids(filterProducts(catalogue, { grupo: 'Acessorios para Pintura', subgrupo: 'kiy' }))).toEqual([
      4,
    ]);
    expect(ids(filterProducts(catalogue, { marca: [10, 11] }))).toEqual([1, 2]);
    expect(ids(filterProducts(catalogue, { produto: 'c', cat: [300] }))).toEqual([3]);
  });

  it('gives brand then subcategory facets with counts', () => {
    const facets = facetsOf(filterProducts(catalogue, { marca: [10, 11] }));
    expect(facets.map((facet) => `${facet.tipo} ${facet.descricao} ${facet.quantidade}`)).toEqual([
      'marca Docol 1',
      'marca Portobello 1',
      'cat pisosporcelanatos 1',
      'cat torneiras-para-cozinha 1',
    ]);
  });

  it('suggests from 2 typed characters, at most 5 of each group', () => {
    expect(suggestFromIndex(catalogue, 'c')).toEqual({ sugestao: [], produtos: [] });
    const answer = suggestFromIndex(catalogue, 'chu');
    expect(answer.produtos).toEqual([{ descricao: 'Chuveiro Elétrico Ducha 220V', RowId: 1, idprd: 3 }]);
    // The terms of the names, as the server's search_terms holds them: the word, then the phrase.
    expect(answer.sugestao).toEqual([
      { descricao: 'chuveiro', RowId: 1 },
      { descricao: 'chuveiro elétrico', RowId: 2 },
    ]);
  });
});

describe('offline catalogue search by barcode or reference', () => {
  const coded = buildIndex([
    { idprd: 1001, descricao: 'Porcelanato Bege', preco: 59.9, gtin: gtinForProduct(1001) },
    { idprd: 1002, descricao: 'Torneira Cromada', preco: 129.9, gtin: gtinForProduct(1002) },
  ]);

  it('puts the product of a typed GTIN-13 or reference first, as the online search does', () => {
    expect(suggestWithCode(coded, gtinForProduct(1002)).produtos).toEqual([
      { descricao: 'Torneira Cromada', RowId: 1, idprd: 1002, gtin: gtinForProduct(1002) },
    ]);
    expect(suggestWithCode(coded, '1001').produtos.map((product) => product.idprd)).toEqual([1001]);
    // Plain words suggest as before.
    expect(suggestWithCode(coded, 'torn')).toEqual(suggestFromIndex(coded, 'torn'));
    expect(filterProducts(coded, { produto: gtinForProduct(1001) }).map((product) => product.idprd)).toEqual([
      1001,
    ]);
  });

  it('a wrong check digit is no code and finds nothing', () => {
    const wrong = `${gtinForProduct(1001).slice(0, 12)}${(Number(gtinForProduct(1001)[12]) + 1) % 10}`;
    expect(suggestWithCode(coded, wrong).produtos).toEqual([]);
    expect(filterProducts(coded, { produto: wrong })).toEqual([]);
  });
});

describe('offline catalogue search: typos, prefixes and several words', () => {
  it('forgives a typo at the start, in the middle, at the end, and two letters swapped', () => {
    expect(ids(searchProducts(catalogue, 'xhuveiro'))).toEqual([3]); // first letter replaced
    expect(ids(searchProducts(catalogue, 'tornxeira'))).toEqual([2]); // letter inserted in the middle
    expect(ids(searchProducts(catalogue, 'porcelanatu'))).toEqual([1]); // last letter replaced
    expect(ids(searchProducts(catalogue, 'porcealnato'))).toEqual([1]); // 'la' typed as 'al'
    expect(ids(searchProducts(catalogue, 'eletrco'))).toEqual([3]); // a letter missing
  });

  it('forgives one typo only, and none in words under 4 letters', () => {
    expect(ids(searchProducts(catalogue, 'pocrelanto'))).toEqual([]);
    expect(ids(searchProducts(catalogue, 'kiz'))).toEqual([]);
  });

  it('takes the last typed word as a prefix and requires every word', () => {
    expect(ids(searchProducts(catalogue, 'torneira coz'))).toEqual([2]);
    expect(ids(searchProducts(catalogue, 'chuveiro ducha'))).toEqual([3]);
    // The name alone is searched, as online (search-rules.ts): not the brand nor the category.
    expect(ids(searchProducts(catalogue, 'chuveiro lorenzetti'))).toEqual([]);
    expect(ids(searchProducts(catalogue, 'torneira cozinha-e-lavanderia'))).toEqual([]);
    expect(ids(searchProducts(catalogue, 'para'))).toEqual([2]); // 'Acessorios para Pintura' is a category
  });

  it('forgives a typo in each of several words when the exact search finds nothing', () => {
    expect(ids(searchProducts(catalogue, 'tornira cozinah'))).toEqual([2]);
    expect(ids(searchProducts(catalogue, 'tornira ducha'))).toEqual([]);
  });

  it('ignores accents and case on either side', () => {
    expect(ids(searchProducts(catalogue, 'ELÉTRICO'))).toEqual([3]);
    expect(ids(searchProducts(catalogue, 'pincél rôlo'))).toEqual([4]);
    expect(ids(searchProducts(catalogue, 'elétirco'))).toEqual([3]);
  });

  it('keeps the catalogue order and lists everything for an empty search', () => {
    expect(ids(searchProducts(catalogue, 'p'))).toEqual([1, 2, 4]);
    expect(ids(searchProducts(catalogue, '  ,. '))).toEqual([1, 2, 3, 4]);
  });
});

// The search as it was before the word index (a scan of every product's words), kept as the
// oracle the index must agree with.
function wordMatchesByScan(typed: string, word: string, typo: boolean): boolean {
  if (word.startsWith(typed)) return true;
  if (!typo || typed.length < 4) return false;
  return (
    withinOneEdit(typed, word) ||
    withinOneEdit(typed, word.slice(0, typed.length)) ||
    withinOneEdit(typed, word.slice(0, typed.length - 1)) ||
    withinOneEdit(typed, word.slice(0, typed.length + 1))
  );
}

interface Scanned {
  product: SearchableProduct;
  words: string[];
}

const scanned = (products: SearchableProduct[]): Scanned[] =>
  products.map((product) => ({ product, words: productWords(product) }));

function scan(entries: Scanned[], typed: string[], typo: boolean): SearchableProduct[] {
  return entries
    .filter((entry) =>
      typed.every((word) => entry.words.some((candidate) => wordMatchesByScan(word, candidate, typo))),
    )
    .map((entry) => entry.product);
}

/** The results, and whether they needed a typo forgiven. */
function searchByScan(entries: Scanned[], text: string): { found: SearchableProduct[]; typo: boolean } {
  const typed = wordsOf(text);
  if (typed.length === 0) return { found: entries.map((entry) => entry.product), typo: false };
  const exact = scan(entries, typed, false);
  return exact.length ? { found: exact, typo: false } : { found: scan(entries, typed, true), typo: true };
}

/** The suggestions: the terms by the server's rule (tests/api/catalogue/search.test.ts compares them), the hits scanned. */
function vocabularyOf(all: SearchableProduct[]) {
  const brands = [...new Set(all.map((product) => product.descmarca).filter(Boolean) as string[])];
  return foldedTerms(
    searchTermsOf(
      all.map((product) => product.descricao),
      [...brands, ...CATEGORIES.map((category) => category.label)],
    ),
  );
}

function suggestionsOf(vocabulary: FoldedTerm[], found: SearchableProduct[], text: string, limit = 5) {
  if (normalize(text).length < 2) return { sugestao: [], produtos: [] };
  const terms = termsStartingWith(vocabulary, queryWords(text), limit);
  return {
    sugestao: terms.map((descricao, i) => ({ descricao, RowId: i + 1 })),
    produtos: found
      .slice(0, limit)
      .map((product, i) => ({ descricao: product.descricao, RowId: i + 1, idprd: product.idprd })),
  };
}

const NAME_WORDS = [
  'Porcelanato',
  'Piso',
  'Revestimento',
  'Cerâmica',
  'Torneira',
  'Torneiras',
  'Chuveiro',
  'Elétrico',
  'Ducha',
  'Higiênica',
  'Cuba',
  'Pia',
  'Inox',
  'Registro',
  'Válvula',
  'Sifão',
  'Ralo',
  'Grelha',
  'Caixa',
  "d'Água",
  'Assento',
  'Sanitário',
  'Lixa',
  'Tinta',
  'Acrílica',
  'Rolo',
  'Pincel',
  'Trincha',
  'Disco',
  'Corte',
  'Diamantado',
  'Branco',
  'Bege',
  'Cinza',
  'Preto',
  'Acetinado',
  'Polido',
  'Mesa',
  'Parede',
  'Cozinha',
  'Banheiro',
  'para',
  'de',
  'com',
  'e',
  '60x60',
  '220V',
  '127V',
  '1/2"',
  '3/4"',
  'Mármore',
  'Marmore',
  'Ação',
  'Acao',
  'casa',
  'cassa',
  'caza',
  'csaa',
  'torno',
  'tornos',
];
const BRANDS = ['Docol', 'Deca', 'Lorenzetti', 'Portobello', 'Eliane', 'Tigre', 'Suvinil', 'Atlas', 'Fame'];
const SUBGROUPS = [
  'torneiras-para-cozinha',
  'chuveiros',
  'pisosporcelanatos',
  'lixa',
  'caixa-dagua',
  'sifao',
];

function generatedCatalogue(count: number, next: () => number): SearchableProduct[] {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  // Made-up words, many a typo away from each other, so typo matching has close neighbours.
  const madeUp = Array.from({ length: 300 }, () =>
    Array.from({ length: 3 + Math.floor(next() * 6) }, () => pick([...'aeiourstlncmpbdz'])).join(''),
  );
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 2 + Math.floor(next() * 6) }, () =>
      next() < 0.7 ? pick(NAME_WORDS) : pick(madeUp),
    );
    if (next() < 0.5) words.push(`Mod. ${String(Math.floor(next() * 5000)).padStart(6, '0')}`);
    const subgroup = next() < 0.9 ? pick(SUBGROUPS) : undefined;
    return {
      idprd: 1000 + i,
      descricao: words.join(' '),
      descmarca: next() < 0.95 ? pick(BRANDS) : undefined,
      idmarca: i % 9,
      nome_grupo:
        next() < 0.9 ? pick(['banheiro', 'cozinha-e-lavanderia', 'Acessorios para Pintura']) : undefined,
      nome_sub_grupo: subgroup,
      idsubgrupo: subgroup ? SUBGROUPS.indexOf(subgroup) : undefined,
      preco: Math.round(next() * 100_000) / 100,
    };
  });
}

/** What shoppers type: prefixes, whole words, typos of every kind, several words, misses. */
function generatedQueries(products: SearchableProduct[], count: number, next: () => number): string[] {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const letters = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
  const typo = (word: string) => {
    const at = Math.floor(next() * word.length);
    const kind = Math.floor(next() * 4);
    if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
    if (kind === 1) return word.slice(0, at) + pick(letters) + word.slice(at);
    if (kind === 2) return word.slice(0, at) + pick(letters) + word.slice(at + 1);
    return at + 1 < word.length
      ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
      : `${word}x`;
  };
  const typedWord = () => {
    const product = pick(products);
    const word = pick(product.descricao.split(' ').concat(product.descmarca ?? []));
    const roll = next();
    if (roll < 0.25) return word;
    if (roll < 0.5) return word.slice(0, 1 + Math.floor(next() * word.length));
    if (roll < 0.85) return typo(word);
    return typo(typo(word));
  };
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 1 + Math.floor(next() * 3) }, typedWord);
    const query = words.join(' ');
    return next() < 0.2 ? query.toUpperCase() : query;
  });
}

describe('offline catalogue search over a generated catalogue', () => {
  it('finds and suggests what a scan of every product finds, in the same order', () => {
    const next = seededRandom(20261122);
    const products = generatedCatalogue(2000, next);
    const queries = generatedQueries(products, 400, next);
    const index = buildIndex(products);
    const byScan = scanned(products);
    const vocabulary = vocabularyOf(products);
    let typoAnswers = 0;
    for (const query of queries) {
      const expected = searchByScan(byScan, query);
      expect(ids(searchProducts(index, query)), query).toEqual(ids(expected.found));
      expect(suggestFromIndex(index, query), query).toEqual(suggestionsOf(vocabulary, expected.found, query));
      if (expected.typo && expected.found.length) typoAnswers++;
    }
    // The generated queries must exercise the typo path, not only exact prefixes.
    expect(typoAnswers).toBeGreaterThan(20);
  });
});
