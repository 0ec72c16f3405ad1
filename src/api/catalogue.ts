import { z } from 'zod';
import { LATEST_MAX, LISTING_PAGE_SIZE_MAX } from '../domain/catalogue-limits';
import { MAX_QUANTITY, MIN_QUANTITY } from '../domain/quantity';
import { LISTING_ORDERS } from '../domain/search-rules';
import { defineOperation, type AnswerOf } from './define';
import { hyphenCodes, hyphenIds, idValue, integer, text } from './fields';
import {
  lote,
  materialCalculator,
  paymentOption,
  productDetailItem,
  productImage,
  productSummary,
  facet,
  priceRange,
} from './products';

// The catalogue operations of the contract: search suggestions, best sellers, product detail,
// listing and search, and the stock check. Freight and the postal-code lookup are in freight.ts.
//
// Wire choices (the contract leaves them open):
// - Money (`preco`, `valorParcela`) is sent by our server as a number of reais with two decimals
//   (129.9). Answers also accept the DataSnap text form ('129,90', 'R$ 1.234,56') and every money
//   field is parsed to a number of reais, so screens never see a string.
// - Ids (`idprd`, `RowId`, lote and facet ids) are numbers; digit strings are accepted and converted.

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
  ordem: z.enum(LISTING_ORDERS, { error: 'ordem inválida' }).optional(),
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
  /** The price-options list (pix, boleto, cartão with parcelas, normal). */
  precos: z.array(paymentOption),
  /** Always empty on the detail call; present because the retailer's answer carries it. */
  agrupamento: z.array(z.unknown()).default([]),
  /** Ours: paint, mortar, grout and blocks carry their calculator's line and package sizes. */
  calculadora: materialCalculator.optional(),
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
  '(pix, boleto, cartão with parcelas 1x-10x, normal); an unknown code answers 404 with ' +
  '`resposta`. Listing: `ultimas=12` gives the newest products; otherwise `produto` (text), `grupo`, ' +
  '`subgrupo` (alias kiy = kit), `marca` and `cat` (hyphen-joined ids from `agrupamento`) and ' +
  '`precos` (hyphen-joined codes from `precos`) combine with AND (values inside one parameter with ' +
  'OR). Paging: `pagina` from 1, `por_pagina` 1-48 (default 24); the answer carries `total`. ' +
  '`precos` on the listing holds price ranges with their `ate` labels; on the detail call it holds ' +
  'payment options: the two readings of the contract, told apart by the presence of `codigo`. A ' +
  '`produto` that is a valid GTIN-13 lists that one product. Products carry ' +
  'their `gtin` (ours). The detail of a paint, mortar, grout or block carries `calculadora` (ours): ' +
  'its line in the table of yields and its package sizes on sale (`embalagens`: idprd, descricao, ' +
  'preco, conteudo in L, kg or units, codundvenda, estoque).';

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

export const stockOperation = defineOperation({
  name: 'APP_0034',
  method: 'GET',
  query: z.object({
    codigo: idValue,
    qtde: integer(MIN_QUANTITY, MAX_QUANTITY),
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
