import { sql, type SQL } from 'drizzle-orm';
import type { Facet, PriceRange, ProductSummary } from '../../api/catalogue';
import { LISTING_PAGE_SIZE_DEFAULT } from '../../domain/catalogue-limits';
import { canonicalSubcategory, findCategory, findSubcategory } from '../../domain/categories';
import { centavosToReais, formatBRLPlain } from '../../domain/money';
import type { Db } from '../db/client';
import { correctWords, queryWords, rowsOf, wordPrefixConditions } from './search';
import { productByGtin } from './product-code';
import { latestProducts, selectProducts } from './search-products';

// APP_0027 listing and search. A page is one indexed query; the facet counts (brands,
// subcategories, price ranges) and the total come from one GROUPING SETS scan of the filtered
// products, cached per filter until the catalogue changes (at most a minute), so paging and
// re-visits never recount.

interface PriceBand {
  codigo: string;
  min: number;
  /** exclusive; null = open */
  max: number | null;
}

const band = (codigo: string, min: number, max: number | null): PriceBand => ({ codigo, min, max });

/** Price ranges in centavos, by the product's `preco` (per m² for m² items). */
export const PRICE_BANDS: readonly PriceBand[] = [
  band('ate50', 0, 5_000),
  band('50a100', 5_000, 10_000),
  band('100a200', 10_000, 20_000),
  band('200a500', 20_000, 50_000),
  band('500a1000', 50_000, 100_000),
  band('acima1000', 100_000, null),
];

/** 'Até R$ 50,00', 'R$ 50,00 até R$ 100,00', ..., 'Acima de R$ 1.000,00'. */
export function bandLabel(priceBand: PriceBand): string {
  if (priceBand.min === 0 && priceBand.max !== null) return `Até ${formatBRLPlain(priceBand.max)}`;
  if (priceBand.max === null) return `Acima de ${formatBRLPlain(priceBand.min)}`;
  return `${formatBRLPlain(priceBand.min)} até ${formatBRLPlain(priceBand.max)}`;
}

const bandIndexSql = sql.raw(
  `CASE ${PRICE_BANDS.map((priceBand, index) =>
    priceBand.max === null ? `ELSE ${index}` : `WHEN p.price_centavos < ${priceBand.max} THEN ${index}`,
  ).join(' ')} END`,
);

export interface ListingQuery {
  ultimas?: number;
  produto?: string;
  grupo?: string;
  subgrupo?: string;
  marca?: number[];
  cat?: number[];
  precos?: string[];
  pagina?: number;
  por_pagina?: number;
  ordem?: 'relevancia' | 'menor_preco' | 'maior_preco' | 'nome';
}

export type ListingAnswer = {
  produtos: ProductSummary[];
  agrupamento: Facet[];
  precos: PriceRange[];
  total: number;
  pagina: number;
  por_pagina: number;
};

interface Aggregate {
  total: number;
  agrupamento: Facet[];
  precos: PriceRange[];
  /** The search words actually used (typo-corrected when the typed ones found nothing). */
  words: string[];
}

/**
 * A bounded LRU with a time limit. Emptied with the answer cache on every catalogue change (here or,
 * through NOTIFY, in another instance); `ttlMs` bounds stale counts should a notification be lost.
 */
export class FacetCache {
  private readonly entries = new Map<string, { at: number; value: Aggregate }>();
  constructor(
    private readonly capacity = 256,
    private readonly ttlMs = 60_000,
  ) {}

