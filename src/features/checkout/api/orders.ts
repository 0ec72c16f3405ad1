import { callOperation } from '../../../api/client';
import {
  APP_0049,
  APP_0050,
  APP_0063,
  APP_0070,
  APP_0079,
  APP_0080,
  type OrderPayload,
} from '../../../api/orders';

// The order and payment calls of the checkout (spec §4 Pix and card flows).

/** APP_0070: the movement code kept as `movimento` before checkout. */
export async function getMovementCode(): Promise<string> {
  return (await callOperation(APP_0070)).codigo;
}

/** APP_0049: a fresh idempotency key for one checkout attempt (sent as `mov`). */
export async function getMovementValue(): Promise<string> {
  return (await callOperation(APP_0049)).mov;
}

/** APP_0050: creates the order (card: charged at once; 402 declined). */
export function createOrder(payload: OrderPayload) {
  return callOperation(APP_0050, { body: payload });
}

/** APP_0063: opens or gives back the Pix charge of an order; 201 with the payment id. */
export async function requestPixPayment(idmov: number): Promise<string> {
  const answer = await callOperation(APP_0063, { body: { idmov } });
  return answer.PaymentId ?? answer.resposta;
}

/** APP_0079: the QR code and copia-e-cola payload of a charge. */
export function getPixData(paymentId: string, idmov: number) {
  return callOperation(APP_0079, { body: { PaymentId: paymentId, idmov } });
}

/** APP_0080: true once paid. */
export async function isPixPaid(idmov: number, signal?: AbortSignal): Promise<boolean> {
  const answer = await callOperation(APP_0080, { query: { idmov }, signal });
  return answer.pago;
}
