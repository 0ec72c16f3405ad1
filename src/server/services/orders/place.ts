import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { cardForm } from '../../../api/place-order';
import type { Db } from '../../db/client';
import { checkoutKeys, orderItems, orders } from '../../db/schema';
import type { CardContext } from '../payments/cards/attempts';
import { refuse } from '../domain-error';
import { supersedePendingOrders } from './cancel';
import { orderByMov, type OrderRow } from './order-rows';
import { isProcessingCard, placedState } from './order-status';
import { chargeReservation, resumeReservation, STILL_CHARGING_MESSAGE } from './card-checkout';
import { compareFigures, computeFigures, type OrderPayload, type ServerFigures } from './quote';
import { reserveOrderStock } from './stock-reservation';
import { quoteOrder, type QuoteOrder } from '../price-quotes/convert';

// Placing an order (APP_0049 keys, APP_0050 creation): the order row is the stock reservation. A
// Pix order waits for its payment as it is; a card order is charged after the reservation commits,
// so no stock row stays locked while the provider answers (card-checkout.ts).

export const ONLINE_SALE_MOVEMENT = 'VENDA_ONLINE';

const INVALID_CHECKOUT_MESSAGE =
  'Esta compra não pode mais ser finalizada com estes dados. Recarregue a página do checkout e tente novamente.';

/** How often a repeated submission looks again at an order whose card is being charged. */
const CHARGE_POLL_MS = 50;

/** A fresh checkout key for the customer: 128 random bits. */
export async function issueCheckoutKey(db: Db, customerId: number): Promise<string> {
  // Keys that never became an order are forgotten after a day, so asking for keys in a loop
  // cannot fill the table.
  await db.execute(
    sql`DELETE FROM checkout_keys k WHERE k.customer_id = ${customerId} AND k.created_at < now() - interval '1 day'
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.mov = k.mov)
        AND NOT EXISTS (SELECT 1 FROM card_payments p WHERE p.mov = k.mov)`,
  );
  const mov = randomBytes(16).toString('hex');
  await db.insert(checkoutKeys).values({ mov, customerId });
  return mov;
}

export interface CreatedOrder {
  order: OrderRow;
  created: boolean;
}

/** What a placement may add to the order row: the store, tablet and seller credited with the sale. */
export type OrderExtras = Partial<
  Pick<typeof orders.$inferInsert, 'saleStoreId' | 'saleTabletId' | 'saleChannel' | 'saleStaffId'>
>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The order of this checkout key once it is settled: a card still being charged by another
 * submission of the same checkout is waited for, and its outcome is this submission's answer too
 * (the card is not charged again); a reservation whose attempt waits for the provider or the shopper
 * (a 3-D Secure challenge, a review) is read back and answered. Undefined when there is no order.
 */
async function settledOrder(
  db: Db,
  cards: CardContext,
  mov: string,
  seenCharging = false,
): Promise<OrderRow | undefined> {
  let waited = seenCharging;
  for (;;) {
    const order = await orderByMov(db, mov);
    if (!order || !isProcessingCard(order)) {
      if (!order && waited) {
        const [key] = await db.select().from(checkoutKeys).where(eq(checkoutKeys.mov, mov)).limit(1);
        throw refuse('payment-declined', key?.declinedReason ?? STILL_CHARGING_MESSAGE);
      }
      return order;
    }
    const resumed = await resumeReservation(cards, order);
    if (resumed) return resumed;
    waited = true;
    await sleep(CHARGE_POLL_MS);
  }
}

/**
 * Takes the units and records the order in one short transaction. The checkout key's row is locked
 * meanwhile, so submissions of one checkout run this one after the other and every one after the
 * first finds the order; the UNIQUE mov column backs this up. The customer's other orders still
 * waiting for a Pix are cancelled first (one order per checkout: a shopper who generated a Pix and
 * then pays by card, or changes the cart, gets one order, and the old one's units come back).
 */
