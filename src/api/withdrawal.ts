import { z } from 'zod';
import { WITHDRAWAL_DAYS } from '../domain/withdrawal';
import { defineOperation } from './define';
import { databaseId, typedText } from './fields';

// The right of withdrawal (CDC art. 49, Decreto 7.962/2013 art. 5): an operation of ours, not in
// the retailer's contract. What APP_0053 says of it is `desistencia` (withdrawalState below).

export const WITHDRAWAL_REASON_MAX = 500;

/** How the goods of a dispatched order come back: collected at the address, or left at a store. */
export const returnMode = z.enum(['coleta', 'loja']);
export type ReturnMode = z.infer<typeof returnMode>;

/** APP_0053's `desistencia`: whether the shopper can still withdraw, and what was asked. */
export const withdrawalState = z.object({
  /** True while the button is shown. */
  disponivel: z.boolean(),
  /** 'cancelamento' before dispatch, 'devolucao' after: what a request would do. */
  tipo: z.enum(['cancelamento', 'devolucao']).nullable(),
  /** The last moment to withdraw (ISO 8601), once the order was received. */
  prazo: z.string().nullable(),
  /** When the button is gone: why, in pt-BR. */
  motivo: z.string().nullable(),
  /** Items made to the shopper's order (excluded from withdrawal), by name. */
  excluidos: z.array(z.string()),
  /**
   * What the withdrawal gives back (reais): everything paid, or the withdrawn lines' share when some
   * items are made to order; null when there is nothing to withdraw.
   */
  valor: z.number().nullable(),
  /** The request made, if any. */
  pedido: z
    .object({
      em: z.string(),
      tipo: z.enum(['cancelamento', 'devolucao']),
      /** The return: how the goods come back. */
      devolucao: z
        .object({
          modo: returnMode,
          loja: z.object({ id: z.number(), nome: z.string() }).nullable(),
          /** When the goods came back (ISO 8601); the money never waited for it. */
          recebidaEm: z.string().nullable(),
        })
        .nullable(),
    })
    .nullable(),
});
export type WithdrawalState = z.infer<typeof withdrawalState>;

/** The shopper's optional reason, as the order page and the counter take it. */
export const withdrawalReason = typedText(WITHDRAWAL_REASON_MAX, 'O motivo', true).optional();

/** What a withdrawal answers, the shopper's or the counter's: what was done, and the new state. */
export const withdrawalAnswer = z.object({ resposta: z.string(), desistencia: withdrawalState });

const withdrawalBody = z
  .object({
    pedido: databaseId('Pedido inválido.'),
    motivo: withdrawalReason,
    /** Dispatched orders only: how the goods come back ('loja' needs `loja`). */
    devolucao: z.object({ modo: returnMode, loja: z.number().int().optional() }).optional(),
  })
  .refine((body) => body.devolucao?.modo !== 'loja' || body.devolucao.loja !== undefined, {
    message: 'Escolha a loja onde vai deixar os produtos.',
    path: ['devolucao', 'loja'],
  });
/** What the shopper sends. */
export type WithdrawalPayload = z.input<typeof withdrawalBody>;
/** What the server reads: the reason trimmed and normalised. */
export type WithdrawalRequest = z.output<typeof withdrawalBody>;

export const withdrawalOperation = defineOperation({
  name: 'DESISTENCIA',
  method: 'POST',
  body: withdrawalBody,
  answer: withdrawalAnswer,
  doc: [
    `The shopper withdraws a purchase (CDC art. 49): before dispatch the order is cancelled; from`,
    `dispatch until ${WITHDRAWAL_DAYS} days after delivery or pickup a return is opened (collected at`,
    'the address, or left at a store). Either way everything paid, freight included, is given back',
    'at once through the provider that took it (card: authorization cancelled or capture refunded;',
    'Pix: devolucao), once. A second request answers the first. Session required (401); another',
    "customer's order answers 404 like a missing one. Past the deadline, or an order whose items are",
    'all made to order, 409 with the reason.',
  ].join(' '),
});
