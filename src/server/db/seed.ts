import { sql } from 'drizzle-orm';
import { CATEGORIES } from '../../domain/categories';
import type { Database, Db } from './client';
import { brands, lotes, productGroups, productSubgroups, products, stock } from './schema';
import { APPENDED_FAMILIES, SEED_FAMILIES, type Family } from './seed/catalogue-data';
import { searchTermsOf } from '../../domain/search-rules';
import { seededRandom } from '../../domain/random';
import { PHYSICAL_STORE_COUNT } from '../../domain/store';
import { materialYield } from '../../domain/material-yields';
import { queryRows } from './rows';

// The seed is deterministic: the same products, prices, stock and sales on every machine, so tests
// and benchmarks compare like with like.

/** Group ids 1..6 in menu order; subgroup ids group*100 + position (101, 102, ... 606). */
export const groupId = (groupIndex: number) => groupIndex + 1;
export const subgroupId = (groupIndex: number, subIndex: number) => (groupIndex + 1) * 100 + subIndex + 1;

/** A shelf price: the interpolated value rounded to reais with '.90' (R$ 1,20 and below stay as given). */
function shelfPrice(family: Family, index: number): number {
  const [low, high] = family.price;
  const steps = family.variants.length - 1;
  const reais = steps === 0 ? low : low + ((high - low) * index) / steps;
  const centavos = Math.round(reais * 100);
  if (centavos < 500) return centavos;
  return Math.floor(centavos / 100) * 100 + 90;
}

interface SeedProduct {
  descricao: string;
  brand: string;
  groupId: number;
  subgroupId: number;
  priceCentavos: number;
  info: string;
  boxM2: number | null;
  customMade: boolean;
  material: (NonNullable<Family['material']> & { group: string }) | undefined;
  salesUnit: string;
  weightGrams: number;
  imageCount: number;
  salesCount: number;
  createdAt: Date;
}

/** The hand-made catalogue, one product per variant, in menu order; then APPENDED_FAMILIES. */
export function seedProducts(): SeedProduct[] {
  const next = seededRandom(1969);
  const list: SeedProduct[] = [];
  const firstDay = Date.UTC(2025, 0, 6, 9, 0, 0);
  const expand = (family: Family, familyIndex: number, groupIndex: number, subIndex: number) => {
    family.variants.forEach((variant, variantIndex) => {
      const roll = next();
      // A few strong sellers per subcategory, a long tail of modest ones.
      const salesCount =
        familyIndex === 0 && variantIndex === 0 ? 300 + Math.floor(roll * 900) : Math.floor(roll * 240);
      list.push({
        descricao: family.name.replace('{v}', variant).replace(/\s+/g, ' ').trim(),
        brand: family.brands[(familyIndex + variantIndex) % family.brands.length],
        groupId: groupId(groupIndex),
        subgroupId: subgroupId(groupIndex, subIndex),
        priceCentavos: shelfPrice(family, variantIndex),
        info: family.info,
        boxM2: family.boxM2 ?? null,
        customMade: family.customMade ?? false,
        // One line's colour in every can size shares a group (the paint calculator mixes them).
        material: family.material && { ...family.material, group: `${family.material.key}:${variant}` },
        salesUnit: family.unit,
        weightGrams: family.weight,
        imageCount: 1 + Math.floor(next() * 4),
        salesCount,
        createdAt: new Date(firstDay + list.length * 3_600_000),
      });
    });
  };
  CATEGORIES.forEach((category, groupIndex) => {
    category.subcategories.forEach((subcategory, subIndex) => {
      const families = SEED_FAMILIES[category.slug]?.[subcategory.segment] ?? [];
      families.forEach((family, familyIndex) => expand(family, familyIndex, groupIndex, subIndex));
    });
  });
  APPENDED_FAMILIES.forEach(({ category, segment, family }, familyIndex) => {
    const groupIndex = CATEGORIES.findIndex((each) => each.slug === category);
    const subIndex = CATEGORIES[groupIndex].subcategories.findIndex((each) => each.segment === segment);
    expand(family, familyIndex, groupIndex, subIndex);
  });
  return list;
}

/** Stock per product: a few nearly sold out (the 406 case), one in 40 out of stock. */
function stockFor(index: number, next: () => number): number {
  if (index % 40 === 39) return 0;
  if (index % 17 === 16) return 2 + Math.floor(next() * 3);
  return 20 + Math.floor(next() * 180);
}

