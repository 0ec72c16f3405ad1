import { z } from 'zod';
import { LATEST_MAX, LISTING_PAGE_SIZE_MAX } from '../domain/catalogue-limits';
import { parseMoney } from '../domain/money';
import { defineOperation, type AnswerOf } from './define';

// The catalogue half of the contract (spec §7): search suggestions, best sellers, product detail,
// listing and search, stock check, freight, and the ViaCEP-compatible postal-code lookup.
//
// Wire choices (the spec leaves them open):
// - Money (`preco`, `valorParcela`, shipping `price`) is sent by our server as a number of reais with
//   two decimals (129.9). Answers also accept the DataSnap text form ('129,90', 'R$ 1.234,56') and
//   every money field is parsed to a number of reais, so screens never see a string.
// - Ids (`idprd`, `RowId`, lote and facet ids) are numbers; digit strings are accepted and converted.
// - Query values arrive as raw strings; numbers are coerced here, so an oversized or non-numeric
//   value is a 400 with a pt-BR `resposta` before any handler runs.

// ---------------------------------------------------------------------------------------------
// Field helpers

const MSG = {
  integer: 'deve ser um número inteiro',
  tooLong: (max: number) => `no máximo ${max} caracteres`,
  list: 'lista inválida',
};

/**
 * Raw text with a bound: oversized input is a 400. Control characters are refused too: PostgreSQL
 * rejects a NUL in text, which would otherwise surface as a 500.
 */
const text = (max: number) =>
  z
    .string({ error: 'texto inválido' })
    .trim()
    .max(max, MSG.tooLong(max))
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'caracteres inválidos');

/** An integer from a query string or JSON, bounded. */
const integer = (min: number, max: number) =>
  z
    .union(
      [
        z.number({ error: MSG.integer }),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,12}$/, MSG.integer),
      ],
      { error: MSG.integer },
    )
    .transform(Number)
    .pipe(
      z.number().int(MSG.integer).min(min, `deve ser no mínimo ${min}`).max(max, `deve ser no máximo ${max}`),
    );

/** A positive database id (idprd, lote, brand, subcategory). */
export const idValue = integer(1, 2_147_483_647);

/** Money as the contract carries it (the one money schema: orders.ts uses it too): number of reais, or the DataSnap text form ('129,90', 'R$ 1.234,56'). */
export const moneyValue = z.union([z.number(), z.string().max(40)]).transform((value) => parseMoney(value));

export const CEP_INVALID = 'CEP inválido';
export const CEP_REQUIRED = 'CEP é obrigatório';

const eightDigits = z
  .string()
  .min(1, { error: CEP_REQUIRED, abort: true })
  .regex(/^\d{8}$/, CEP_INVALID);

/** A CEP as typed in a form (the checkout's address form uses it): '01310-100' or '01310100'; normalised to 8 digits. */
export const cepText = z
  .string({ error: (issue) => (issue.input === undefined ? CEP_REQUIRED : CEP_INVALID) })
  .max(12, CEP_INVALID)
  .transform((value) => value.replace(/[\s.-]/g, ''))
  .pipe(eightDigits);

/** A CEP on the wire (the one CEP schema: orders.ts uses it too): the text of `cepText`, or a number (01310100 sent as 1310100). */
export const cepValue = z.preprocess(
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 99_999_999
      ? String(value).padStart(8, '0')
      : value,
  cepText,
);

/** Money in a request (total_compra): accepted and bounded, but the server always recomputes it. */
const moneyInput = z.union(
  [z.number().min(0, 'valor inválido').max(100_000_000, 'valor inválido'), z.string().max(30)],
  {
    error: 'valor inválido',
  },
);

/** Hyphen-joined ids (spec: `marca`, `cat` take several values joined by '-'): '3-7-12'. */
const hyphenIds = z
  .string()
  .trim()
  .max(200, MSG.tooLong(200))
  .regex(/^\d{1,9}(-\d{1,9}){0,29}$/, MSG.list)
  .transform((value) => value.split('-').map(Number));

/** Hyphen-joined price-range codes, as `precos[].codigo` gives them: '50a100' or '0a50-50a100'. */
const hyphenCodes = z
  .string()
  .trim()
  .max(120, MSG.tooLong(120))
  .regex(/^[a-z0-9]{1,20}(-[a-z0-9]{1,20}){0,9}$/, MSG.list)
  .transform((value) => value.split('-'));