  get(key: string): Aggregate | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (Date.now() - entry.at > this.ttlMs) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Aggregate): void {
    this.entries.set(key, { at: Date.now(), value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** After a catalogue change (prices, stock, products). */
  clear(): void {
    this.entries.clear();
  }
}

interface Filter {
  /** The facet values the shopper chose: they stay in the answer at 0, so they can be unticked. */
  chosen: { marca: readonly number[]; cat: readonly number[]; precos: readonly string[] };
  /** Category, subcategory: narrow the set the facets are counted in. */
  base: SQL[];
  /** The facet filters: each facet is counted with the other two applied (multi-choice stays usable). */
  brand: SQL | undefined;
  cat: SQL | undefined;
  price: SQL | undefined;
}

/** The filter without the text search; undefined when it can match nothing (unknown category). */
function filterOf(query: ListingQuery): Filter | undefined {
  const base: SQL[] = [];
  const category = query.grupo ? findCategory(query.grupo) : undefined;
  if (query.grupo && !category) return undefined;
  if (query.subgrupo) {
    const found = findSubcategory(canonicalSubcategory(query.subgrupo), category?.slug);
    if (!found) return undefined;
    base.push(sql`p.subgroup_id = (
      SELECT s2.id FROM product_subgroups s2 JOIN product_groups g2 ON g2.id = s2.group_id
      WHERE g2.slug = ${found.category.slug} AND s2.segment = ${found.subcategory.segment})`);
  } else if (category) {
    base.push(sql`p.group_id = (SELECT g2.id FROM product_groups g2 WHERE g2.slug = ${category.slug})`);
  }
  let price: SQL | undefined;
  if (query.precos?.length) {
    const bands = PRICE_BANDS.filter((priceBand) => query.precos!.includes(priceBand.codigo));
    if (bands.length === 0) return undefined;
    price = sql`(${sql.join(
      bands.map((priceBand) =>
        priceBand.max === null
          ? sql`p.price_centavos >= ${priceBand.min}`
          : sql`(p.price_centavos >= ${priceBand.min} AND p.price_centavos < ${priceBand.max})`,
      ),
      sql` OR `,
    )})`;
  }
  return {
    chosen: { marca: query.marca ?? [], cat: query.cat ?? [], precos: query.precos ?? [] },
    base,
    brand: query.marca?.length ? sql`p.brand_id IN (${sql.join(query.marca, sql`, `)})` : undefined,
    cat: query.cat?.length ? sql`p.subgroup_id IN (${sql.join(query.cat, sql`, `)})` : undefined,
    price,
  };
}

const whereOf = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` AND `) : sql`true`);
const present = (...conditions: Array<SQL | undefined>) =>
  conditions.filter((c): c is SQL => c !== undefined);
const flag = (condition: SQL | undefined) => condition ?? sql`true`;

/**
 * One scan of the products matching the category and the text, grouped three ways. Each facet
 * counts the products that the OTHER facet filters let through (a brand's count is what choosing
 * it would add), so choosing one brand keeps the others on offer; `total` applies them all.
 */
async function aggregate(db: Db, filter: Filter, words: string[]): Promise<Aggregate> {
  const where = whereOf([...filter.base, ...wordPrefixConditions(words)]);
  const groups = await rowsOf<{ kind: string; id: number; label: string | null; n: number; n_all: number }>(
    db,
    sql`WITH f AS (
          SELECT p.brand_id, p.subgroup_id, ${bandIndexSql} AS band,
                 ${flag(filter.brand)} AS brand_ok, ${flag(filter.cat)} AS cat_ok, ${flag(filter.price)} AS price_ok
          FROM products p WHERE p.active AND ${where}),
        g AS (
          SELECT CASE WHEN GROUPING(brand_id) = 0 THEN 'marca'
                      WHEN GROUPING(subgroup_id) = 0 THEN 'cat' ELSE 'faixa' END AS kind,
                 COALESCE(brand_id, subgroup_id, band) AS id,
                 count(*) FILTER (WHERE cat_ok AND price_ok)::int AS n_brand,
                 count(*) FILTER (WHERE brand_ok AND price_ok)::int AS n_cat,
                 count(*) FILTER (WHERE brand_ok AND cat_ok)::int AS n_band,
                 count(*) FILTER (WHERE brand_ok AND cat_ok AND price_ok)::int AS n_all
          FROM f GROUP BY GROUPING SETS ((brand_id), (subgroup_id), (band)))
        SELECT g.kind, g.id, COALESCE(b.name, s.label) AS label, g.n_all,
               CASE g.kind WHEN 'marca' THEN g.n_brand WHEN 'cat' THEN g.n_cat ELSE g.n_band END AS n
        FROM g
        LEFT JOIN brands b ON g.kind = 'marca' AND b.id = g.id
        LEFT JOIN product_subgroups s ON g.kind = 'cat' AND s.id = g.id`,
  );
  const total = groups.filter((row) => row.kind === 'marca').reduce((sum, row) => sum + Number(row.n_all), 0);
  return summarise(
    groups.map((row) => ({ kind: row.kind, id: Number(row.id), label: row.label ?? '', n: Number(row.n) })),
    words,
    total,
    filter.chosen,
  );
}

