import { callOperation } from '../../../api/client';
import {
  movementValueOperation,
  placeOrderOperation,
  movementCodeOperation,
  type OrderPayload,
} from '../../../api/place-order';

// The order and payment calls of the checkout's Pix and card flows.

/** APP_0070: the movement code kept as `movimento` before checkout. */
export async function getMovementCode(): Promise<string> {
  return (await callOperation(movementCodeOperation)).codigo;
}

/** APP_0049: a fresh idempotency key for one checkout attempt (sent as `mov`). */
export async function getMovementValue(): Promise<string> {
  return (await callOperation(movementValueOperation)).mov;
}

/** APP_0050: creates the order (card: charged at once; 402 declined). */
export function submitOrder(payload: OrderPayload) {
  return callOperation(placeOrderOperation, { body: payload });
}
