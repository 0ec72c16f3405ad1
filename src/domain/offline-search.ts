import { SUGGESTION_LIMIT, SUGGESTION_MIN_LENGTH } from './catalogue-limits';
import { CATEGORIES } from './categories';
import { productCodeOf } from './gtin';
import {
  fold,
  foldedTerms,
  queryWords,
  searchTermsOf,
  sortProducts,
  termsStartingWith,
  type FoldedTerm,
  type ListingOrder,
} from './search-rules';
import {
  normalize,
  searchPositions,
  searchProducts,
  type SearchableProduct,
  type SearchIndex,
} from './search-index';

// The catalogue stored on the device, answered like the server answers: a product by its code,
// the listing's filters and facets, and the search box's suggestions (over search-index.ts).

/** The product a typed GTIN or reference names (a scanner types one), as the online search finds it. */
export function productByCode<P extends SearchableProduct>(
  index: SearchIndex<P>,
  text: string,
): P | undefined {
  const code = productCodeOf(text);
  if (!code) return undefined;
  return index.products.find((product) =>
    'gtin' in code ? product.gtin === code.gtin : product.idprd === code.reference,
  );
}

export interface ListingFilter {
  produto?: string;
  grupo?: string;
  subgrupo?: string;
  marca?: number[];
  cat?: number[];
}

export interface Facet {
  tipo: 'marca' | 'cat';
  id: number;
  descricao: string;
  quantidade: number;
}

/** Brand facets then subcategory facets with counts, as the online listing gives them. */
export function facetsOf(products: SearchableProduct[]): Facet[] {
  const brands = new Map<number, Facet>();
  const categories = new Map<number, Facet>();
  const count = (facets: Map<number, Facet>, tipo: Facet['tipo'], id: number | undefined, descricao = '') => {
    if (id === undefined) return;
    const facet = facets.get(id) ?? { tipo, id, descricao, quantidade: 0 };
    facet.quantidade++;
    facets.set(id, facet);
  };
  for (const product of products) {
    count(brands, 'marca', product.idmarca, product.descmarca);
    count(categories, 'cat', product.idsubgrupo, product.nome_sub_grupo);
  }
  const byName = (a: Facet, b: Facet) => a.descricao.localeCompare(b.descricao, 'pt-BR');
  return [...[...brands.values()].sort(byName), ...[...categories.values()].sort(byName)];
}

const sameSegment = (a: string | undefined, b: string) =>
  normalize(a ?? '') === normalize(b === 'kiy' ? 'kit' : b);

/** The listing of the stored catalogue for a filter: search, category, brand and subcategory. */
export function filterProducts<P extends SearchableProduct>(
  index: SearchIndex<P>,
  filter: ListingFilter,
): P[] {
  // A GTIN (13 digits and a check digit: never a word) lists its product alone, as online.
  const code = filter.produto ? productCodeOf(filter.produto) : undefined;
  const coded = code && 'gtin' in code ? productByCode(index, filter.produto!) : undefined;
  if (coded) return [coded];
  let products = filter.produto ? searchProducts(index, filter.produto) : index.products.slice();
  if (filter.grupo) products = products.filter((product) => sameSegment(product.nome_grupo, filter.grupo!));
  if (filter.subgrupo)
    products = products.filter((product) => sameSegment(product.nome_sub_grupo, filter.subgrupo!));
  if (filter.marca?.length)
    products = products.filter((product) => filter.marca!.includes(product.idmarca ?? -1));
  if (filter.cat?.length)
    products = products.filter((product) => filter.cat!.includes(product.idsubgrupo ?? -1));
  return products;
}

const positionsOfIndex = new WeakMap<SearchIndex, Map<number, number>>();

/**
 * Products of the stored catalogue in a listing order, by the keys the server sorts by
 * (search-rules.ts). The copy is kept in relevance order (CATALOGUE_COPY_ORDER), so a product's
 * position in it stands for its sales, and a search's hits, found in the copy's order, come ranked.
 */
export function orderProducts<P extends SearchableProduct>(
  index: SearchIndex<P>,
  products: P[],
  order: ListingOrder,
): P[] {
  const positions =
    positionsOfIndex.get(index as SearchIndex) ??
    new Map(index.products.map((product, position) => [product.idprd, position]));
  positionsOfIndex.set(index as SearchIndex, positions);
  return sortProducts(products, order, (product, key) => {
    if (key === 'preco') return product.preco;
    if (key === 'nome') return fold(product.descricao);
    if (key === 'codigo') return product.idprd;
    return -(positions.get(product.idprd) ?? 0); // 'vendas': earlier in the copy, more sold
  });
}

const termsOfIndex = new WeakMap<SearchIndex, FoldedTerm[]>();

/**
 * The 'Sugestão' vocabulary of the stored catalogue, made as the server's seed makes search_terms
 * (product names, brands, category labels), once per index.
 */
function suggestionTerms(index: SearchIndex): FoldedTerm[] {
  let terms = termsOfIndex.get(index);
  if (!terms) {
    const brands = new Set(index.products.map((product) => product.descmarca).filter(Boolean) as string[]);
    terms = foldedTerms(
      searchTermsOf(
        index.products.map((product) => product.descricao),
        [...brands, ...CATEGORIES.map((category) => category.label)],
      ),
    );
    termsOfIndex.set(index, terms);
  }
  return terms;
}

/**
 * Search-box suggestions: up to `limit` terms, by APP_0028's rule over the same vocabulary
 * (src/domain/search-rules.ts), and `limit` product hits.
 */
export function suggestFromIndex<P extends SearchableProduct>(
  index: SearchIndex<P>,
  text: string,
  limit = SUGGESTION_LIMIT,
): {
  sugestao: Array<{ descricao: string; RowId: number }>;
  produtos: Array<{ descricao: string; RowId: number; idprd: number }>;
} {
  if (normalize(text).length < SUGGESTION_MIN_LENGTH) return { sugestao: [], produtos: [] };
  const positions = searchPositions(index, text) ?? [];
  const terms = termsStartingWith(suggestionTerms(index as SearchIndex), queryWords(text), limit);
  return {
    sugestao: terms.map((descricao, i) => ({ descricao, RowId: i + 1 })),
    produtos: positions.slice(0, limit).map((position, i) => {
      const product = index.products[position];
      return { descricao: product.descricao, RowId: i + 1, idprd: product.idprd };
    }),
  };
}

/**
 * The search box's suggestions with a typed GTIN's or reference's product first (a scanner types
 * one), then the text matches, as the online APP_0028 answers.
 */
export function suggestWithCode<P extends SearchableProduct>(
  index: SearchIndex<P>,
  text: string,
  limit = SUGGESTION_LIMIT,
) {
  return withCodedProductFirst(suggestFromIndex(index, text, limit), productByCode(index, text), limit);
}

/**
 * Suggestions with the product a GTIN or reference names put first (once), renumbered: the one rule
 * the offline search and the server's APP_0028 share.
 */
export function withCodedProductFirst<
  A extends { produtos: Array<{ descricao: string; RowId: number; idprd: number | string }> },
>(
  answer: A,
  coded: { descricao: string; idprd: number; gtin?: string | null } | undefined,
  limit: number,
): A {
  if (!coded) return answer;
  const first = { descricao: coded.descricao, RowId: 1, idprd: coded.idprd, gtin: coded.gtin ?? null };
  const rest = answer.produtos.filter((product) => product.idprd !== coded.idprd);
  return {
    ...answer,
    produtos: [first, ...rest]
      .slice(0, limit)
      .map((product, position) => ({ ...product, RowId: position + 1 })),
  };
}
