import { z } from 'zod';
import { defineOperation } from './define';
import { idValue } from './fields';
import { withdrawalState } from './withdrawal';

// The pickup counter of a paired tablet (signed-in staff only): the store's paid pickup orders and
// their steps 'Separar' -> 'Pronto para retirada' -> 'Retirado'. A step is made once: repeating it
// (a queued step sent again, another tablet that got there first) answers what was already done.

export const PICKUP_STEPS = ['separar', 'pronto', 'retirado'] as const;
export type PickupStep = (typeof PICKUP_STEPS)[number];

export const PICKUP_DOCUMENT_DIGITS = 4;
export const PICKUP_WRONG_DOCUMENT_MESSAGE =
  'O número do pedido ou os últimos dígitos do CPF/CNPJ não conferem.';
export const PICKUP_NOT_READY_MESSAGE = "Marque o pedido como 'Pronto para retirada' antes de entregá-lo.";
export const PICKUP_NOT_FOUND_MESSAGE = 'Pedido de retirada não encontrado nesta loja.';

const stepDone = z.object({ em: z.string(), por: z.string().nullable() }).nullable();

export const pickupOrder = z.object({
  id: z.number().int(),
  cliente: z.string(),
  pagoEm: z.string(),
  itens: z.array(
    z.object({ nome: z.string(), quantidade: z.number().int(), unidade: z.string().nullable() }),
  ),
  separacao: stepDone,
  pronto: stepDone,
  retirado: stepDone,
});
export type PickupOrder = z.output<typeof pickupOrder>;

export const pickupListOperation = defineOperation({
  name: 'LOJA_RETIRADAS',
  method: 'GET',
  answer: z.object({ pedidos: z.array(pickupOrder) }),
  doc: "The paid pickup orders of the tablet's store not yet picked up, oldest payment first, with the customer's name and the lines. Signed-in staff only (401).",
});

export const pickupStepOperation = defineOperation({
  name: 'LOJA_RETIRADA_PASSO',
  method: 'POST',
  body: z.object({
    pedido: idValue,
    passo: z.enum(PICKUP_STEPS, { error: 'Passo inválido.' }),
    /** 'retirado' only: the last digits of the customer's CPF/CNPJ. */
    documento: z
      .string()
      .transform((text) => text.replace(/[^0-9A-Za-z]/g, '').toUpperCase())
      .optional(),
  }),
  answer: z.object({ resposta: z.string(), jaFeito: z.boolean(), pedido: pickupOrder }),
  doc: [
    "A step of the pickup counter, recorded with the signed-in seller and the time; 'pronto' and",
    "'retirado' are order events (ready_for_pickup, picked_up). 'retirado' needs 'pronto' first (409)",
    `and the last ${PICKUP_DOCUMENT_DIGITS} characters of the customer's CPF/CNPJ (400 when they differ).`,
    'A step already made answers 200 with jaFeito true and who made it. 404 for an order that is',
    'not a paid pickup of this store.',
  ].join(' '),
});

export const ORDER_LOOKUP_NOT_FOUND_MESSAGE = 'Nenhum pedido com este número e este CPF/CNPJ.';

/** The customer's full CPF/CNPJ as the seller types it at the counter (look-up, withdrawal). */
export const customerDocument = z
  .string({ error: 'Informe o CPF/CNPJ do cliente.' })
  .transform((text) => text.replace(/[^0-9A-Za-z]/g, '').toUpperCase())
  .refine((text) => text.length === 11 || text.length === 14, 'Informe o CPF (11 dígitos) ou o CNPJ (14).');

export const orderLookupOperation = defineOperation({
  name: 'LOJA_PEDIDO',
  method: 'GET',
  query: z.object({
    pedido: idValue,
    documento: customerDocument,
  }),
  answer: z.object({
    id: z.number().int(),
    status: z.string(),
    criadoEm: z.string(),
    /** The pickup store's name, or null for a delivery. */
    retiradaEm: z.string().nullable(),
    etapas: z.array(z.object({ label: z.string(), done: z.boolean(), current: z.boolean() })),
    separacao: z.object({ em: z.string(), por: z.string().nullable() }).nullable(),
    pronto: z.object({ em: z.string(), por: z.string().nullable() }).nullable(),
    retirado: z.object({ em: z.string(), por: z.string().nullable() }).nullable(),
    /** Whether the customer can withdraw the purchase now (LOJA_DESISTENCIA), as the order page says. */
    desistencia: withdrawalState,
  }),
  doc: [
    "Order look-up at the counter: the order's status, tracker and pickup steps when its number and",
    "the customer's full CPF/CNPJ match (404 otherwise, the same answer whichever is wrong), and",
    'nothing else of the customer. Signed-in staff only (401); 20 look-ups per employee in 15 minutes.',
  ].join(' '),
});
