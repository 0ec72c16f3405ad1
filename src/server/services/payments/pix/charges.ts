import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { PIX_EXPIRED_MESSAGE, PIX_PAID_MESSAGE, PIX_PENDING_MESSAGE } from '../../../../api/pix';
import { STATUS_AWAITING_PAYMENT, STATUS_CANCELLED } from '../../../../domain/order-tracker';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { customers, orders, pixCharges } from '../../../db/schema';
import { refuse } from '../../domain-error';
import { recordOrderEvent } from '../../order-events';
import { centavosToAmount, COB_PAID, type CobRequest } from './api-pix';
import { PixProviderError, type PixProvider } from './client';
import {
  isBeingOpened,
  isExpired,
  isPayable,
  isPending,
  isShowable,
  latestOpenCharge,
  markOpened,
  removeOpenCharges,
  startCharge,
  type PixChargeRow,
} from './pix-charge';
import { settleReceived } from './settle';
import { queryRows } from '../../../db/rows';

// A Pix order's charges: opened at the provider (APP_0063), shown (APP_0079) and polled (APP_0080).

export const PIX_UNAVAILABLE_MESSAGE = 'Não foi possível gerar o PIX agora. Tente novamente em instantes.';
const ALREADY_PAID = 'Este pedido já foi pago.';
/** APP_0080 asks the provider about a charge at most this often (the shopper polls every 10 s). */
export const PROVIDER_CHECK_MS = 10_000;

type OrderRecord = typeof orders.$inferSelect;

/**
 * What a Pix asks of the order it is paid for. Payments never import orders: services/orders
 * answers (orders/pix-orders.ts) and the app hands it in.
 */
export interface PixOrders {
  /** The customer's order; someone else's answers like a missing one. */
  owned(db: Db, customerId: number, orderId: number): Promise<OrderRecord>;
  /** The order, locked for a change (the same lock order as every order change). */
  locked(tx: Db, orderId: number): Promise<OrderRecord | undefined>;
  /** Marks an order that waits for its Pix paid. */
  markPaid(tx: Db, orderId: number): Promise<unknown>;
}

export interface PixContext {
  db: Db;
  config: Config;
  provider: PixProvider;
  log: { warn: (data: object, message: string) => void };
  orders: PixOrders;
}

/** APP_0063: the order's payable charge, or a new one opened at the provider. Its payment id. */
export async function openPixCharge(ctx: PixContext, customerId: number, orderId: number): Promise<string> {
  const { db, config } = ctx;
  await ctx.orders.owned(db, customerId, orderId);
  const charge = await db.transaction(async (tx) => {
    const order = (await ctx.orders.locked(tx, orderId))!;
    if (order.paymentMethod !== 'pix') throw refuse('conflict', 'Este pedido não é pago por PIX.');
    if (order.status === STATUS_CANCELLED) throw refuse('conflict', 'Este pedido foi cancelado.');
    if (order.status !== STATUS_AWAITING_PAYMENT) throw refuse('conflict', ALREADY_PAID);
    const latest = await latestOpenCharge(tx, orderId);
    // One still being opened (its answer lost or late) is asked for again under the same txid.
    if (latest && (isBeingOpened(latest) || !isExpired(latest))) return latest;
    // An expired code is removed at the provider too, so no bank takes it late.
    await removeOpenCharges(tx, orderId, { only: 'pendente' });
    return startCharge(tx, {
      orderId,
      amount: order.amountDue,
      expiresAt: new Date(Date.now() + config.PIX_EXPIRY_SECONDS * 1000),
    });
  });
  if (isBeingOpened(charge)) await openAtProvider(ctx, charge);
  return charge.id;
}

/**
 * Opens the charge at the provider under its txid. A charge already there (an earlier attempt
 * whose answer was lost) is read back instead, so a retry never opens a second charge.
 */
async function openAtProvider(ctx: PixContext, charge: PixChargeRow): Promise<void> {
  const { db, config, provider } = ctx;
  const [row] = await db
    .select({ doc: customers.doc, nome: customers.nome, pessoa: customers.pessoa })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, charge.orderId));
  const doc = row.doc.replace(/\W/g, '').toUpperCase();
  const request: CobRequest = {
    calendario: { expiracao: config.PIX_EXPIRY_SECONDS },
    devedor: row.pessoa === 'fisica' ? { cpf: doc, nome: row.nome } : { cnpj: doc, nome: row.nome },
    valor: { original: centavosToAmount(charge.amount) },
    chave: config.PIX_KEY,
    solicitacaoPagador: `Pedido ${charge.orderId} - Casa & Obra`,
  };
  try {
    const cob =
      (await provider.getCharge(charge.txid)) ?? (await provider.createCharge(charge.txid, request));
    if (!cob.pixCopiaECola) throw new PixProviderError('cobrança sem pixCopiaECola', 'refused');
    const expiresAt = new Date(new Date(cob.calendario.criacao).getTime() + cob.calendario.expiracao * 1000);
    await markOpened(db, charge.id, {
      payload: cob.pixCopiaECola,
      location: cob.location ?? null,
      expiresAt,
    });
  } catch (error) {
    ctx.log.warn({ err: describe(error), orderId: charge.orderId }, 'pix charge not opened at the provider');
    throw refuse('unavailable', PIX_UNAVAILABLE_MESSAGE);
  }
}

