import { sql, type SQL } from 'drizzle-orm';
import type { ProductDetailAnswer } from '../../api/catalogue';
import type { Lote, MaterialCalculator, PaymentOptionAnswer, ProductSummary } from '../../api/products';
import { BEST_SELLERS_LIMIT } from '../../domain/catalogue-limits';
import { materialYield } from '../../domain/material-yields';
import { centavosToReais } from '../../domain/money';
import { priceOptions, toWireInstallment, type InterestPayer } from '../../domain/payment-options';
import { ORDER_KEYS, type ListingOrder, type OrderKey } from '../../domain/search-rules';
import type { Db } from '../db/client';
import { refuse } from './domain-error';
import { queryRows } from '../db/rows';

// Products as the contract shows them: one SELECT list, one mapping, for every list and the detail.

export interface ProductRow {
  idprd: number;
  descricao: string;
  brand: string;
  brand_id: number;
  price_centavos: number;
  group_slug: string;
  subgroup_segment: string;
  subgroup_id: number;
  box_m2: string | number | null;
  sales_unit: string;
  image_count: number;
  stock: number;
  gtin?: string | null;
  info?: string;
}

export const PRODUCT_COLUMNS = sql`
  p.idprd, p.descricao, b.name AS brand, p.brand_id, p.price_centavos, g.slug AS group_slug,
  s.segment AS subgroup_segment, p.subgroup_id, p.box_m2, p.sales_unit, p.image_count,
  COALESCE(st.quantity, 0) AS stock, p.gtin`;

export const PRODUCT_JOINS = sql`
  JOIN brands b ON b.id = p.brand_id
  JOIN product_groups g ON g.id = p.group_id
  JOIN product_subgroups s ON s.id = p.subgroup_id
  LEFT JOIN stock st ON st.idprd = p.idprd`;

export function toSummary(row: ProductRow): ProductSummary {
  const box = row.box_m2 === null ? null : Number(row.box_m2);
  return {
    idprd: Number(row.idprd),
    descricao: row.descricao,
    descmarca: row.brand,
    idmarca: Number(row.brand_id),
    preco: centavosToReais(Number(row.price_centavos)),
    nome_grupo: row.group_slug,
    nome_sub_grupo: row.subgroup_segment,
    idsubgrupo: Number(row.subgroup_id),
    multiploprdvenda: box,
    codundvenda: row.sales_unit,
    imagens: Number(row.image_count),
    estoque: Number(row.stock),
    gtin: row.gtin ?? null,
  };
}

/** The price-options list in wire form (reais). */
export function wirePriceOptions(
  centavos: number,
  interestPaidBy: InterestPayer = 'shopper',
): PaymentOptionAnswer[] {
  const [pix, boleto, card, normal] = priceOptions(centavos, interestPaidBy);
  return [
    { tipo: 'pix', descricao: 'Pix', nParcelas: 1, valorParcela: centavosToReais(pix.valorParcela) },
    { tipo: 'boleto', descricao: 'Boleto', nParcelas: 1, valorParcela: centavosToReais(boleto.valorParcela) },
    {
      tipo: 'cartao',
      descricao: 'Cartão de Crédito',
      parcelas: card.parcelas.map((installment) => ({ ...toWireInstallment(installment) })),
    },
    {
      tipo: 'normal',
      descricao: 'Preço normal',
      nParcelas: 1,
      valorParcela: centavosToReais(normal.valorParcela),
    },
  ];
}

const ORDER_COLUMNS: Record<OrderKey, SQL> = {
  vendas: sql`p.sales_count`,
  preco: sql`p.price_centavos`,
  nome: sql`p.search_text`,
  codigo: sql`p.idprd`,
};

/** ORDER BY for a listing order, from the rules the downloaded catalogue sorts by too. */
export function orderBy(order: ListingOrder): SQL {
  return sql.join(
    ORDER_KEYS[order].map(({ key, descending }) =>
      descending ? sql`${ORDER_COLUMNS[key]} DESC` : ORDER_COLUMNS[key],
    ),
    sql`, `,
  );
}