async function seedCatalogue(db: Db): Promise<number> {
  await db.insert(productGroups).values(
    CATEGORIES.map((category, index) => ({
      id: groupId(index),
      slug: category.slug,
      label: category.label,
      position: index,
    })),
  );
  await db.insert(productSubgroups).values(
    CATEGORIES.flatMap((category, groupIndex) =>
      category.subcategories.map((subcategory, subIndex) => ({
        id: subgroupId(groupIndex, subIndex),
        groupId: groupId(groupIndex),
        segment: subcategory.segment,
        label: subcategory.label,
        position: subIndex,
      })),
    ),
  );

  const list = seedProducts();
  const brandNames = [...new Set(list.map((product) => product.brand))];
  const insertedBrands = await db
    .insert(brands)
    .values(brandNames.map((name) => ({ name })))
    .returning({ id: brands.id, name: brands.name });
  const brandId = new Map(insertedBrands.map((brand) => [brand.name, brand.id]));

  const inserted = await db
    .insert(products)
    .values(
      list.map((product) => ({
        descricao: product.descricao,
        brandId: brandId.get(product.brand)!,
        groupId: product.groupId,
        subgroupId: product.subgroupId,
        priceCentavos: product.priceCentavos,
        info: product.info,
        boxM2: product.boxM2 === null ? null : product.boxM2.toFixed(3),
        customMade: product.customMade,
        material: product.material?.key ?? null,
        packageContent: product.material ? product.material.content.toFixed(3) : null,
        packageGroup: product.material?.group ?? null,
        salesUnit: product.salesUnit,
        weightGrams: product.weightGrams,
        imageCount: product.imageCount,
        salesCount: product.salesCount,
        createdAt: product.createdAt,
      })),
    )
    .returning({ idprd: products.idprd, descricao: products.descricao });
  const idOf = new Map(inserted.map((row) => [row.descricao, row.idprd]));

  const next = seededRandom(2025);
  const stockRows: { idprd: number; quantity: number }[] = [];
  const loteRows: { idprd: number; code: string; shade: string; quantity: number }[] = [];
  list.forEach((product, index) => {
    const idprd = idOf.get(product.descricao)!;
    // Blocks are sold by the thousand: a wall takes hundreds.
    const total = stockFor(index, next) * (materialYield(product.material?.key)?.kind === 'bloco' ? 100 : 1);
    if (product.boxM2 !== null) {
      // Tiles come in two or three lotes (shade and calibre); the stock is split between them.
      const count = 2 + (index % 2);
      let left = total;
      for (let k = 0; k < count; k += 1) {
        const quantity = k === count - 1 ? left : Math.floor(left / (count - k));
        left -= quantity;
        const code = `${String.fromCharCode(65 + ((index + k) % 6))}${10 + ((index * 7 + k * 13) % 90)}`;
        loteRows.push({ idprd, code, shade: `Tonalidade ${k + 1}`, quantity });
      }
    }
    stockRows.push({ idprd, quantity: total });
  });
  await db.insert(stock).values(stockRows);
  await db.insert(lotes).values(loteRows);

  const terms = searchTermsOf(
    list.map((product) => product.descricao),
    [...brandNames, ...CATEGORIES.map((category) => category.label)],
  );
  for (let start = 0; start < terms.length; start += 500) {
    const chunk = terms.slice(start, start + 500);
    await db.execute(sql`
      INSERT INTO search_terms (term, norm, weight)
      SELECT t.term, search_norm(t.term), t.weight
      FROM (VALUES ${sql.join(
        chunk.map((term) => sql`(${term.term}::text, ${term.weight}::int)`),
        sql`, `,
      )}) AS t (term, weight)
      ON CONFLICT (norm) DO UPDATE SET weight = GREATEST(search_terms.weight, excluded.weight)`);
  }
  return list.length;
}

const SYNTHETIC_LINES = [
  'Linha Essencial',
  'Linha Pro',
  'Linha Plus',
  'Linha Obra',
  'Linha Casa',
  'Linha Max',
];

/**
 * Adds `count` products cloned from the hand-made ones (same category, brand, unit and box size,
 * price varied, 'Linha X Mod. 000123' appended), in one INSERT ... SELECT per table: 50,000 take a
 * few seconds, even on PGlite.
 */
