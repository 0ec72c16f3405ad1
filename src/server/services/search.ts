import { sql, type SQL } from 'drizzle-orm';
import { SUGGESTION_LIMIT, SUGGESTION_MIN_LENGTH } from '../../domain/catalogue-limits';
import { queryWords } from '../../domain/search-rules';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { orderBy } from './search-products';

// Search, fast at 50,000 products: suggestions come from the small search_terms table through a
// prefix index; product hits are word-prefix matches through the trigram index on
// products.search_text (search_norm(descricao): lower case, no accents). Trigram similarity, which
// is slow over a large table, is only used against search_terms, and only when the prefix search
// found nothing (the one-typo fallback: 'porcelanto' -> 'porcelanato').

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, (char) => `\\${char}`);

/**
 * Every word must start a word of the name. One regex per word: pg_trgm answers it from the trigram
 * index for rare words, and its row estimate is sound, so for common words the planner walks the
 * best-sellers index instead (adding a LIKE '%word%' beside it halved the estimate and led PGlite to
 * a slower plan).
 */
export function wordPrefixConditions(words: string[], column: SQL = sql`p.search_text`): SQL[] {
  return words.map((word) => sql`${column} ~ ${`(^|[^[:alnum:]])${escapeRegex(word)}`}`);
}

/** Terms that start with the first word and have a word starting with each other one. */
async function termsByPrefix(db: Db, words: string[], limit: number): Promise<string[]> {
  const [first, ...rest] = words;
  const others = wordPrefixConditions(rest, sql`norm`);
  const found = await queryRows<{ term: string }>(
    db,
    sql`SELECT term FROM search_terms WHERE norm LIKE ${`${escapeLike(first)}%`}
        ${others.length ? sql`AND ${sql.join(others, sql` AND `)}` : sql``}
        ORDER BY weight DESC, length(norm), norm LIMIT ${limit}`,
  );
  return found.map((row) => row.term);
}

async function termsBySimilarity(db: Db, phrase: string, limit: number): Promise<string[]> {
  const found = await queryRows<{ term: string }>(
    db,
    sql`SELECT term FROM search_terms WHERE norm % ${phrase}
        ORDER BY similarity(norm, ${phrase}) DESC, weight DESC, norm LIMIT ${limit}`,
  );
  return found.map((row) => row.term);
}

/**
 * Replaces each word that starts no known term by the most similar single-word term (one typo:
 * 'torneria' -> 'torneira'). Returns undefined when nothing could be corrected.
 */
export async function correctWords(db: Db, words: string[]): Promise<string[] | undefined> {
  let changed = false;
  const corrected: string[] = [];
  for (const word of words) {
    const [known] = await queryRows<{ found: number }>(
      db,
      sql`SELECT 1 AS found FROM search_terms WHERE norm LIKE ${`${escapeLike(word)}%`} LIMIT 1`,
    );
    if (known || word.length < 4) {
      corrected.push(word);
      continue;
    }
    const [best] = await queryRows<{ norm: string }>(
      db,
      sql`SELECT norm FROM search_terms WHERE norm % ${word} AND position(' ' in norm) = 0
          ORDER BY similarity(norm, ${word}) DESC, weight DESC, norm LIMIT 1`,
    );
    if (best) {
      corrected.push(best.norm);
      changed = true;
    } else corrected.push(word);
  }
  return changed ? corrected : undefined;
}

/** Below three letters the trigram index cannot help, so a short single word matches name starts. */
const SHORT_WORD = 3;

async function productHits(db: Db, words: string[], limit: number) {
  const conditions =
    words.length === 1 && words[0].length < SHORT_WORD
      ? [sql`p.search_text LIKE ${`${escapeLike(words[0])}%`}`]
      : wordPrefixConditions(words);
  return await queryRows<{ idprd: number; descricao: string }>(
    db,
    sql`SELECT p.idprd, p.descricao FROM products p
        WHERE p.active AND ${sql.join(conditions, sql` AND `)}
        ORDER BY ${orderBy('relevancia')} LIMIT ${limit}`,
  );
}

export type Suggestions = {
  sugestao: { descricao: string; RowId: number }[];
  produtos: { descricao: string; RowId: number; idprd: number; gtin?: string | null }[];
};

/** APP_0028: at most 5 terms and 5 products for what the shopper typed. */
export async function suggest(db: Db, text: string): Promise<Suggestions> {
  const words = queryWords(text);
  if (text.trim().length < SUGGESTION_MIN_LENGTH || words.length === 0) return { sugestao: [], produtos: [] };
  let terms = await termsByPrefix(db, words, SUGGESTION_LIMIT);
  let hits = await productHits(db, words, SUGGESTION_LIMIT);
  if (terms.length === 0 && hits.length === 0) {
    const corrected = await correctWords(db, words);
    if (corrected) {
      terms = await termsByPrefix(db, corrected, SUGGESTION_LIMIT);
      hits = await productHits(db, corrected, SUGGESTION_LIMIT);
    }
    if (terms.length === 0) terms = await termsBySimilarity(db, words.join(' '), SUGGESTION_LIMIT);
  }
  return {
    sugestao: terms.map((descricao, index) => ({ descricao, RowId: index + 1 })),
    produtos: hits.map((hit, index) => ({ descricao: hit.descricao, RowId: index + 1, idprd: hit.idprd })),
  };
}