// ---------------------------------------------------------------------------------------------
// Answer pieces

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
  /** Category route segment (spec §2 spelling), e.g. 'banheiro', 'Acessorios para Pintura'. */
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

/** One card instalment row as spec §3 gives it. */
export const wireInstallment = z.looseObject({
  id: z.number().int(),
  nParcelas: z.union([z.literal('à vista'), z.number().int()]),
  valorParcela: moneyValue,
  descricao: z.string(),
});

/**
 * One entry of the detail call's price-options list, in spec §3 order: 0 pix (nParcelas 1,
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

/** A shipping option (spec §3): price in reais (0 = 'Grátis'), delivery_time in days. */
export const shippingOption = z.looseObject({
  id: z.union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
  ]),
  name: z.string(),
  delivery_time: z.union([z.number(), z.string().max(10).transform(Number)]),
  price: moneyValue,
  company: z.looseObject({ picture: z.string(), name: z.string() }),
  /** Pickup (103) on our server: the stores that hold the whole cart (store mode). */
  lojas: z.array(z.object({ id: z.number().int(), nome: z.string() })).optional(),
});
export type ShippingOption = z.output<typeof shippingOption>;

// ---------------------------------------------------------------------------------------------
// Operations

export const suggestionsOperation = defineOperation({
  name: 'APP_0028',
  method: 'GET',
  query: z.object({ produto: text(100).default('') }),
  answer: z.looseObject({
    sugestao: z.array(z.looseObject({ descricao: z.string(), RowId: z.union([z.number(), z.string()]) })),
    produtos: z.array(
      z.looseObject({
        descricao: z.string(),
        RowId: z.union([z.number(), z.string()]),
        idprd: idValue,
        /** GTIN-13, when known (ours): a typed code opens its product. */
        gtin: z.string().nullable().optional(),
      }),
    ),
  }),
  doc:
    'Search suggestions for the header box. Fewer than 2 characters answers two empty lists. At most ' +
    '5 `sugestao` (search terms) and 5 `produtos` (product hits), matched by word prefix ignoring case ' +
    'and accents; when the prefix finds nothing, a one-typo tolerant match is tried ("porcelanto" ' +
    'finds porcelanato). RowId is the 1-based row number in its list. A valid GTIN-13 or a reference ' +
    '(idprd) puts that product first in `produtos` (with its `gtin`), so a scanner finds it.',
});
export type SuggestionsAnswer = AnswerOf<typeof suggestionsOperation>;

export const bestSellersOperation = defineOperation({
  name: 'APP_0041',
  method: 'GET',
  answer: z.looseObject({ produtos: z.array(productSummary) }),
  doc:
    'Best sellers by units sold, most sold first: the top 48 (four pages of the 12-card grid, paged ' +
    'on the client). Products out of stock are left out. A failure is shown as an empty list.',
});

const listingQueryFields = {
  /** Latest products (newest first), e.g. ultimas=12; the other filters are ignored with it. */
  ultimas: integer(1, LATEST_MAX).optional(),
  /** Search text (the search results route); every word must match, ignoring case and accents. */
  produto: text(100).optional(),
  /** Category route segment, e.g. 'banheiro' or 'Acessorios para Pintura'. */
  grupo: text(60).optional(),
  /** Subcategory route segment, e.g. 'chuveiros'; the mobile alias 'kiy' means 'kit'. */
  subgrupo: text(60).optional(),
  /** Brand ids (agrupamento tipo 'marca'), hyphen-joined: '3-7'. */
  marca: hyphenIds.optional(),
  /** Subcategory ids (agrupamento tipo 'cat'), hyphen-joined: '12-14'. */
  cat: hyphenIds.optional(),
  /** Price-range codes (precos[].codigo), hyphen-joined; the screen sends one. */
  precos: hyphenCodes.optional(),
  /** Page number, from 1. */
  pagina: integer(1, 10_000).optional(),
  /** Page size, 1 to 48 (default 24). */
  por_pagina: integer(1, LISTING_PAGE_SIZE_MAX).optional(),
  /** Order: 'relevancia' (default; best sellers first), 'menor_preco', 'maior_preco', 'nome'. */
  ordem: z.enum(['relevancia', 'menor_preco', 'maior_preco', 'nome'], { error: 'ordem inválida' }).optional(),
};

