import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '../domain/quantity';
import { defineOperation, type AnswerOf } from './define';
import { cepValue, FIELD_MESSAGES, idValue, integer, moneyInput, moneyValue, text } from './fields';

// Freight for a CEP or an address (APP_0031, APP_0030) and the ViaCEP-compatible postal-code lookup.

/** A shipping option: price in reais (0 = 'Grátis'), delivery_time in days. */
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

const BODY_ERROR = 'esperado um objeto JSON';

/** A cart line sent for freight: an id, or an object with the id and the quantity. */
const quantity = integer(MIN_QUANTITY, MAX_QUANTITY);
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
        .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, FIELD_MESSAGES.list)
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
    'shipping options: 100 motoboy same day (store city; only on business days up to its 18:00 cut-off), 101/102 two business days (store city), ' +
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
