import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { ORDER_NOT_FOUND_MESSAGE } from '../../api/orders';
import { PIX_EXPIRED_MESSAGE, PIX_PAID_MESSAGE, PIX_PENDING_MESSAGE } from '../../api/pix';
import { STATUS_AWAITING_PAYMENT, STATUS_CANCELLED } from '../../domain/order-tracker';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { orders, paymentEvents, pixCharges } from '../db/schema';
import { refuse } from './domain-error';
import { ownedOrder } from './orders/list';
import { recordOrderEvent } from './order-events';
import { markPaid } from './orders/pay';
import { buildBrCode, newTxid } from './pix';

// Pix charges: opened for an order (APP_0063), shown as a BR Code (APP_0079), polled (APP_0080)
// and paid by the provider's webhook, or in the sandbox by a person (`npm run store -- pix:confirm`)
// or automatically after PIX_AUTO_CONFIRM_SECONDS.

type ChargeRow = typeof pixCharges.$inferSelect;

const ALREADY_PAID = 'Este pedido já foi pago.';

function isExpired(charge: ChargeRow, now = Date.now()): boolean {
  return charge.status === 'expirado' || (charge.status === 'pendente' && charge.expiresAt.getTime() <= now);
}

/** APP_0063: the pending, unexpired charge of the order, or a new one. Answers its payment id. */
export async function openPixCharge(
  db: Db,
  config: Config,
  customerId: number,
  orderId: number,
): Promise<string> {
  await ownedOrder(db, customerId, orderId);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    if (order.paymentMethod !== 'pix') throw refuse('conflict', 'Este pedido não é pago por PIX.');
    if (order.status === STATUS_CANCELLED) throw refuse('conflict', 'Este pedido foi cancelado.');
    if (order.status !== STATUS_AWAITING_PAYMENT) throw refuse('conflict', ALREADY_PAID);
    const [latest] = await tx
      .select()
      .from(pixCharges)
      .where(and(eq(pixCharges.orderId, orderId), eq(pixCharges.status, 'pendente')))
      .orderBy(desc(pixCharges.createdAt))
      .limit(1);
    if (latest && !isExpired(latest)) return latest.id;
    await tx
      .update(pixCharges)
      .set({ status: 'expirado' })
      .where(and(eq(pixCharges.orderId, orderId), eq(pixCharges.status, 'pendente')));
    const txid = newTxid();
    const id = `pix_${randomBytes(12).toString('hex')}`;
    await tx.insert(pixCharges).values({
      id,
      orderId,
      txid,
      amount: order.amountDue,
      payload: buildBrCode({
        key: config.PIX_KEY,
        merchantName: config.PIX_MERCHANT_NAME,
        merchantCity: config.PIX_MERCHANT_CITY,
        amountCentavos: order.amountDue,
        txid,
      }),
      status: 'pendente',
      expiresAt: new Date(Date.now() + config.PIX_EXPIRY_SECONDS * 1000),
    });
    return id;
  });
}

/** A charge of the customer by its payment id; someone else's answers like a missing one. */
export async function ownedCharge(db: Db, customerId: number, paymentId: string): Promise<ChargeRow> {
  const [row] = await db
    .select({ charge: pixCharges })
    .from(pixCharges)
    .innerJoin(orders, eq(orders.id, pixCharges.orderId))
    .where(and(eq(pixCharges.id, paymentId), eq(orders.customerId, customerId)))
    .limit(1);
  if (!row) throw refuse('not-found', 'Cobrança PIX não encontrada.');
  return row.charge;
}

/** The charge a QR image may show: by payment id alone (the id is a 96-bit secret). */
export async function chargeById(db: Db, paymentId: string): Promise<ChargeRow | undefined> {
  const [row] = await db.select().from(pixCharges).where(eq(pixCharges.id, paymentId)).limit(1);
  return row;
}

function assertPayable(charge: ChargeRow): void {
  if (charge.status === 'pendente' && isExpired(charge)) throw refuse('gone', PIX_EXPIRED_MESSAGE);
  if (charge.status === 'expirado') throw refuse('gone', PIX_EXPIRED_MESSAGE);
}

