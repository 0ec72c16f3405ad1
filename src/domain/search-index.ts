// Search over the catalogue stored on the device, answering like the online search: every typed
// word must start a word of the product's name (ignoring case and accents; the name alone, as
// search-rules.ts says: a brand 'Porcelana Real' does not make its toilet seats porcelain); when
// that finds nothing, one typo per word is forgiven ('porcelanto' finds porcelanato). Pure, so it
// runs in any worker.
//
// The index is the catalogue's vocabulary (its distinct normalized words, sorted) with, for each
// word, the positions of the products that have it. Words starting with a prefix are one contiguous
// run of the sorted vocabulary, found by binary search, and their positions are one contiguous run
// of `postings`. A typo is forgiven by looking up, as prefixes, the strings one edit away from the
// typed word (at most 74 per letter, fewer as soon as the typed word's start leaves the vocabulary):
// a few hundred binary searches, whatever the catalogue's size. Comparing the typed word with every
// vocabulary word instead would still be 50,000 one-edit tests per word at 50,000 products (every
// model number is a word), and a deletion-neighbourhood index (SymSpell) would store every word's
// and prefix's deletions, many times the vocabulary. Results keep the catalogue's order.

export interface SearchableProduct {
  idprd: number;
  descricao: string;
  descmarca?: string;
  idmarca?: number;
  nome_grupo?: string;
  nome_sub_grupo?: string;
  idsubgrupo?: number;
  preco: number;
  /** GTIN-13 under the barcode, when the catalogue carries it. */
  gtin?: string | null;
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

/**
 * True when `a` becomes `b` with at most one insertion, deletion, substitution or swap.
 * @internal The plain definition the tests hold the index's typo ranges to.
 */
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

/** Typed words shorter than this only match as prefixes, even when typos are forgiven. */
const TYPO_MIN_LENGTH = 4;

/**
 * The words a product is found by: its name's, as search-rules.ts rules (this file has no imports,
 * so the benchmark runs it in a page as is).
 * @internal The plain definition the tests hold the index to.
 */
export function productWords(product: SearchableProduct): string[] {
  return wordsOf(product.descricao);
}

export interface SearchIndex<P extends SearchableProduct = SearchableProduct> {
  /** The catalogue in its stored order (the order results keep). */
  products: P[];
  /** Distinct normalized words of all products, sorted by code unit. */
  vocabulary: string[];
  /** Word w's product positions are postings[starts[w] .. starts[w + 1]), ascending. */
  starts: Int32Array;
  postings: Int32Array;
}

/** Every character a normalized word can hold: what a typo may have replaced or left out. */
const ALPHABET = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

export function buildIndex<P extends SearchableProduct>(products: P[]): SearchIndex<P> {
  // One pass gives each distinct word an id and records each product's distinct word ids in order;
  // then words are ranked alphabetically and positions dropped into place (a counting sort), so no
  // per-word arrays are made.
  const idOf = new Map<string, number>();
  const counts: number[] = [];
  const lastPosition: number[] = [];
  const pairs: number[] = [];
  const productEnds = new Int32Array(products.length);
  const idsOfWords = (text: string) =>
    wordsOf(text).map((word) => {
      let id = idOf.get(word);
      if (id === undefined) {
        id = counts.length;
        idOf.set(word, id);
        counts.push(0);
        lastPosition.push(-1);
      }
      return id;
    });
  const add = (ids: number[], position: number) => {
    for (const id of ids) {
      if (lastPosition[id] === position) continue;
      lastPosition[id] = position;
      counts[id]++;
      pairs.push(id);
    }
  };
  for (let position = 0; position < products.length; position++) {
    const product = products[position];
    if (product.descricao) add(idsOfWords(product.descricao), position);
    productEnds[position] = pairs.length;
  }
  const vocabulary = [...idOf.keys()].sort();
  const starts = new Int32Array(vocabulary.length + 1);
  const next = new Int32Array(counts.length); // where an id's next position goes
  for (let rank = 0; rank < vocabulary.length; rank++) {
    const id = idOf.get(vocabulary[rank])!;
    next[id] = starts[rank];
    starts[rank + 1] = starts[rank] + counts[id];
  }
  const postings = new Int32Array(pairs.length);
  for (let position = 0, at = 0; position < products.length; position++) {
    for (const end = productEnds[position]; at < end; at++) postings[next[pairs[at]]++] = position;
  }
  return { products, vocabulary, starts, postings };
}

/** First rank in [lo, hi) whose word is not below `text`. */
function lowerBound(vocabulary: string[], text: string, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (vocabulary[mid] < text) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Ranks [lo, hi) of the words starting with `prefix`, searched within [from, to). */
function prefixRange(
  vocabulary: string[],
  prefix: string,
  from = 0,
  to = vocabulary.length,
): [number, number] {
  const lo = lowerBound(vocabulary, prefix, from, to);
  let hi = lo;
  if (hi < to && vocabulary[hi].startsWith(prefix)) {
    // Every word with the prefix sorts below the prefix followed by the highest code unit.
    hi = lowerBound(vocabulary, `${prefix}\uffff`, lo, to);
  }
  return [lo, hi];
}

/**
 * The vocabulary ranges a typed word matches in typo mode: words starting with a string at most one
 * edit (insertion, deletion, substitution, swap of neighbours) away from it. That is exactly what
 * the one-edit test of the typed word against the word and its prefixes of the typed length ±1
 * accepts. An edit at position i needs the typed word's first i letters to start some word, so
 * positions past the longest such prefix are skipped, and each search stays within that prefix's run.
 */
function typoRanges(index: SearchIndex, typed: string): Array<[number, number]> {
  const { vocabulary } = index;
  const ranges: Array<[number, number]> = [];
  const add = (candidate: string, from: number, to: number) => {
    const range = prefixRange(vocabulary, candidate, from, to);
    if (range[1] > range[0]) ranges.push(range);
  };
  // runs[i]: the run of words starting with typed's first i letters.
  const runs: Array<[number, number]> = [[0, vocabulary.length]];
  for (let i = 1; i <= typed.length; i++) {
    const [from, to] = runs[i - 1];
    const run = prefixRange(vocabulary, typed.slice(0, i), from, to);
    if (run[1] === run[0]) break;
    runs.push(run);
  }
  for (let i = 0; i < runs.length && i <= typed.length; i++) {
    const [from, to] = runs[i];
    const head = typed.slice(0, i);
    if (i < typed.length) {
      add(head + typed.slice(i + 1), from, to); // deletion
      if (i + 1 < typed.length && typed[i] !== typed[i + 1])
        add(head + typed[i + 1] + typed[i] + typed.slice(i + 2), from, to); // swap
    }
    for (const letter of ALPHABET) {
      add(head + letter + typed.slice(i), from, to); // insertion
      if (i < typed.length && letter !== typed[i]) add(head + letter + typed.slice(i + 1), from, to); // substitution
    }
  }
  if (runs.length > typed.length) ranges.push(runs[typed.length]); // the typed word itself
  return ranges;
}

/** The vocabulary ranges a typed word matches: its prefix run, or in typo mode its one-edit neighbourhood. */
function rangesOf(index: SearchIndex, typed: string, typo: boolean): Array<[number, number]> {
  if (typo && typed.length >= TYPO_MIN_LENGTH) return typoRanges(index, typed);
  const range = prefixRange(index.vocabulary, typed);
  return range[1] > range[0] ? [range] : [];
}

/** Sorted, overlapping or touching ranges joined, so each word's postings are read once. */
function merged(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1]) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/** Positions, ascending, of the products whose words cover every typed word. */
function matchingPositions(index: SearchIndex, typed: string[], typo: boolean): number[] {
  const { starts, postings } = index;
  const perWord = typed.map((word) => {
    const ranges = merged(rangesOf(index, word, typo));
    let size = 0;
    for (const [lo, hi] of ranges) size += starts[hi] - starts[lo];
    return { ranges, size };
  });
  if (perWord.some((word) => word.size === 0)) return [];
  // Rarest word first, so that a word none of the remaining products has ends the search soonest.
  perWord.sort((a, b) => a.size - b.size);
  // covered[p] = how many typed words product p matched so far (each counted once).
  const covered = new Int32Array(index.products.length);
  for (let k = 0; k < perWord.length; k++) {
    let reached = 0;
    for (const [lo, hi] of perWord[k].ranges) {
      for (let at = starts[lo], end = starts[hi]; at < end; at++) {
        const position = postings[at];
        if (covered[position] === k) {
          covered[position] = k + 1;
          reached++;
        }
      }
    }
    if (reached === 0) return [];
  }
  const found: number[] = [];
  const all = perWord.length;
  for (let position = 0; position < covered.length; position++) {
    if (covered[position] === all) found.push(position);
  }
  return found;
}

/** Positions of the search's results: exact prefixes, or typos only when those find nothing. */
export function searchPositions(index: SearchIndex, text: string): number[] | undefined {
  const typed = [...new Set(wordsOf(text))];
  if (typed.length === 0) return undefined;
  const exact = matchingPositions(index, typed, false);
  return exact.length ? exact : matchingPositions(index, typed, true);
}

/** Products whose words cover every typed word; exact prefixes first, typos only when needed. */
export function searchProducts<P extends SearchableProduct>(index: SearchIndex<P>, text: string): P[] {
  const positions = searchPositions(index, text);
  if (!positions) return index.products.slice();
  return positions.map((position) => index.products[position]);
}
