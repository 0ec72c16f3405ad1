import { sql, type SQL } from 'drizzle-orm';
import type { Facet, PriceRange, ProductSummary } from '../../api/products';
import { LISTING_PAGE_SIZE_DEFAULT } from '../../domain/catalogue-limits';
import { canonicalSubcategory, findCategory, findSubcategory } from '../../domain/categories';
import type { Db } from '../db/client';
import { aggregate, aggregateOf, PRICE_BANDS, whereOf, type FacetCache, type Filter } from './listing-facets';
import { queryWords, type ListingOrder } from '../../domain/search-rules';
import { correctWords, wordPrefixConditions } from './search';
import { productByGtin } from './product-code';
import { latestProducts, orderBy, selectProducts } from './search-products';
import { queryRows } from '../db/rows';

// APP_0027 listing and search. A page is one indexed query; the facet counts (brands,
// subcategories, price ranges) and the total come from one GROUPING SETS scan of the filtered
// products, cached per filter until the catalogue changes (at most a minute), so paging and
// re-visits never recount.

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
  ordem?: ListingOrder;
}

export type ListingAnswer = {
  produtos: ProductSummary[];
  agrupamento: Facet[];
  precos: PriceRange[];
  total: number;
  pagina: number;
  por_pagina: number;
};

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

const present = (...conditions: Array<SQL | undefined>) =>
  conditions.filter((c): c is SQL => c !== undefined);

export async function listProducts(db: Db, cache: FacetCache, query: ListingQuery): Promise<ListingAnswer> {
  const perPage = query.por_pagina ?? LISTING_PAGE_SIZE_DEFAULT;
  const page = query.pagina ?? 1;
  if (query.ultimas) {
    const list = await latestProducts(db, query.ultimas);
    const labels = new Map(
      (await queryRows<{ id: number; label: string }>(db, sql`SELECT id, label FROM product_subgroups`)).map(
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
    orderBy(query.ordem ?? 'relevancia'),
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
