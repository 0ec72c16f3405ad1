import { z } from 'zod';
import { parseMoney } from '../domain/money';
import { idValue, moneyValue } from './fields';

// The product pieces of the catalogue's answers: a product in a list or in detail, its lotes,
// images and price options, and the listing's facets and price ranges.

/** `multiploprdvenda`: m² per box; empty ('' / null / 0) means sold by unit, which we read as null. */
const boxSize = z
  .union([z.number(), z.string().max(20), z.null()])
  .optional()
  .transform((value) => {
    if (value === null || value === undefined || value === '') return null;
    const size = typeof value === 'number' ? value : parseMoney(value);
    return size > 0 ? size : null;
  });

const productFields = {
  idprd: idValue,
  descricao: z.string(),
  /** Brand name. */
  descmarca: z.string().default(''),
  /** Brand id, the value the listing's `marca` filter takes. */
  idmarca: idValue.optional(),
  preco: moneyValue,
  /** Product description text (long in the detail answer; omitted in lists). */
  info_grupo: z.string().optional(),
  /** Category route segment (the menu's spelling), e.g. 'banheiro', 'Acessorios para Pintura'. */
  nome_grupo: z.string().default(''),
  /** Subcategory route segment, e.g. 'chuveiros', 'pisosporcelanatos'. */
  nome_sub_grupo: z.string().default(''),
  /** Subcategory id, the value the listing's `cat` filter takes. */
  idsubgrupo: idValue.optional(),
  multiploprdvenda: boxSize,
  /** Sales unit: 'UN', 'CX', 'M2', 'L', 'KG', 'PC', 'RL', 'GL', 'SC'. */
  codundvenda: z.string().default(''),
  /** How many images the product has; image n (1-based) is at {imageBase}/{idprd}/{n}.png. */
  imagens: z.number().int().min(0).optional(),
  /** Units in stock (boxes for m² items), summed over lotes. */
  estoque: z.number().optional(),
  /** GTIN-13 under the product's barcode (ours; the retailer's answer may not carry it). */
  gtin: z.string().nullable().optional(),
};

/** A product as lists show it (best sellers, listing, search). */
export const productSummary = z.looseObject(productFields);
export type ProductSummary = z.output<typeof productSummary>;

/** A product as the detail call gives it: same fields, `info_grupo` filled. */
export const productDetailItem = z.looseObject({ ...productFields, info_grupo: z.string().default('') });

/** One package the product page's calculator offers: the product itself or the same in another size. */
export const materialPackage = z.looseObject({
  idprd: idValue,
  descricao: z.string(),
  preco: moneyValue,
  /** What one unit sold holds: litres of paint, kg of mortar or grout, blocks. */
  conteudo: z.number().positive(),
  codundvenda: z.string().default(''),
  estoque: z.number().optional(),
});

/**
 * The detail answer's calculator (ours): `material` names the line in the table of yields
 * (src/domain/material-yields.ts); `embalagens` the sizes on sale, smallest content first.
 */
export const materialCalculator = z.looseObject({
  material: z.string(),
  embalagens: z.array(materialPackage).min(1),
});
export type MaterialCalculator = z.output<typeof materialCalculator>;

/** A batch (lote) of a product: tiles of one shade and calibre; stock is per lote. */
export const lote = z.looseObject({
  idlote: idValue,
  idprd: idValue,
  /** What the shopper sees, e.g. 'Lote A23 - Tonalidade 2'. */
  lote: z.string(),
  /** Units in this lote (boxes for m² items). */
  estoque: z.number(),
});
export type Lote = z.output<typeof lote>;

export const productImage = z.looseObject({
  idprd: idValue,
  /** 1-based position; the address is {imageBase}/{idprd}/{n}.png. */
  n: z.number().int().min(1),
});

/** One card instalment row. */
export const wireInstallment = z.looseObject({
  id: z.number().int(),
  nParcelas: z.union([z.literal('à vista'), z.number().int()]),
  valorParcela: moneyValue,
  descricao: z.string(),
});

/**
 * One entry of the detail call's price-options list, in this order: 0 pix (nParcelas 1,
 * valorParcela = Pix price), 1 boleto (full price), 2 cartão (parcelas 1x..10x), 3 normal price.
 */
export const paymentOption = z.looseObject({
  tipo: z.enum(['pix', 'boleto', 'cartao', 'normal']),
  descricao: z.string(),
  nParcelas: z.union([z.literal('à vista'), z.number().int()]).optional(),
  valorParcela: moneyValue.optional(),
  parcelas: z.array(wireInstallment).optional(),
});
export type PaymentOptionAnswer = z.output<typeof paymentOption>;

/** A facet of the listing: one brand (`tipo: 'marca'`) or one subcategory (`tipo: 'cat'`). */
export const facet = z.looseObject({
  tipo: z.enum(['marca', 'cat']),
  /** The value to send back in `marca` or `cat`. */
  id: idValue,
  descricao: z.string(),
  /**
   * Products in this facet under the current filter, counting the OTHER facet filters only (a
   * brand's count ignores the brands already chosen), so several brands can be chosen; with no
   * brand chosen the brand counts add up to `total`.
   */
  quantidade: z.number().int().min(0),
});
export type Facet = z.output<typeof facet>;

/** A price range of the listing, with its 'ate' label ('Até R$ 50,00', 'R$ 50,00 até R$ 100,00'). */
export const priceRange = z.looseObject({
  /** The value to send back in `precos`, e.g. '50a100'. */
  codigo: z.string(),
  ate: z.string(),
  /** Lower bound in reais (inclusive). */
  minimo: moneyValue,
  /** Upper bound in reais (exclusive); null for the last, open range. */
  maximo: moneyValue.nullable(),
  /** Products in this range under the current filter, the chosen price range set aside. */
  quantidade: z.number().int().min(0),
});
export type PriceRange = z.output<typeof priceRange>;