/**
 * APP_0079: the customer's payable charge, recorded as shown: from now on its order is listed in
 * 'Meus Pedidos' (an order whose code the shopper never saw is not).
 */
export async function showCharge(
  db: Db,
  customerId: number,
  paymentId: string,
  orderId: number | undefined,
): Promise<ChargeRow> {
  const charge = await ownedCharge(db, customerId, paymentId);
  if (orderId !== undefined && orderId !== charge.orderId)
    throw refuse('not-found', 'Cobrança PIX não encontrada.');
  assertPayable(charge);
  if (!charge.shownAt)
    await db.transaction(async (tx) => {
      const firstShown = await tx
        .update(pixCharges)
        .set({ shownAt: new Date() })
        .where(and(eq(pixCharges.id, charge.id), isNull(pixCharges.shownAt)))
        .returning({ id: pixCharges.id });
      const earlier = await tx
        .select({ id: pixCharges.id })
        .from(pixCharges)
        .where(and(eq(pixCharges.orderId, charge.orderId), isNotNull(pixCharges.shownAt)))
        .limit(2);
      // The order is received when its first code is shown; a later new code is not a new order.
      if (firstShown.length === 1 && earlier.length === 1)
        await recordOrderEvent(tx, charge.orderId, {
          kind: 'placed',
          pixExpiresAt: charge.expiresAt.toISOString(),
        });
    });
  return charge;
}

export type ConfirmOutcome =
  'pago' | 'ja-pago' | 'expirado' | 'valor-divergente' | 'desconhecido' | 'repetido';

/**
 * Pays a charge by txid when the amount is exactly the charge's and the charge has not expired.
 * Idempotent: a charge already paid stays paid once; an event id seen before changes nothing.
 */
export async function confirmPixPayment(
  db: Db,
  event: { eventId: string; txid: string; amountCentavos: number },
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ eventId: event.eventId, txid: event.txid, amount: event.amountCentavos, outcome: 'recebido' })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return 'repetido';
    const outcome = await settle(tx, event);
    await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.eventId, event.eventId));
    return outcome;
  });
}

async function settle(tx: Db, event: { txid: string; amountCentavos: number }): Promise<ConfirmOutcome> {
  const [found] = await tx.select().from(pixCharges).where(eq(pixCharges.txid, event.txid)).limit(1);
  if (!found) return 'desconhecido';
  // Order first, then charge: the same lock order as a cancellation, so the two cannot deadlock.
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update').limit(1);
  const [charge] = await tx
    .select()
    .from(pixCharges)
    .where(eq(pixCharges.id, found.id))
    .for('update')
    .limit(1);
  if (charge.status === 'pago') return 'ja-pago';
  if (isExpired(charge)) {
    if (charge.status === 'pendente')
      await tx.update(pixCharges).set({ status: 'expirado' }).where(eq(pixCharges.id, charge.id));
    return 'expirado';
  }
  if (event.amountCentavos !== charge.amount) return 'valor-divergente';
  if (order.status === STATUS_CANCELLED) return 'expirado';
  await tx.update(pixCharges).set({ status: 'pago', paidAt: new Date() }).where(eq(pixCharges.id, charge.id));
  await markPaid(tx, charge.orderId);
  return 'pago';
}

/** The order's newest Pix charge, whatever its state. */
async function latestCharge(db: Db, orderId: number) {
  const [charge] = await db
    .select()
    .from(pixCharges)
    .where(eq(pixCharges.orderId, orderId))
    .orderBy(desc(pixCharges.createdAt))
    .limit(1);
  return charge;
}

/** Sandbox: pays the order's open charge as if the bank had confirmed it. */
export async function confirmPixForOrder(db: Db, orderId: number): Promise<ConfirmOutcome> {
  const charge = await latestCharge(db, orderId);
  if (!charge) {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order) throw refuse('not-found', ORDER_NOT_FOUND_MESSAGE);
    throw refuse('conflict', `Pedido ${orderId} ainda não tem cobrança PIX (gere o PIX no checkout).`);
  }
  return confirmPixPayment(db, {
    eventId: `sandbox-${randomBytes(8).toString('hex')}`,
    txid: charge.txid,
    amountCentavos: charge.amount,
  });
}

