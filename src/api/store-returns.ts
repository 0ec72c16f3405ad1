import { z } from 'zod';
import { defineOperation } from './define';
import { idValue } from './fields';
import { customerDocument } from './store-pickup';
import { withdrawalAnswer, withdrawalReason } from './withdrawal';

// Withdrawals at the pickup counter of a paired tablet (signed-in staff only; the store and the
// seller always come from the tablet and its staff session): a seller withdraws a purchase for the
// customer in front of them, sees the returns left at this store and marks them received.

export const RETURN_NOT_FOUND_MESSAGE = 'Devolução não encontrada nesta loja.';

export const returnStatus = z.enum(['aberta', 'recebida']);

/** A return as staff see it, at the counter and in `npm run store -- order:returns`. */
export const storeReturn = z.object({
  pedido: z.number().int(),
  cliente: z.string(),
  status: returnStatus,
  /** 'coleta em Rua ..., 10 - Campinas' or 'entrega na Loja ...'. */
  como: z.string(),
  motivo: z.string().nullable(),
  /** Given back (centavos): everything paid, or the withdrawn lines' share. */
  valorCentavos: z.number().int(),
  /** Made-to-order items the customer keeps (not to be received), by name. */
  excluidos: z.array(z.string()),
  solicitadaEm: z.string(),
  /** When and by whom the goods were received (por null: staff through the CLI). */
  recebida: z.object({ em: z.string(), por: z.string().nullable() }).nullable(),
});
export type StoreReturn = z.output<typeof storeReturn>;

const counterWithdrawalBody = z.object({
  pedido: idValue,
  documento: customerDocument,
  motivo: withdrawalReason,
});
/** What the counter sends. */
export type CounterWithdrawalPayload = z.input<typeof counterWithdrawalBody>;

export const counterWithdrawalOperation = defineOperation({
  name: 'LOJA_DESISTENCIA',
  method: 'POST',
  body: counterWithdrawalBody,
  answer: withdrawalAnswer,
  doc: [
    "A seller withdraws a purchase for the customer at the counter (CDC art. 49): the order's number",
    "and the customer's full CPF/CNPJ (404 whichever is wrong, like LOJA_PEDIDO). The same rules and",
    "refund as DESISTENCIA; a return is left at the tablet's store, and the receipt event names the",
    'seller. Signed-in staff only (401); counts in the look-up limit (20 per seller in 15 minutes).',
  ].join(' '),
});

export const counterReturnsOperation = defineOperation({
  name: 'LOJA_DEVOLUCOES',
  method: 'GET',
  answer: z.object({ devolucoes: z.array(storeReturn) }),
  doc: "The returns left at the tablet's store: the open ones first, then those received in the last 7 days. Signed-in staff only (401).",
});

export const returnReceivedOperation = defineOperation({
  name: 'LOJA_DEVOLUCAO_RECEBIDA',
  method: 'POST',
  body: z.object({ pedido: idValue }),
  answer: z.object({ resposta: z.string(), jaFeito: z.boolean(), devolucao: storeReturn }),
  doc: [
    "The goods of a return left at the tablet's store are back, recorded with the seller and the time,",
    'once (a second time answers jaFeito and who did it). The money went back at the request and',
    'does not wait for this. 404 for a return that is not of this store.',
  ].join(' '),
});
