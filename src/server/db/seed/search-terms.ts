// The 'Sugestão' vocabulary: the words of product names, the leading phrase of each name (up to its
// second significant word: 'torneira para cozinha', 'porcelanato polido'), brand and category names.
// Weight = how many products carry the term, so common terms come first.

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

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

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