export interface PixStatusAnswer {
  status: number;
  body: { resposta: string; pago: boolean; status?: string; expiraEm?: string };
}

/** APP_0080: 200 once paid, 202 while waiting, 410 when the charge expired unpaid. */
export async function pixStatus(
  db: Db,
  config: Config,
  customerId: number,
  orderId: number,
): Promise<PixStatusAnswer> {
  let order = await ownedOrder(db, customerId, orderId);
  const charge = await latestCharge(db, orderId);
  // Opt-in demonstration mode: a charge older than PIX_AUTO_CONFIRM_SECONDS is paid when polled,
  // so every instance agrees without a timer.
  if (
    config.PIX_AUTO_CONFIRM_SECONDS > 0 &&
    charge?.status === 'pendente' &&
    !isExpired(charge) &&
    Date.now() - charge.createdAt.getTime() >= config.PIX_AUTO_CONFIRM_SECONDS * 1000
  ) {
    await confirmPixPayment(db, {
      eventId: `auto-${charge.id}`,
      txid: charge.txid,
      amountCentavos: charge.amount,
    });
    order = await ownedOrder(db, customerId, orderId);
  }
  if (order.status === STATUS_CANCELLED)
    return {
      status: 409,
      body: { resposta: 'Este pedido foi cancelado.', pago: false, status: order.status },
    };
  if (order.status !== STATUS_AWAITING_PAYMENT)
    return { status: 200, body: { resposta: PIX_PAID_MESSAGE, pago: true, status: order.status } };
  if (charge && isExpired(charge))
    return { status: 410, body: { resposta: PIX_EXPIRED_MESSAGE, pago: false, status: order.status } };
  return {
    status: 202,
    body: {
      resposta: PIX_PENDING_MESSAGE,
      pago: false,
      status: order.status,
      ...(charge ? { expiraEm: charge.expiresAt.toISOString() } : {}),
    },
  };
}

// --- webhook -------------------------------------------------------------------------------------

export const SIGNATURE_HEADER = 'x-webhook-signature';

export function signWebhook(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

export function isSignatureValid(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhook(secret, rawBody));
  const given = Buffer.from(header.trim().startsWith('sha256=') ? header.trim() : `sha256=${header.trim()}`);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface WebhookPix {
  eventId: string;
  txid: string;
  amountCentavos: number;
}

/**
 * Reads a delivery in either shape: the Banco Central's Pix API webhook
 * ({pix: [{endToEndId, txid, valor: '12.34', horario}]}) or one event ({id, txid, valor}).
 * `valor` is in reais with a dot, as the Pix API sends it.
 */
export function readWebhook(body: unknown): WebhookPix[] | null {
  const entries = Array.isArray((body as { pix?: unknown })?.pix)
    ? ((body as { pix: unknown[] }).pix as Record<string, unknown>[])
    : [body as Record<string, unknown>];
  if (entries.length === 0 || entries.length > 100) return null;
  const events: WebhookPix[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') return null;
    const eventId = entry.endToEndId ?? entry.id;
    const txid = entry.txid;
    const valor = typeof entry.valor === 'number' ? entry.valor.toFixed(2) : entry.valor;
    if (typeof eventId !== 'string' || typeof txid !== 'string' || typeof valor !== 'string') return null;
    // A txid is 1 to 35 letters and digits (BR Code); an event id printable ASCII: nothing that
    // could reach the log or the database as a control character.
    if (!/^\d{1,10}\.\d{2}$/.test(valor) || !/^[\x21-\x7e]{1,100}$/.test(eventId)) return null;
    if (!/^[A-Za-z0-9]{1,35}$/.test(txid)) return null;
    const [reais, cents] = valor.split('.');
    events.push({ eventId, txid, amountCentavos: Number(reais) * 100 + Number(cents) });
  }
  return events;
}