const detailQueryFields = {
  /** Product id (idprd). */
  codigo: idValue,
};

export const productDetailAnswer = z.looseObject({
  /** One product. */
  produtos: z.array(productDetailItem),
  lotes: z.array(lote),
  imagens: z.array(productImage),
  /** The price-options list of spec §3 (pix, boleto, cartão with parcelas, normal). */
  precos: z.array(paymentOption),
  /** Always empty on the detail call; present because the retailer's answer carries it. */
  agrupamento: z.array(z.unknown()).default([]),
});
export type ProductDetailAnswer = z.output<typeof productDetailAnswer>;

export const productListingAnswer = z
  .looseObject({
    produtos: z.array(productSummary),
    /**
     * Brand facets then subcategory facets (those with products, and the chosen ones even at 0 so
     * they can be unticked), counted as `facet.quantidade` says.
     */
    agrupamento: z.array(facet).default([]),
    /** Price ranges with their 'ate' labels and counts for the current filter (empty ranges left out). */
    precos: z.array(priceRange).default([]),
    /** Products matching the filter, over all pages. */
    total: z.number().int().min(0).optional(),
    pagina: z.number().int().min(1).optional(),
    por_pagina: z.number().int().min(1).optional(),
  })
  .transform((answer) => ({
    ...answer,
    total: answer.total ?? answer.produtos.length,
    pagina: answer.pagina ?? 1,
    por_pagina: answer.por_pagina ?? Math.max(answer.produtos.length, 1),
  }));
export type ProductListingAnswer = z.output<typeof productListingAnswer>;

const APP_0027_DOC =
  'Product detail (with `codigo`) or listing and search (without). Detail: `produtos` holds the one ' +
  'product, `lotes` its batches with stock, `imagens` its images, `precos` the price-options list of ' +
  'spec §3 (pix, boleto, cartão with parcelas 1x-10x, normal); an unknown code answers 404 with ' +
  '`resposta`. Listing: `ultimas=12` gives the newest products; otherwise `produto` (text), `grupo`, ' +
  '`subgrupo` (alias kiy = kit), `marca` and `cat` (hyphen-joined ids from `agrupamento`) and ' +
  '`precos` (hyphen-joined codes from `precos`) combine with AND (values inside one parameter with ' +
  'OR). Paging: `pagina` from 1, `por_pagina` 1-48 (default 24); the answer carries `total`. ' +
  '`precos` on the listing holds price ranges with their `ate` labels; on the detail call it holds ' +
  'payment options: the two readings of the spec, told apart by the presence of `codigo`. A ' +
  '`produto` that is a valid GTIN-13 lists that one product. Products carry ' +
  'their `gtin` (ours).';

/** Product detail: APP_0027 with `codigo`. */
export const productDetailOperation = defineOperation({
  name: 'APP_0027',
  method: 'GET',
  query: z.object(detailQueryFields),
  answer: productDetailAnswer,
  doc: APP_0027_DOC,
});

/** Listing and search: APP_0027 without `codigo`. */
export const productListingOperation = defineOperation({
  name: 'APP_0027',
  method: 'GET',
  query: z.object(listingQueryFields),
  answer: productListingAnswer,
  doc: APP_0027_DOC,
});

/** The single route the server serves for both readings of APP_0027. */
export const productsOperation = defineOperation({
  name: 'APP_0027',
  method: 'GET',
  query: z.object({ ...listingQueryFields, codigo: idValue.optional() }),
  answer: z.union([productDetailAnswer, productListingAnswer]),
  doc: APP_0027_DOC,
});

export const QUANTITY_MAX = 9999;

export const stockOperation = defineOperation({
  name: 'APP_0034',
  method: 'GET',
  query: z.object({
    codigo: idValue,
    qtde: integer(1, QUANTITY_MAX),
    /** Optional lote id: check that batch alone (tiles must come from one shade). */
    lote: idValue.optional(),
  }),
  answer: z.looseObject({ resposta: z.string(), disponivel: z.number().optional() }),
  doc:
    'Stock check before the cart adds one. 200 when `qtde` units (boxes for m² items) are available; ' +
    '406 with `resposta` "Quantidade indisponível em estoque. Disponível: N" and `disponivel` when ' +
    'not; 404 for an unknown product or lote.',
});
export type StockAnswer = AnswerOf<typeof stockOperation>;