/** Only the message of a provider failure reaches a log line: never a request with its token. */
export const describe = (error: unknown) =>
  error instanceof Error ? { message: error.message, kind: (error as PixProviderError).kind } : String(error);

/** A charge of the customer by its payment id; someone else's answers like a missing one. */
async function ownedCharge(db: Db, customerId: number, paymentId: string): Promise<PixChargeRow> {
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
export async function chargeById(db: Db, paymentId: string): Promise<PixChargeRow | undefined> {
  const [row] = await db.select().from(pixCharges).where(eq(pixCharges.id, paymentId)).limit(1);
  return row;
}

/**
 * APP_0079: the customer's payable charge, recorded as shown: from then on its order is listed in
 * 'Meus Pedidos', and the order counts as received (its first code shown).
 */
export async function showCharge(db: Db, customerId: number, paymentId: string, orderId?: number) {
  const charge = await ownedCharge(db, customerId, paymentId);
  if (orderId !== undefined && orderId !== charge.orderId)
    throw refuse('not-found', 'Cobrança PIX não encontrada.');
  if (isBeingOpened(charge)) throw refuse('unavailable', PIX_UNAVAILABLE_MESSAGE);
  if (!isShowable(charge)) throw refuse('gone', PIX_EXPIRED_MESSAGE);
  if (!charge.shownAt)
    await db.transaction(async (tx) => {
      const firstShown = await tx
        .update(pixCharges)
        .set({ shownAt: new Date() })
        .where(and(eq(pixCharges.id, charge.id), isNull(pixCharges.shownAt)))
        .returning({ id: pixCharges.id });
      const shown = await tx
        .select({ id: pixCharges.id })
        .from(pixCharges)
        .where(and(eq(pixCharges.orderId, charge.orderId), isNotNull(pixCharges.shownAt)))
        .limit(2);
      if (firstShown.length === 1 && shown.length === 1)
        await recordOrderEvent(tx, charge.orderId, {
          kind: 'placed',
          pixExpiresAt: charge.expiresAt.toISOString(),
        });
    });
  return charge;
}

/** The order's newest Pix charge, whatever its state. */
export async function latestCharge(db: Db, orderId: number): Promise<PixChargeRow | undefined> {
  const [charge] = await db
    .select()
    .from(pixCharges)
    .where(eq(pixCharges.orderId, orderId))
    .orderBy(desc(pixCharges.createdAt))
    .limit(1);
  return charge;
}

/**
 * Reads a pending charge back from the provider, at most every PROVIDER_CHECK_MS over all
 * instances, and settles the Pix it lists: a lost webhook never leaves a paid order unpaid.
 */
async function checkAtProvider(ctx: PixContext, charge: PixChargeRow): Promise<void> {
  const claimed = await queryRows(
    ctx.db,
    sql`
    UPDATE pix_charges SET checked_at = now()
    WHERE id = ${charge.id} AND (checked_at IS NULL OR checked_at < now() - make_interval(secs => ${PROVIDER_CHECK_MS / 1000}))
    RETURNING id`,
  );
  if (claimed.length === 0) return;
  try {
    const cob = await ctx.provider.getCharge(charge.txid);
    for (const pix of cob?.status === COB_PAID ? (cob.pix ?? []) : []) await settleReceived(ctx, pix);
  } catch (error) {
    ctx.log.warn(
      { err: describe(error), orderId: charge.orderId },
      'pix charge not read back from the provider',
    );
  }
}

/** Where an order's Pix stands for the shopper waiting on it (APP_0080 turns it into a status). */
export type PixState = 'pago' | 'aguardando' | 'cancelado' | 'expirado';

export interface PixStatusAnswer {
  state: PixState;
  body: { resposta: string; pago: boolean; status?: string; expiraEm?: string };
}

/** APP_0080: paid, still waiting, the order cancelled, or a code that can no longer be paid. */
export async function pixStatus(
  ctx: PixContext,
  customerId: number,
  orderId: number,
): Promise<PixStatusAnswer> {
  let order = await ctx.orders.owned(ctx.db, customerId, orderId);
  let charge = await latestCharge(ctx.db, orderId);
  if (order.status === STATUS_AWAITING_PAYMENT && charge && isPending(charge)) {
    await checkAtProvider(ctx, charge);
    order = await ctx.orders.owned(ctx.db, customerId, orderId);
    charge = await latestCharge(ctx.db, orderId);
  }
  if (order.status === STATUS_CANCELLED)
    return {
      state: 'cancelado',
      body: { resposta: 'Este pedido foi cancelado.', pago: false, status: order.status },
    };
  if (order.status !== STATUS_AWAITING_PAYMENT)
    return { state: 'pago', body: { resposta: PIX_PAID_MESSAGE, pago: true, status: order.status } };
  if (charge && !isBeingOpened(charge) && !isPayable(charge))
    return { state: 'expirado', body: { resposta: PIX_EXPIRED_MESSAGE, pago: false, status: order.status } };
  return {
    state: 'aguardando',
    body: {
      resposta: PIX_PENDING_MESSAGE,
      pago: false,
      status: order.status,
      ...(charge ? { expiraEm: charge.expiresAt.toISOString() } : {}),
    },
  };
}

export function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}