export async function selectProducts(db: Db, where: SQL, order: SQL, limit: number, offset = 0) {
  const found = await queryRows<ProductRow>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS} FROM products p ${PRODUCT_JOINS}
        WHERE p.active AND ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
  return found.map(toSummary);
}

/** APP_0041: the most sold products in stock, most sold first. */
export function bestSellers(db: Db): Promise<ProductSummary[]> {
  return selectProducts(db, sql`COALESCE(st.quantity, 0) > 0`, orderBy('relevancia'), BEST_SELLERS_LIMIT);
}

/** APP_0027 ultimas=N: the newest products. */
export function latestProducts(db: Db, count: number): Promise<ProductSummary[]> {
  return selectProducts(db, sql`true`, sql`p.created_at DESC, p.idprd DESC`, count);
}

/** APP_0027 codigo=N: one product with its lotes, images and price options; 404 when unknown. */
export async function productDetail(
  db: Db,
  idprd: number,
  interestPaidBy: InterestPayer = 'shopper',
): Promise<ProductDetailAnswer> {
  const [row] = await queryRows<ProductRow>(
    db,
    sql`SELECT ${PRODUCT_COLUMNS}, p.info FROM products p ${PRODUCT_JOINS}
        WHERE p.active AND p.idprd = ${idprd}`,
  );
  if (!row) throw refuse('not-found', 'Produto não encontrado.');
  const loteRows = await queryRows<{ id: number; code: string; shade: string; quantity: number }>(
    db,
    sql`SELECT id, code, shade, quantity FROM lotes WHERE idprd = ${idprd} ORDER BY id`,
  );
  const summary = toSummary(row);
  const calculadora = await materialCalculatorOf(db, idprd);
  const lotes: Lote[] = loteRows.map((lote) => ({
    idlote: Number(lote.id),
    idprd: summary.idprd,
    lote: lote.shade ? `Lote ${lote.code} - ${lote.shade}` : `Lote ${lote.code}`,
    estoque: Number(lote.quantity),
  }));
  return {
    produtos: [{ ...summary, info_grupo: row.info ?? '' }],
    lotes,
    imagens: Array.from({ length: summary.imagens ?? 1 }, (_, index) => ({
      idprd: summary.idprd,
      n: index + 1,
    })),
    precos: wirePriceOptions(Number(row.price_centavos), interestPaidBy),
    agrupamento: [],
    ...(calculadora && { calculadora }),
  };
}

/**
 * The calculator of a product with a `material` (migration 0105): its line, and the product with
 * the same in its other package sizes (one `package_group`), smallest first; none without.
 */
async function materialCalculatorOf(db: Db, idprd: number): Promise<MaterialCalculator | undefined> {
  const rows = await queryRows<{
    material: string;
    idprd: number;
    descricao: string;
    price_centavos: number;
    package_content: string;
    sales_unit: string;
    stock: number;
  }>(
    db,
    sql`SELECT p.material, p.idprd, p.descricao, p.price_centavos, p.package_content, p.sales_unit,
               COALESCE(st.quantity, 0) AS stock
          FROM products me
          JOIN products p ON p.idprd = me.idprd
            OR (p.package_group = me.package_group AND p.material = me.material AND p.active)
          LEFT JOIN stock st ON st.idprd = p.idprd
         WHERE me.idprd = ${idprd} AND me.material IS NOT NULL
         ORDER BY p.package_content, p.idprd`,
  );
  // A line the table of yields does not know (a key typed by hand in the database) has no calculator.
  if (rows.length === 0 || !materialYield(rows[0].material)) return undefined;
  return {
    material: rows[0].material,
    embalagens: rows.map((pack) => ({
      idprd: Number(pack.idprd),
      descricao: pack.descricao,
      preco: centavosToReais(Number(pack.price_centavos)),
      conteudo: Number(pack.package_content),
      codundvenda: pack.sales_unit,
      estoque: Number(pack.stock),
    })),
  };
}
