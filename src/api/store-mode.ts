import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '../domain/quantity';
import { idValue } from './fields';
import { defineOperation } from './define';

// Store mode: operations of ours, not the retailer's, beside APP_0099. Against the
// retailer's real DataSnap they do not exist (404) and the store simply has no staff features.
//
// Every LOJA_* operation answers only a paired tablet: its credential is an HttpOnly cookie set
// by LOJA_PAREAR and checked on the server at each call; the store comes from that credential,
// never from the request. Staff answers are `Cache-Control: no-store`.

export const PAIRING_CODE_LENGTH = 8;
/** Letters and digits a person cannot mix up when reading them off a terminal (no 0/O, 1/I/L). */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_MINUTES = 10;
export const HANDOFF_HOURS = 24;

export const NOT_PAIRED_MESSAGE = 'Este aparelho não está pareado a uma loja. Pareie-o em /loja.';
export const REVOKED_MESSAGE =
  'O pareamento deste tablet foi revogado. Peça um novo código e pareie-o em /loja.';
export const PAIRING_INVALID_MESSAGE =
  'Código de pareamento inválido, expirado ou já usado. Peça um novo com npm run store -- tablet:pair.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
export const HANDOFF_NOT_FOUND_MESSAGE =
  'Carrinho não encontrado. Confira o link ou peça um novo código ao vendedor.';
export const HANDOFF_USED_MESSAGE =
  'Este carrinho já foi aberto em outro aparelho. Peça um novo código ao vendedor.';
export const HANDOFF_EXPIRED_MESSAGE = `Este código de carrinho expirou (vale ${HANDOFF_HOURS} horas). Peça um novo ao vendedor.`;
export const HANDOFF_EMPTY_MESSAGE = 'O carrinho está vazio: adicione produtos antes de enviar.';

/** The hand-off short link: /carrinho/c/{codigo}. */
export const HANDOFF_CODE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const handoffPath = (codigo: string) => `/carrinho/c/${encodeURIComponent(codigo)}`;

/** What a person types: spaces and hyphens ignored, lower case accepted. */
export const pairingCode = z
  .string({ error: 'Informe o código de pareamento.' })
  .transform((text) => text.replace(/[\s-]/g, '').toUpperCase())
  .refine((code) => code.length > 0, 'Informe o código de pareamento.')
  .refine(
    (code) => code.length === PAIRING_CODE_LENGTH,
    `O código de pareamento tem ${PAIRING_CODE_LENGTH} caracteres.`,
  );

const storeRef = z.object({ id: z.number().int(), nome: z.string() });

export const tabletAnswer = z.object({
  resposta: z.string().optional(),
  loja: storeRef,
  tablet: z.object({ id: z.number().int() }),
});
export type TabletAnswer = z.output<typeof tabletAnswer>;

export const pairTabletOperation = defineOperation({
  name: 'LOJA_PAREAR',
  method: 'POST',
  body: z.object({ codigo: pairingCode }),
  answer: tabletAnswer,
  doc: [
    "Pairs this browser to a store with the one-time code printed by 'npm run store -- tablet:pair",
    `--loja N' (${PAIRING_CODE_LENGTH} characters, ${PAIRING_CODE_MINUTES} minutes, single use). 200`,
    '{resposta, loja:{id,nome}, tablet:{id}} and sets the tablet credential: an HttpOnly cookie of',
    "a year, revocable with 'tablet:revoke <id>'. A wrong, used or expired code: 401. Attempts are",
    'limited per address (429).',
  ].join(' '),
});

export const tabletStatusOperation = defineOperation({
  name: 'LOJA_TABLET',
  method: 'GET',
  answer: tabletAnswer,
  doc: 'The paired tablet and its store (for the header), or 401 when this browser is not paired or its pairing was revoked.',
});

export const storeLoteStock = z.object({
  idlote: z.number().int(),
  lote: z.string(),
  estoque: z.number().int(),
});

const storeStockEntry = z.object({
  id: z.number().int(),
  nome: z.string(),
  /** Units in this store (boxes for m² items); for lotes, their sum. */
  estoque: z.number().int(),
  lotes: z.array(storeLoteStock),
});