async function seedSynthetic(db: Db, count: number): Promise<number> {
  const [{ last, base }] = await queryRows<{ last: number; base: number }>(
    db,
    sql`SELECT max(idprd)::int AS last, count(*)::int AS base FROM products`,
  );
  const lines = sql.raw(`ARRAY[${SYNTHETIC_LINES.map((line) => `'${line}'`).join(', ')}]`);
  await db.execute(sql`
    INSERT INTO products (descricao, brand_id, group_id, subgroup_id, price_centavos, info, box_m2, sales_unit,
                          weight_grams, image_count, sales_count, created_at)
    SELECT b.descricao || ' ' || (${lines})[1 + g % 6] || ' Mod. ' || lpad(g::text, 6, '0'),
           b.brand_id, b.group_id, b.subgroup_id,
           GREATEST(90, (b.price_centavos::bigint * (70 + (g * 7919) % 61) / 10000)::int * 100 + 90),
           b.info, b.box_m2, b.sales_unit, b.weight_grams,
           1 + g % 4,
           ((g::bigint * 48271) % 200)::int,
           timestamptz '2024-01-01 09:00:00+00' + g * interval '1 minute'
    FROM generate_series(1, ${count}::int) AS g
    JOIN (SELECT p.*, row_number() OVER (ORDER BY idprd) AS rn FROM products p) AS b
      ON b.rn = 1 + g % ${base}::int`);
  await db.execute(sql`
    INSERT INTO search_terms (term, norm, weight)
    SELECT lower(line), search_norm(line), ${Math.ceil(count / SYNTHETIC_LINES.length)}::int
    FROM unnest(${lines}) AS line
    ON CONFLICT (norm) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO lotes (idprd, code, shade, quantity)
    SELECT p.idprd, chr(65 + (p.idprd + k) % 6) || (10 + (p.idprd * 7 + k * 13) % 90)::text,
           'Tonalidade ' || k, 10 + (p.idprd * 31 + k * 17) % 90
    FROM products p CROSS JOIN generate_series(1, 2) AS k
    WHERE p.idprd > ${last}::int AND p.box_m2 IS NOT NULL`);
  await db.execute(sql`
    INSERT INTO stock (idprd, quantity)
    SELECT p.idprd, COALESCE((SELECT sum(l.quantity) FROM lotes l WHERE l.idprd = p.idprd)::int, 20 + (p.idprd * 37) % 180)
    FROM products p
    WHERE p.idprd > ${last}::int`);
  return count;
}

/**
 * Store mode: a GTIN-13 for every product, and stock spread over the five stores, in
 * set-based statements (50,000 products take a few seconds). About one product in five is missing
 * from a given store; tiles are held per lote in each store, the store total being their sum.
 */
export async function seedStoreMode(db: Db): Promise<void> {
  await db.execute(sql`UPDATE products SET gtin = gtin_for_product(idprd) WHERE gtin IS NULL`);
  await db.execute(sql`
    INSERT INTO store_lote_stock (store_id, lote_id, quantity)
    SELECT s, l.id, GREATEST(0, ((l.id * 29 + s * 53) % 19) - 4)
    FROM lotes l CROSS JOIN generate_series(1, ${PHYSICAL_STORE_COUNT}::int) AS s
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO store_stock (store_id, idprd, quantity)
    SELECT s, p.idprd,
           COALESCE((SELECT sum(sl.quantity) FROM store_lote_stock sl JOIN lotes l ON l.id = sl.lote_id
                     WHERE l.idprd = p.idprd AND sl.store_id = s)::int,
                    GREATEST(0, ((p.idprd * 37 + s * 101) % 41) - 8))
    FROM products p CROSS JOIN generate_series(1, ${PHYSICAL_STORE_COUNT}::int) AS s
    ON CONFLICT DO NOTHING`);
}

/**
 * Seeds the catalogue when the products table is empty; returns how many products it added
 * (0 when the database already had a catalogue). `syntheticProducts` adds that many generated
 * products on top of the hand-made ones (SEED_PRODUCTS, for benchmarks).
 */
export async function seedIfEmpty(
  database: Database,
  options: { syntheticProducts: number },
): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM products`);
  if (n > 0) {
    // A catalogue seeded before store mode (migration 0030) gets its store stock once.
    const [{ held }] = await queryRows<{ held: boolean }>(
      database.db,
      sql`SELECT EXISTS (SELECT 1 FROM store_stock) AS held`,
    );
    if (!held) await seedStoreMode(database.db);
    return 0;
  }
  return database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // Several instances may start at once on one PostgreSQL: one seeds, the others find it done.
    await db.execute(sql`SELECT pg_advisory_xact_lock(1969)`);
    const [{ again }] = await queryRows<{ again: number }>(
      db,
      sql`SELECT count(*)::int AS again FROM products`,
    );
    if (again > 0) return 0;
    const seeded = await seedCatalogue(db);
    const synthetic = options.syntheticProducts > 0 ? await seedSynthetic(db, options.syntheticProducts) : 0;
    await seedStoreMode(db);
    await db.execute(sql`ANALYZE products`);
    return seeded + synthetic;
  });
}