async function reserveOrder(
  db: Db,
  customerId: number,
  payload: OrderPayload,
  figures: ServerFigures,
  extras: OrderExtras,
  fromQuote?: QuoteOrder,
): Promise<CreatedOrder> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT mov FROM checkout_keys WHERE mov = ${payload.mov} FOR UPDATE`);
    const already = await orderByMov(tx, payload.mov);
    if (already) return { order: already, created: false };
    const replaced = await supersedePendingOrders(tx, customerId);
    const lines = await reserveOrderStock(tx, figures.lines, figures.pickupStore);
    const entrega = payload.entrega;
    const [order] = await tx
      .insert(orders)
      .values({
        customerId,
        mov: payload.mov,
        movimento:
          payload.movimento === undefined || payload.movimento === null ? null : String(payload.movimento),
        ...placedState(payload.tipo === 'credit' ? 'card' : 'pix'),
        paymentMethod: payload.tipo === 'credit' ? 'card' : 'pix',
        installments: figures.installments,
        installmentValue: figures.installmentValue,
        subtotal: figures.subtotal,
        freight: figures.freight,
        total: figures.total,
        amountDue: figures.amountDue,
        shippingId: figures.shipping.id,
        shippingName: figures.shipping.name,
        deliveryDays: figures.shipping.delivery_time,
        // The forecast counts from the payment (markPaid): none while unpaid.
        deliveryDate: null,
        pickupStore: figures.pickupStore,
        addressCep: entrega.cep,
        addressStreet: entrega.street,
        addressNumber: entrega.number,
        addressComplement: entrega.complement ?? null,
        addressBairro: entrega.bairro ?? null,
        addressCidade: entrega.cidade ?? null,
        addressUf: entrega.uf ? entrega.uf.toUpperCase() : null,
        ...extras,
      })
      .returning();
    if (replaced.length)
      await tx.update(orders).set({ supersededBy: order.id }).where(inArray(orders.id, replaced));
    await fromQuote?.claim(tx, order.id);
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order.id,
        idprd: line.idprd,
        loteId: line.loteId,
        loteLabel: line.loteLabel,
        name: line.name,
        quantity: line.quantity,
        codundvenda: line.codundvenda,
        boxM2: line.boxM2,
        unitPrice: line.unitPrice,
        totalItem: line.totalItem,
      })),
    );
    return { order, created: true };
  });
}

/**
 * APP_0050: reserve, then (card) charge and confirm, or release the reservation. The same key
 * always gives back the same order; a declined card leaves no order and the key may be retried.
 */
export async function createOrder(
  db: Db,
  cards: CardContext,
  customerId: number,
  sent: OrderPayload,
  extras: OrderExtras = {},
  now: Date = new Date(),
): Promise<CreatedOrder> {
  const [key] = await db.select().from(checkoutKeys).where(eq(checkoutKeys.mov, sent.mov)).limit(1);
  if (!key || key.customerId !== customerId) throw refuse('conflict', INVALID_CHECKOUT_MESSAGE);
  const existing = await settledOrder(db, cards, sent.mov);
  if (existing) return { order: existing, created: false };
  // An answered quote's order: its lines and prices from the quote's row, its seller credited.
  const fromQuote =
    sent.orcamento === undefined ? undefined : await quoteOrder(db, customerId, sent, sent.orcamento, now);
  const payload = fromQuote?.payload ?? sent;
  const figures = await computeFigures(
    db,
    payload,
    now,
    (bin, amountCentavos) =>
      cards.provider.quoteInstallments({ bin, amountCentavos, interestPaidBy: cards.interestPaidBy }),
    fromQuote?.prices,
  );
  compareFigures(payload, figures);
  const reserved = await reserveOrder(
    db,
    customerId,
    payload,
    figures,
    fromQuote ? { ...extras, ...fromQuote.extras } : extras,
    fromQuote,
  );
  if (!reserved.created) {
    // Another submission of this checkout placed it first: its outcome is this one's.
    const settled = await settledOrder(db, cards, payload.mov, true);
    if (settled) return { order: settled, created: false };
    throw refuse('conflict', STILL_CHARGING_MESSAGE);
  }
  if (payload.tipo !== 'credit') return reserved;
  const card = cardForm.parse(payload.forma);
  return { order: await chargeReservation(cards, reserved.order, card), created: true };
}
