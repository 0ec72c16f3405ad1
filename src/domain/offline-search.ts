// Search over the catalogue stored on the device, answering like the online search: every typed
// word must start a word of the product (ignoring case and accents); when that finds nothing, one
// typo per word is forgiven ('porcelanto' finds porcelanato). Pure, so it runs in any worker.

export interface SearchableProduct {
  idprd: number;
  descricao: string;
  descmarca?: string;
  idmarca?: number;
  nome_grupo?: string;
  nome_sub_grupo?: string;
  idsubgrupo?: number;
  preco: number;
}

/** Lower case, accents removed, anything not a letter or digit treated as a space. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export const wordsOf = (text: string): string[] => normalize(text).split(' ').filter(Boolean);

/** True when `a` becomes `b` with at most one insertion, deletion, substitution or swap. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A typed word matches a product word by prefix, or (typo mode) with one edit from it or its prefix. */
function wordMatches(typed: string, word: string, typo: boolean): boolean {
  if (word.startsWith(typed)) return true;
  if (!typo || typed.length < 4) return false;
  return (
    withinOneEdit(typed, word) ||
    withinOneEdit(typed, word.slice(0, typed.length)) ||
    withinOneEdit(typed, word.slice(0, typed.length - 1)) ||
    withinOneEdit(typed, word.slice(0, typed.length + 1))
  );
}

/** The words a product is found by: its name, brand, category and subcategory. */
export function productWords(product: SearchableProduct): string[] {
  return wordsOf(
    [product.descricao, product.descmarca, product.nome_grupo, product.nome_sub_grupo]
      .filter(Boolean)
      .join(' '),
  );
}

export interface IndexedProduct<P extends SearchableProduct = SearchableProduct> {
  product: P;
  words: string[];
}

export function buildIndex<P extends SearchableProduct>(products: P[]): IndexedProduct<P>[] {
  return products.map((product) => ({ product, words: productWords(product) }));
}

/** Products whose words cover every typed word; exact prefixes first, typos only when needed. */
export function searchProducts<P extends SearchableProduct>(index: IndexedProduct<P>[], text: string): P[] {
  const typed = wordsOf(text);
  if (typed.length === 0) return index.map((entry) => entry.product);
  const run = (typo: boolean) =>
    index
      .filter((entry) =>
        typed.every((word) => entry.words.some((candidate) => wordMatches(word, candidate, typo))),
      )
      .map((entry) => entry.product);
  const exact = run(false);
  return exact.length ? exact : run(true);
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
  for (const product of products) {
    if (product.idmarca !== undefined) {
      const facet = brands.get(product.idmarca) ?? {
        tipo: 'marca',
        id: product.idmarca,
        descricao: product.descmarca ?? '',
        quantidade: 0,
      };
      facet.quantidade++;
      brands.set(product.idmarca, facet);
    }
    if (product.idsubgrupo !== undefined) {
      const facet = categories.get(product.idsubgrupo) ?? {
        tipo: 'cat',
        id: product.idsubgrupo,
        descricao: product.nome_sub_grupo ?? '',
        quantidade: 0,
      };
      facet.quantidade++;
      categories.set(product.idsubgrupo, facet);
    }
  }
  const byName = (a: Facet, b: Facet) => a.descricao.localeCompare(b.descricao, 'pt-BR');
  return [...[...brands.values()].sort(byName), ...[...categories.values()].sort(byName)];
}

const sameSegment = (a: string | undefined, b: string) =>
  normalize(a ?? '') === normalize(b === 'kiy' ? 'kit' : b);

/** The listing of the stored catalogue for a filter: search, category, brand and subcategory. */
export function filterProducts<P extends SearchableProduct>(
  index: IndexedProduct<P>[],
  filter: ListingFilter,
): P[] {
  let products = filter.produto ? searchProducts(index, filter.produto) : index.map((entry) => entry.product);
  if (filter.grupo) products = products.filter((product) => sameSegment(product.nome_grupo, filter.grupo!));
  if (filter.subgrupo)
    products = products.filter((product) => sameSegment(product.nome_sub_grupo, filter.subgrupo!));
  if (filter.marca?.length)
    products = products.filter((product) => filter.marca!.includes(product.idmarca ?? -1));
  if (filter.cat?.length)
    products = products.filter((product) => filter.cat!.includes(product.idsubgrupo ?? -1));
  return products;
}

/** Search-box suggestions: up to `limit` distinct product names and `limit` product hits. */
export function suggest<P extends SearchableProduct>(
  index: IndexedProduct<P>[],
  text: string,
  limit = 5,
): {
  sugestao: Array<{ descricao: string; RowId: number }>;
  produtos: Array<{ descricao: string; RowId: number; idprd: number }>;
} {
  if (normalize(text).length < 2) return { sugestao: [], produtos: [] };
  const found = searchProducts(index, text);
  const terms = [...new Set(found.map((product) => product.nome_sub_grupo || product.descricao))]
    .filter(Boolean)
    .slice(0, limit);
  return {
    sugestao: terms.map((descricao, i) => ({ descricao: descricao.replace(/-/g, ' '), RowId: i + 1 })),
    produtos: found
      .slice(0, limit)
      .map((product, i) => ({ descricao: product.descricao, RowId: i + 1, idprd: product.idprd })),
  };
}
