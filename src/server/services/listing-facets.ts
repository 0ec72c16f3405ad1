import { sql, type SQL } from 'drizzle-orm';
import type { Facet, PriceRange, ProductSummary } from '../../api/products';
import { centavosToReais, formatBRLPlain } from '../../domain/money';
import type { Db } from '../db/client';
import { wordPrefixConditions } from './search';
import { queryRows } from '../db/rows';

// The listing's facets: brand and subcategory counts, price ranges and the total, from one
// GROUPING SETS scan of the filtered products, kept per filter in a FacetCache.

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

export interface Aggregate {
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

export interface Filter {
  /** The facet values the shopper chose: they stay in the answer at 0, so they can be unticked. */
  chosen: { marca: readonly number[]; cat: readonly number[]; precos: readonly string[] };
  /** Category, subcategory: narrow the set the facets are counted in. */
  base: SQL[];
  /** The facet filters: each facet is counted with the other two applied (multi-choice stays usable). */
  brand: SQL | undefined;
  cat: SQL | undefined;
  price: SQL | undefined;
}

export const whereOf = (conditions: SQL[]) =>
  conditions.length ? sql.join(conditions, sql` AND `) : sql`true`;
const flag = (condition: SQL | undefined) => condition ?? sql`true`;

/**
 * One scan of the products matching the category and the text, grouped three ways. Each facet
 * counts the products that the OTHER facet filters let through (a brand's count is what choosing
 * it would add), so choosing one brand keeps the others on offer; `total` applies them all.
 */
export async function aggregate(db: Db, filter: Filter, words: string[]): Promise<Aggregate> {
  const where = whereOf([...filter.base, ...wordPrefixConditions(words)]);
  const groups = await queryRows<{
    kind: string;
    id: number;
    label: string | null;
    n: number;
    n_all: number;
  }>(
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
export function aggregateOf(list: ProductSummary[], labels: Map<number, string>): Aggregate {
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
