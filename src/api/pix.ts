import { z } from 'zod';
import { STATUS_AWAITING_PAYMENT } from '../domain/order-tracker';
import { defineOperation } from './define';
import { orderId } from './orders';

// The Pix payment of an order: its charge (APP_0063), BR Code (APP_0079) and state (APP_0080).

export const pixPaymentOperation = defineOperation({
  name: 'APP_0063',
  method: 'POST',
  body: z.looseObject({ idmov: orderId }),
  answer: z.object({ resposta: z.string(), PaymentId: z.string().optional() }),
  okStatus: 201,
  doc: [
    'Opens (or gives back) the Pix charge of order `idmov` (the APP_0050 id; the rest of the order',
    'payload may come along and is ignored). 201 {resposta: paymentId, PaymentId: paymentId}. A',
    'pending, unexpired charge is given back; an expired one is replaced. Order already paid, cancelled',
    "or not a Pix order: 409. Someone else's or a missing order: 404.",
  ].join(' '),
});

export const pixData = z.object({
  /** PNG image of the QR code (a URL of this server). */
  qrcodeurl: z.string(),
  /** The BR Code 'Pix copia e cola' text (EMV, CRC16 checked). */
  payload: z.string(),
  /** When the charge expires, ISO 8601. */
  expiraEm: z.string().optional(),
  /** Amount, reais (the order total with the 5% Pix discount). */
  valor: z.number().optional(),
  txid: z.string().optional(),
  resposta: z.string().optional(),
});
export type PixData = z.infer<typeof pixData>;

export const pixCodeOperation = defineOperation({
  name: 'APP_0079',
  method: 'POST',
  body: z.looseObject({ PaymentId: z.string().min(1).max(100), idmov: orderId.optional() }),
  answer: pixData,
  doc: [
    'The Pix data of charge `PaymentId` (APP_0063): 200 {qrcodeurl, payload, expiraEm, valor, txid}.',
    'The charge expires at expiraEm (PIX_EXPIRY_SECONDS, default 30 minutes); after that 410 and a new',
    "APP_0063 opens a new charge. Someone else's or a missing charge: 404.",
  ].join(' '),
});

export const PIX_PENDING_MESSAGE = STATUS_AWAITING_PAYMENT;
export const PIX_PAID_MESSAGE = 'Pagamento confirmado com sucesso!';
export const PIX_EXPIRED_MESSAGE = 'O PIX expirou sem pagamento. Gere um novo PIX para pagar.';

export const pixStatusAnswer = z.object({
  resposta: z.string(),
  /**
   * true only when paid. Our server answers 200 {pago: true} once paid and 202 {pago: false} while
   * waiting; the typed client accepts any 2xx, so check `pago`. A real DataSnap answers 200 only
   * when paid and sends no `pago`, hence the default.
   */
  pago: z.boolean().default(true),
  status: z.string().optional(),
  expiraEm: z.string().optional(),
});

export const pixStatusOperation = defineOperation({
  name: 'APP_0080',
  method: 'GET',
  query: z.object({ idmov: orderId }),
  answer: pixStatusAnswer,
  doc: [
    `Payment state of order idmov, polled every 10 s. Paid: 200 {resposta: '${PIX_PAID_MESSAGE}', pago: true}.`,
    `Waiting: 202 {resposta: '${PIX_PENDING_MESSAGE}', pago: false, expiraEm}. Charge expired: 410`,
    `'${PIX_EXPIRED_MESSAGE}'. Cancelled order: 409. Someone else's or a missing order: 404.`,
  ].join(' '),
});
