import type { CardForm, RawCardForm } from '../../../api/place-order';
import { STATUS_CANCELLED } from '../../../domain/order-tracker';
import { updateOrderFlow } from '../../../storage/checkout-form';
import { readOrderFlow } from '../../../storage/stored-rows';
import type { CartLine, CheckoutFormData, PaymentMethod } from '../../../storage/db';
import { readSession, readSessionJson } from '../../../storage/session-keys';
import { submitOrder, getMovementValue } from '../api/orders';
import { sendChallengeAnswer, type ChallengeAnswer } from '../api/cards';
import { attemptSignature, buildOrderPayload, storedOrderPayload } from './checkout-rules';

export interface PlaceOrderInput {
  lines: readonly CartLine[];
  form: CheckoutFormData;
  tipo: PaymentMethod;
  card?: CardForm | RawCardForm;
  /**
   * Send the last submission's order again, whatever the cart holds now: after the issuer's 3-D
   * Secure page the order it confirmed is settled, not a new one started. A cart changed in another
   * tab meanwhile would otherwise get a new movement value, a new order with a spent card token, and
   * leave the confirmed payment without its order.
   */
  sameAttempt?: boolean;
  /** An answered quote's order (docs/quotes.md). */
  quoteId?: number | null;
}

/**
 * The movement value (APP_0049) of this attempt. It is the order's idempotency key, so a retry, a
 * reload or a second click of the same attempt sends the same one and gets the same order back; a
 * different cart, address, shipping or method gets a fresh one.
 */
async function movFor(signature: string): Promise<string> {
  const flow = await readOrderFlow();
  if (flow.mov && flow.movFor === signature) return flow.mov;
  const mov = await getMovementValue();
  await updateOrderFlow({ mov, movFor: signature });
  return mov;
}

async function submit({ lines, form, tipo, card, sameAttempt, quoteId = null }: PlaceOrderInput) {
  const flow = await readOrderFlow();
  const mov = (sameAttempt ? flow.mov : null) ?? (await movFor(attemptSignature(lines, form, tipo, quoteId)));
  const payload = buildOrderPayload({
    lines,
    form,
    customer: readSessionJson<Record<string, unknown> | null>('dados_cliente', null),
    movimento: flow.movimento ?? readSession('movimento'),
    mov,
    tipo,
    card,
    quoteId,
  });
  return { payload, created: await submitOrder(payload) };
}

/** The first steps of both payment methods: fetch the movement value, create the order. */
export async function placeOrder(input: PlaceOrderInput) {
  let { payload, created } = await submit(input);
  if (created.status === STATUS_CANCELLED) {
    // This attempt's order was replaced by a later one or expired unpaid: start a new attempt.
    await finishAttempt();
    ({ payload, created } = await submit(input));
  }
  await updateOrderFlow({ lastOrder: storedOrderPayload(payload, created.id) });
  return created;
}

/** Once paid, the attempt is over: the next purchase gets a new movement value. */
export async function finishAttempt(): Promise<void> {
  await updateOrderFlow({ mov: null, movFor: null });
}

/**
 * The issuer's challenge that the provider's script ran in the page ended: what the script gave goes
 * to the server (CARTAO_DESAFIO) for this attempt's order, which the server settles by asking the
 * provider, never by what the page says.
 */
export async function answerChallenge(answer: ChallengeAnswer) {
  const { mov } = await readOrderFlow();
  if (!mov) throw new Error('Nenhum pedido aguarda a confirmação do banco.');
  return sendChallengeAnswer(mov, answer);
}
