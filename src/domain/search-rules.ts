// The search's rules, one module for APP_0027/APP_0028 (src/server/services/search*.ts) and the
// catalogue downloaded for offline use (src/domain/offline-search.ts, sw/offline-catalogue.ts), so
// the same catalogue gives the same suggestions and the same first products on and off line:
// - what a product is found by: the words of its name alone (the server's products.search_text is
//   search_norm(descricao); search-index.ts indexes descricao), not its brand or category;
// - the order of results: relevance is the best sellers first, and the other orders, as keys;
// - the 'Sugestão' vocabulary: the words of product names, the leading phrase of each name (up to
//   its second significant word: 'torneira para cozinha', 'porcelanato polido'), brand and category
//   names. Weight = how many products carry the term, so common terms come first. The server's seed
//   stores it in search_terms and APP_0028 asks it in SQL; the downloaded catalogue builds it from
//   the same names and asks it here, by the same rules.

/** The listing's orders, as APP_0027's `ordem` names them. */
export const LISTING_ORDERS = ['relevancia', 'menor_preco', 'maior_preco', 'nome'] as const;
export type ListingOrder = (typeof LISTING_ORDERS)[number];

/**
 * What an order compares, in turn: 'vendas' (units sold), 'preco', 'nome' (the name without case or
 * accents) and 'codigo' (idprd, so equal products keep one order). The server turns each key into a
 * column; the downloaded copy, which has no sales figures, keeps the catalogue in relevance order
 * (CATALOGUE_COPY_ORDER), so its position there stands for 'vendas'.
 */
export type OrderKey = 'vendas' | 'preco' | 'nome' | 'codigo';
export const ORDER_KEYS: Record<ListingOrder, ReadonlyArray<{ key: OrderKey; descending: boolean }>> = {
  relevancia: [
    { key: 'vendas', descending: true },
    { key: 'codigo', descending: false },
  ],
  menor_preco: [
    { key: 'preco', descending: false },
    { key: 'codigo', descending: false },
  ],
  maior_preco: [
    { key: 'preco', descending: true },
    { key: 'codigo', descending: false },
  ],
  nome: [
    { key: 'nome', descending: false },
    { key: 'codigo', descending: false },
  ],
};

/** The order 'Baixar catálogo' reads and keeps the catalogue in: its positions are the relevance. */
export const CATALOGUE_COPY_ORDER: ListingOrder = 'relevancia';

/**
 * Products in a listing order, by ORDER_KEYS. `valueOf` gives a product's value for a key; a
 * relevance-ordered copy gives minus its position for 'vendas'.
 */
export function sortProducts<P>(
  products: readonly P[],
  order: ListingOrder,
  valueOf: (product: P, key: OrderKey) => number | string,
): P[] {
  const keys = ORDER_KEYS[order];
  return [...products].sort((a, b) => {
    for (const { key, descending } of keys) {
      const x = valueOf(a, key);
      const y = valueOf(b, key);
      if (x === y) continue;
      return (x < y ? -1 : 1) * (descending ? -1 : 1);
    }
    return 0;
  });
}

const STOPWORDS = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'para',
  'com',
  'e',
  'em',
  'a',
  'o',
  'x',
  'sem',
  'por',
]);

/** Lower case without accents, as search_norm() does in the database. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/** The words of a query, folded; LIKE and regex metacharacters are escaped where they are used. */
export function queryWords(text: string): string[] {
  return fold(text)
    .split(/[\s,;/()]+/)
    .map((word) => word.replace(/^[-.'"]+|[-.'"]+$/g, '').slice(0, MAX_WORD_LENGTH))
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

function words(name: string): string[] {
  return name
    .toLocaleLowerCase('pt-BR')
    .split(/[\s,()/]+/)
    .filter(Boolean);
}

const significant = (word: string) => word.length >= 3 && !STOPWORDS.has(word) && !/\d|"/.test(word);

export interface SeedTerm {
  term: string;
  weight: number;
}

export function searchTermsOf(productNames: string[], names: string[]): SeedTerm[] {
  const terms = new Map<string, SeedTerm>();
  const add = (term: string, weight: number) => {
    const key = fold(term);
    const known = terms.get(key);
    if (known) known.weight += weight;
    else terms.set(key, { term, weight });
  };
  for (const name of productNames) {
    const list = words(name);
    const seen = new Set<string>();
    for (const word of list) {
      if (significant(word) && !seen.has(word)) {
        seen.add(word);
        add(word, 1);
      }
    }
    const firstTwo: string[] = [];
    let count = 0;
    for (const word of list) {
      if (/\d|"/.test(word)) break;
      firstTwo.push(word);
      if (significant(word)) count += 1;
      if (count === 2) break;
    }
    if (count === 2) add(firstTwo.join(' '), 1);
  }
  for (const name of names) add(name, 1);
  return [...terms.values()];
}

export interface FoldedTerm extends SeedTerm {
  norm: string;
}

/** The terms with their folded spelling, as search_terms keeps them (one row per spelling). */
export function foldedTerms(terms: SeedTerm[]): FoldedTerm[] {
  return terms.map((term) => ({ ...term, norm: fold(term.term) }));
}

const startsAWord = (norm: string, word: string) =>
  norm.startsWith(word) || norm.split(/[^a-z0-9]/).some((part) => part.startsWith(word));

/**
 * The 'Sugestão' terms for a query's words, as APP_0028 picks them from search_terms: the term
 * starts with the first word and has a word starting with each other one; more products first,
 * then the shorter, then by spelling.
 */
export function termsStartingWith(terms: FoldedTerm[], words: string[], limit: number): string[] {
  const [first, ...rest] = words;
  if (first === undefined) return [];
  return terms
    .filter((term) => term.norm.startsWith(first) && rest.every((word) => startsAWord(term.norm, word)))
    .sort(
      (a, b) =>
        b.weight - a.weight ||
        a.norm.length - b.norm.length ||
        (a.norm < b.norm ? -1 : a.norm > b.norm ? 1 : 0),
    )
    .slice(0, limit)
    .map((term) => term.term);
}