export const storeStockOperation = defineOperation({
  name: 'LOJA_ESTOQUE',
  method: 'GET',
  query: z.object({ codigo: idValue }),
  answer: z.object({
    idprd: z.number().int(),
    multiploprdvenda: z.number().nullable(),
    codundvenda: z.string(),
    /** The tablet's store first, then the others in their usual order. */
    lojas: z.array(storeStockEntry),
    /** Units in the online warehouse (what the site sells for delivery). */
    online: z.number().int(),
    /** When these figures were read (ISO 8601). */
    atualizado: z.string(),
  }),
  doc: 'Stock of one product per store (boxes for m² items, per lote for tiles) and in the online warehouse. Paired tablets only (401 otherwise); 404 for an unknown product.',
});

export const storeCatalogueStockOperation = defineOperation({
  name: 'LOJA_ESTOQUE_CATALOGO',
  method: 'GET',
  answer: z.object({
    atualizado: z.string(),
    /** The stores, in the order of each product's figures. */
    lojas: z.array(storeRef),
    /** idprd -> units per store, in the order of `lojas`. */
    estoque: z.record(z.string(), z.array(z.number().int())),
  }),
  doc: 'Stock per store of every active product, for the catalogue a tablet downloads to work offline. Paired tablets only.',
});

export const handoffLineInput = z.object({
  id: idValue,
  quantity: z.coerce.number().int().min(MIN_QUANTITY).max(MAX_QUANTITY),
  /** The lote chosen on the tablet: its id, or the lote object of APP_0027. */
  selectedLote: z
    .union([idValue, z.looseObject({ idlote: idValue }).transform((lote) => lote.idlote), z.null()])
    .optional(),
});

/** A cart's lines handed from one device to another (either way): 1 to 100 of them. */
export const handoffLinesBody = z.object({
  produtos: z.array(handoffLineInput).min(1, HANDOFF_EMPTY_MESSAGE).max(100, 'No máximo 100 itens.'),
});

/** A hand-off's code, the path that opens it on the other device, and when it expires. */
export const handoffCodeAnswer = z.object({ codigo: z.string(), caminho: z.string(), expira: z.string() });

export const handOffCartOperation = defineOperation({
  name: 'LOJA_REPASSE',
  method: 'POST',
  body: handoffLinesBody,
  /** caminho: the short link's path, /carrinho/c/{codigo}. */
  answer: handoffCodeAnswer,
  doc: [
    "'Enviar para o celular do cliente': keeps a snapshot of the cart's lines (product, quantity,",
    `lote; nothing personal) under a random code of 96 bits, valid ${HANDOFF_HOURS} hours and`,
    'single use, and answers the code and its short link. Paired tablets only (401).',
  ].join(' '),
});

export const handoffProduct = z.looseObject({
  idprd: z.number().int(),
  descricao: z.string(),
  preco: z.number(),
  multiploprdvenda: z.number().nullable(),
  codundvenda: z.string(),
  quantity: z.number().int(),
  /** The lote chosen on the tablet, as APP_0027 lists it. */
  selectedLote: z
    .object({ idlote: z.number().int(), idprd: z.number().int(), lote: z.string(), estoque: z.number() })
    .nullable(),
  lotes: z.array(z.unknown()),
  /** Units available online now (boxes for m² items; the lote's when one is chosen). */
  disponivel: z.number().int(),
});
export type HandoffProduct = z.output<typeof handoffProduct>;

export const receiveHandOffOperation = defineOperation({
  name: 'CARRINHO_REPASSE',
  method: 'POST',
  body: z.object({
    codigo: z
      .string({ error: HANDOFF_NOT_FOUND_MESSAGE })
      .regex(HANDOFF_CODE_PATTERN, HANDOFF_NOT_FOUND_MESSAGE),
  }),
  answer: z.object({ loja: storeRef, produtos: z.array(handoffProduct) }),
  doc: [
    "Opens a hand-off code on the shopper's phone (no session or pairing needed): answers the lines",
    'with current prices and online stock (`disponivel`) and spends the code. POST because it',
    'spends it (a link preview must not). Unknown code: 404; used or expired: 410 with the reason',
    'in pt-BR; lookups limited per address (429). The order later placed from this browser records',
    'the store that handed the cart (an HttpOnly cookie, 24 hours).',
  ].join(' '),
});
