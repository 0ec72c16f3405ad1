import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { cardForm } from '../../../api/orders';
import { deliveryDate } from '../../../domain/shipping';
import type { Db } from '../../db/client';
import { checkoutKeys, orderItems, orders } from '../../db/schema';
import { BRAND_LABELS, type CardGateway } from '../card';
import { refuse } from '../domain-error';
import { isoDate, orderByMov, type OrderRow } from './order-rows';
import { compareFigures, computeFigures, type OrderPayload } from './quote';
import { reserveStock } from './stock-reservation';

// Placing an order (APP_0049 keys, APP_0050 creation).

export const ONLINE_SALE_MOVEMENT = 'VENDA_ONLINE';

const INVALID_CHECKOUT_MESSAGE =
  'Esta compra não pode mais ser finalizada com estes dados. Recarregue a página do checkout e tente novamente.';

/** A fresh checkout key for the customer: 128 random bits. */
export async function issueCheckoutKey(db: Db, customerId: number): Promise<string> {
  // Keys that never became an order are forgotten after a day, so asking for keys in a loop
  // cannot fill the table.
  await db.execute(
    sql`DELETE FROM checkout_keys k WHERE k.customer_id = ${customerId} AND k.created_at < now() - interval '1 day'
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.mov = k.mov)`,
  );
  const mov = randomBytes(16).toString('hex');
  await db.insert(checkoutKeys).values({ mov, customerId });
  return mov;
}

export interface CreatedOrder {
  order: OrderRow;
  created: boolean;
}

/**
 * APP_0050. The checkout key's row is locked for the whole transaction, so submissions of one
 * checkout run one after the other and every one after the first finds the order and gives it
 * back; the UNIQUE mov column backs this up. A declined card rolls everything back.
 */
export async function createOrder(
  db: Db,
  gateway: CardGateway,
  customerId: number,
  payload: OrderPayload,
): Promise<CreatedOrder> {
  const [key] = await db.select().from(checkoutKeys).where(eq(checkoutKeys.mov, payload.mov)).limit(1);
  if (!key || key.customerId !== customerId) throw refuse('conflict', INVALID_CHECKOUT_MESSAGE);
  const existing = await orderByMov(db, payload.mov);
  if (existing) return { order: existing, created: false };

  const figures = await computeFigures(db, payload);
  compareFigures(payload, figures);

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT mov FROM checkout_keys WHERE mov = ${payload.mov} FOR UPDATE`);
    const already = await orderByMov(tx, payload.mov);
    if (already) return { order: already, created: false };

    const lines = await reserveStock(tx, figures.lines);

    let card: { brand: string; last4: string; authorization: string } | null = null;
    if (payload.tipo === 'credit') {
      const form = cardForm.parse(payload.forma);
      const result = await gateway.charge({
        cardNumber: form.cardNumber,
        expiry: form.expiry,
        cvv: form.cvv,
        holder: form.name,
        amountCentavos: figures.amountDue,
        installments: figures.installments,
        idempotencyKey: payload.mov,
      });
      if (!result.approved) throw refuse('payment-declined', result.reason);
      card = { brand: BRAND_LABELS[result.brand], last4: result.last4, authorization: result.authorization };
    }

    const now = new Date();
    const entrega = payload.entrega;
    const [order] = await tx
      .insert(orders)
      .values({
        customerId,
        mov: payload.mov,
        movimento:
          payload.movimento === undefined || payload.movimento === null ? null : String(payload.movimento),
        status: card ? 'Pagamento Efetuado' : 'Aguardando pagamento',
        stepIndex: card ? 0 : -1,
        paymentMethod: card ? 'card' : 'pix',
        installments: figures.installments,
        installmentValue: figures.installmentValue,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        cardAuthorization: card?.authorization ?? null,
        subtotal: figures.subtotal,
        freight: figures.freight,
        total: figures.total,
        amountDue: figures.amountDue,
        shippingId: figures.shipping.id,
        shippingName: figures.shipping.name,
        deliveryDays: figures.shipping.delivery_time,
        deliveryDate: isoDate(deliveryDate(now, figures.shipping.delivery_time)),
        pickupStore: figures.pickupStore,
        addressCep: entrega.cep,
        addressStreet: entrega.street,
        addressNumber: entrega.number,
        addressComplement: entrega.complement ?? null,
        addressBairro: entrega.bairro ?? null,
        addressCidade: entrega.cidade ?? null,
        addressUf: entrega.uf ? entrega.uf.toUpperCase() : null,
        paidAt: card ? now : null,
      })
      .returning();
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