const BODY_ERROR = 'esperado um objeto JSON';

/** A cart line sent for freight: an id, or an object with the id and the quantity. */
const quantity = integer(1, QUANTITY_MAX);
const freightItem = z.union(
  [
    idValue.transform((idprd) => ({ idprd, quantity: 1 })),
    z
      .looseObject({
        id: idValue.optional(),
        idprd: idValue.optional(),
        codigo: idValue.optional(),
        quantity: quantity.optional(),
        quantidade: quantity.optional(),
        qtde: quantity.optional(),
      })
      .transform((line) => ({
        idprd: line.idprd ?? line.id ?? line.codigo,
        quantity: line.quantity ?? line.quantidade ?? line.qtde ?? 1,
      }))
      .refine((line) => line.idprd !== undefined, 'informe o id do produto'),
  ],
  { error: 'produto inválido' },
);

/** `ids`: a list of ids or cart lines ({id, quantity}), or comma-joined ids; 1 to 100 entries. */
const freightItems = z
  .union(
    [
      z.array(freightItem).min(1, 'informe ao menos um produto').max(100, 'no máximo 100 produtos'),
      z
        .string()
        .max(1000)
        .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, MSG.list)
        .transform((value) => value.split(',').map((id) => ({ idprd: Number(id), quantity: 1 }))),
    ],
    { error: 'lista de produtos inválida' },
  )
  .transform((lines) => lines as { idprd: number; quantity: number }[]);

export const freightByCepOperation = defineOperation({
  name: 'APP_0031',
  method: 'POST',
  body: z.looseObject(
    { cep: cepValue, ids: freightItems, total_compra: moneyInput.optional() },
    { error: BODY_ERROR },
  ),
  answer: z.array(shippingOption),
  doc:
    'Freight for a CEP and cart lines (`ids`: ids or {id, quantity}; a bare id counts 1). Answers the ' +
    'shipping options: 100 motoboy same day (store city), 101/102 two business days (store city), ' +
    '103 pickup at a store (free, store city; offered only when one of the five stores holds the whole ' +
    'cart, named in `lojas`), carriers elsewhere; `price` in reais, 0 = Grátis. ' +
    'The order total is recomputed from the database (`total_compra` is not trusted). 404 with ' +
    '`resposta` where the store does not deliver; 400 for a malformed CEP.',
});

export const freightByAddressOperation = defineOperation({
  name: 'APP_0030',
  method: 'POST',
  body: z.looseObject(
    {
      cep: cepValue,
      street: text(120).optional(),
      number: text(20).optional(),
      complement: text(120).optional(),
      bairro: text(80).optional(),
      cidade: text(80).optional(),
      uf: text(2).optional(),
      ids: freightItems,
      total_compra: moneyInput.optional(),
    },
    { error: BODY_ERROR },
  ),
  answer: z.array(shippingOption),
  doc:
    'Freight for the checkout address (cep, street, number, complement, bairro, cidade, uf) and cart ' +
    'lines: same options and rules as APP_0031, the CEP deciding; errors carry `resposta`.',
});
export type FreightAnswer = AnswerOf<typeof freightByCepOperation>;

// ---------------------------------------------------------------------------------------------
// Postal-code lookup (ViaCEP compatible, not a DataSnap operation)

/** Path of the lookup under its host: GET {host}/ws/{cep}/json/. */
export const cepLookupPath = (cep: string) => `/ws/${encodeURIComponent(cep)}/json/`;

/** ViaCEP's answer; an unknown CEP answers only {"erro": true} (ViaCEP also sends "true"). */
export const cepLookupAnswer = z.looseObject({
  cep: z.string().optional(),
  logradouro: z.string().default(''),
  complemento: z.string().default(''),
  bairro: z.string().default(''),
  localidade: z.string().default(''),
  uf: z.string().default(''),
  erro: z
    .union([z.boolean(), z.literal('true'), z.literal('false')])
    .optional()
    .transform((value) => value === true || value === 'true'),
});
export type CepLookupAnswer = z.output<typeof cepLookupAnswer>;