function summarise(
  groups: { kind: string; id: number; label: string; n: number }[],
  words: string[],
  total?: number,
  chosen: Filter['chosen'] = { marca: [], cat: [], precos: [] },
): Aggregate {
  const byName = (a: Facet, b: Facet) => a.descricao.localeCompare(b.descricao, 'pt-BR');
  const brands = groups
    .filter((row) => row.kind === 'marca' && (row.n > 0 || chosen.marca.includes(row.id)))
    .map((row): Facet => ({ tipo: 'marca', id: row.id, descricao: row.label, quantidade: row.n }))
    .sort(byName);
  const categories = groups
    .filter((row) => row.kind === 'cat' && (row.n > 0 || chosen.cat.includes(row.id)))
    .map((row): Facet => ({ tipo: 'cat', id: row.id, descricao: row.label, quantidade: row.n }))
    .sort(byName);
  const bandCounts = new Map(groups.filter((row) => row.kind === 'faixa').map((row) => [row.id, row.n]));
  const precos: PriceRange[] = PRICE_BANDS.flatMap((priceBand, index) => {
    const quantidade = bandCounts.get(index) ?? 0;
    if (!quantidade && !chosen.precos.includes(priceBand.codigo)) return [];
    return [
      {
        codigo: priceBand.codigo,
        ate: bandLabel(priceBand),
        minimo: centavosToReais(priceBand.min),
        maximo: priceBand.max === null ? null : centavosToReais(priceBand.max),
        quantidade,
      },
    ];
  });
  return {
    total: total ?? brands.reduce((sum, facet) => sum + facet.quantidade, 0),
    agrupamento: [...brands, ...categories],
    precos,
    words,
  };
}

/** Facets of an already-known list (ultimas=N): counted in memory. */
function aggregateOf(list: ProductSummary[], labels: Map<number, string>): Aggregate {
  const counts = new Map<string, { kind: string; id: number; label: string; n: number }>();
  const bump = (kind: string, id: number, label: string) => {
    const key = `${kind}:${id}`;
    const entry = counts.get(key) ?? { kind, id, label, n: 0 };
    entry.n += 1;
    counts.set(key, entry);
  };
  for (const product of list) {
    bump('marca', product.idmarca ?? 0, product.descmarca);
    bump('cat', product.idsubgrupo ?? 0, labels.get(product.idsubgrupo ?? 0) ?? product.nome_sub_grupo);
    const cents = Math.round(product.preco * 100);
    bump(
      'faixa',
      PRICE_BANDS.findIndex((b) => b.max === null || cents < b.max),
      '',
    );
  }
  return summarise([...counts.values()], []);
}

const ORDERS: Record<NonNullable<ListingQuery['ordem']>, SQL> = {
  relevancia: sql`p.sales_count DESC, p.idprd`,
  menor_preco: sql`p.price_centavos, p.idprd`,
  maior_preco: sql`p.price_centavos DESC, p.idprd`,
  nome: sql`p.search_text, p.idprd`,
};

export async function listProducts(db: Db, cache: FacetCache, query: ListingQuery): Promise<ListingAnswer> {
  const perPage = query.por_pagina ?? LISTING_PAGE_SIZE_DEFAULT;
  const page = query.pagina ?? 1;
  if (query.ultimas) {
    const list = await latestProducts(db, query.ultimas);
    const labels = new Map(
      (await rowsOf<{ id: number; label: string }>(db, sql`SELECT id, label FROM product_subgroups`)).map(
        (row) => [Number(row.id), row.label],
      ),
    );
    const facets = aggregateOf(list, labels);
    return {
      produtos: list,
      agrupamento: facets.agrupamento,
      precos: facets.precos,
      total: list.length,
      pagina: 1,
      por_pagina: list.length || 1,
    };
  }
  const empty = { produtos: [], agrupamento: [], precos: [], total: 0, pagina: page, por_pagina: perPage };
  const coded = await productByGtin(db, query.produto);
  if (coded) return { ...empty, produtos: page === 1 ? [coded] : [], total: 1 };
  const filter = filterOf(query);
  if (!filter) return empty;
  const typed = query.produto ? queryWords(query.produto) : [];
  // A search of punctuation alone ('--') has no words to match: it finds nothing, not everything.
  if (query.produto?.trim() && typed.length === 0) return empty;
  const key = JSON.stringify([
    query.grupo ? findCategory(query.grupo)?.slug : null,
    query.subgrupo ? canonicalSubcategory(query.subgrupo) : null,
    query.marca ?? [],
    query.cat ?? [],
    query.precos ?? [],
    typed,
  ]);
  let facets = cache.get(key);
  if (!facets) {
    facets = await aggregate(db, filter, typed);
    if (facets.total === 0 && typed.length) {
      const corrected = await correctWords(db, typed);
      if (corrected) facets = await aggregate(db, filter, corrected);
    }
    cache.set(key, facets);
  }
  if (facets.total === 0) return { ...empty, agrupamento: facets.agrupamento, precos: facets.precos };
  const where = whereOf([
    ...filter.base,
    ...present(filter.brand, filter.cat, filter.price),
    ...wordPrefixConditions(facets.words),
  ]);
  const produtos = await selectProducts(
    db,
    where,
    ORDERS[query.ordem ?? 'relevancia'],
    perPage,
    (page - 1) * perPage,
  );
  return {
    produtos,
    agrupamento: facets.agrupamento,
    precos: facets.precos,
    total: facets.total,
    pagina: page,
    por_pagina: perPage,
  };
}
