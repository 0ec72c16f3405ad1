import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ORDER_NOT_FOUND_MESSAGE,
  PAYMENT_METHOD_CARD,
  PAYMENT_METHOD_PIX,
  PICKUP_SHIPPING_ID,
  PRICE_CHANGED_MESSAGE,
  cardForm,
  type OrderDetail,
  type OrderListItem,
  type OrderStatus,
  type orderPayload,
} from '../../api/orders';
import { centavosToReais, moneyToCentavos } from '../../domain/money';
import { installments, pixPrice } from '../../domain/payment-options';
import { lineTotal } from '../../domain/quantity';
import { deliveryDate } from '../../domain/shipping';
import { PHYSICAL_STORES } from '../../domain/store';
import type { Db } from '../db/client';
import { checkoutKeys, lotes, orderItems, orders, products, stock } from '../db/schema';
import { fail } from '../http/operation';
import { BRAND_LABELS, type CardGateway } from './card';
import { quoteFreight, type FreightOption } from './freight';
import { releaseStoreStock, reserveStoreStock } from './store-stock';
import type { z } from 'zod';

// The order flow: checkout keys (APP_0049), creation with every figure recomputed from the
// database (APP_0050), the list and detail (APP_0055, APP_0053) and the staff's stage changes.

export type OrderPayload = z.output<typeof orderPayload>;
type OrderRow = typeof orders.$inferSelect;

export const ONLINE_SALE_MOVEMENT = 'VENDA_ONLINE';

/** Tracker stages in order (spec §4); an order's step_index points into this list. */
export const TRACKER_STAGES = [
  'Pagamento Efetuado',
  'Pedido Faturado',
  'Emissão Nota Fiscal',
  'Pedido Despachado',
  'Saiu para entrega',
  'Pedido Entregue',
] as const satisfies readonly OrderStatus[];

/** A Pix order still unpaid this long after it was placed is cancelled and its stock released. */
export const ABANDONED_ORDER_HOURS = 24;

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

function isoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

interface PricedLine {
  idprd: number;
  name: string;
  quantity: number;
  codundvenda: string;
  boxM2: string | null;
  unitPrice: number;
  totalItem: number;
  loteId: number | null;
  loteLabel: string | null;
  requestedLote: number | null;
}

export interface ServerFigures {
  lines: PricedLine[];
  subtotal: number;
  freight: number;
  total: number;
  shipping: FreightOption;
  pickupStore: number | null;
  amountDue: number;
  installments: number;
  installmentValue: number;
}

function requestedLoteId(selected: unknown): number | null {
  if (selected === null || selected === undefined || selected === '') return null;
  const raw = typeof selected === 'object' ? (selected as { idlote?: unknown }).idlote : selected;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw fail(400, 'Lote inválido.');
  return id;
}

/** Every figure of the order, from the database and the domain rules; the payload gives only choices. */
export async function computeFigures(db: Db, payload: OrderPayload): Promise<ServerFigures> {
  const ids = [...new Set(payload.produtos.map((line) => line.id))];
  const found = await db
    .select({
      idprd: products.idprd,
      name: products.descricao,
      price: products.priceCentavos,
      boxM2: products.boxM2,
      unit: products.salesUnit,
    })
    .from(products)
    .where(and(inArray(products.idprd, ids), eq(products.active, true)));
  const byId = new Map(found.map((row) => [row.idprd, row]));
  const lines: PricedLine[] = payload.produtos.map((line) => {
    const product = byId.get(line.id);
    if (!product)
      throw fail(409, `O produto ${line.name ?? line.id} não está mais disponível. Remova-o do carrinho.`);
    return {
      idprd: product.idprd,
      name: product.name,
      quantity: line.quantity,
      codundvenda: product.unit,
      boxM2: product.boxM2,
      unitPrice: product.price,
      totalItem: lineTotal(product.price, line.quantity, product.boxM2),
      loteId: null,
      loteLabel: null,
      requestedLote: requestedLoteId(line.selectedLote),
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.totalItem, 0);

  const options = await quoteFreight(
    db,
    payload.entrega.cep,
    lines.map((line) => ({ idprd: line.idprd, quantity: line.quantity })),
  );
  const shipping = options.find((option) => option.id === payload.frete_sel.id);
  if (!shipping)
    throw fail(
      409,
      'A forma de envio escolhida não está disponível para este CEP. Calcule o frete e escolha outra.',
    );
  let pickupStore: number | null = null;
  if (shipping.id === PICKUP_SHIPPING_ID) {
    const store = PHYSICAL_STORES.find(
      (candidate) => String(candidate.id) === String(payload.entrega.loja ?? ''),
    );
    if (!store) throw fail(400, 'Escolha a loja onde vai retirar o pedido.');
    pickupStore = store.id;
  }
  const freight = Math.round(shipping.price * 100);
  const total = subtotal + freight;

  let amountDue = pixPrice(total);
  let count = 1;
  let installmentValue = amountDue;
  if (payload.tipo === 'credit') {
    const card = cardForm.parse(payload.forma);
    const plan = installments(total).find((item) => item.nParcelas === card.installments);
    if (!plan) throw fail(400, 'Parcelamento inválido.');
    amountDue = plan.total;
    count = plan.nParcelas;
    installmentValue = plan.valorParcela;
  }
  return {
    lines,
    subtotal,
    freight,
    total,
    shipping,
    pickupStore,
    amountDue,
    installments: count,
    installmentValue,
  };
}

/** The client's figures are only compared: any difference answers 409 with the server's. */
export function compareFigures(payload: OrderPayload, figures: ServerFigures): void {
  const differs = (claimed: unknown, actual: number) =>
    claimed !== undefined &&
    claimed !== null &&
    claimed !== '' &&
    moneyToCentavos(claimed as string | number) !== actual;
  let mismatch = payload.produtos.some((line, index) => differs(line.price, figures.lines[index].unitPrice));
  const resumo = payload.resumo;
  if (resumo) {
    mismatch ||= differs(resumo.subtotal, figures.subtotal);
    mismatch ||= differs(resumo.vl_frete, figures.freight);
    mismatch ||= differs(resumo.total, figures.total);
  }
  if (payload.tipo === 'credit') {
    const card = cardForm.parse(payload.forma);
    mismatch ||= differs(card.installmentValue, figures.installmentValue);
  }
  if (!mismatch) return;
  throw fail(409, PRICE_CHANGED_MESSAGE, {
    resumo: {
      subtotal: centavosToReais(figures.subtotal),
      vl_frete: centavosToReais(figures.freight),
      total: centavosToReais(figures.total),
    },
    produtos: figures.lines.map((line) => ({ id: line.idprd, price: centavosToReais(line.unitPrice) })),
  });
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const shortStock = (name: string, available: number) =>
  `Quantidade indisponível em estoque para ${name}. Disponível: ${available}`;

/**
 * Takes the units of every line out of stock (and out of the line's lote), inside the caller's
 * transaction: each UPDATE only succeeds while enough is left, so two orders can never sell the
 * same last box. A product with lotes and no lote chosen gets the first lote that holds the whole
 * quantity (tiles of one order come from one shade).
 */
async function reserveStock(tx: Db, lines: PricedLine[]): Promise<void> {
  for (const line of lines) {
    const productLotes = await tx
      .select({ id: lotes.id, code: lotes.code, shade: lotes.shade, quantity: lotes.quantity })
      .from(lotes)
      .where(eq(lotes.idprd, line.idprd))
      .orderBy(desc(lotes.quantity), asc(lotes.id));
    if (productLotes.length > 0) {
      const chosen =
        line.requestedLote !== null
          ? productLotes.find((lote) => lote.id === line.requestedLote)
          : productLotes.find((lote) => lote.quantity >= line.quantity);
      if (line.requestedLote !== null && !chosen) throw fail(400, `Lote inválido para ${line.name}.`);
      const lote = chosen ?? productLotes[0];
      const taken = rowsOf(
        await tx.execute(
          sql`UPDATE lotes SET quantity = quantity - ${line.quantity} WHERE id = ${lote.id} AND quantity >= ${line.quantity} RETURNING id`,
        ),
      );
      if (taken.length === 0)
        throw fail(406, shortStock(line.name, lote.quantity), { disponivel: lote.quantity });
      line.loteId = lote.id;
      line.loteLabel = lote.shade ? `${lote.code} - ${lote.shade}` : lote.code;
    }
    const taken = rowsOf(
      await tx.execute(
        sql`UPDATE stock SET quantity = quantity - ${line.quantity}, updated_at = now() WHERE idprd = ${line.idprd} AND quantity >= ${line.quantity} RETURNING quantity`,
      ),
    );
    if (taken.length === 0) {
      const [left] = await tx
        .select({ quantity: stock.quantity })
        .from(stock)
        .where(eq(stock.idprd, line.idprd));
      throw fail(406, shortStock(line.name, left?.quantity ?? 0), { disponivel: left?.quantity ?? 0 });
    }
    await tx
      .update(products)
      .set({ salesCount: sql`${products.salesCount} + ${line.quantity}` })
      .where(eq(products.idprd, line.idprd));
  }
}

async function releaseStock(tx: Db, orderId: number): Promise<void> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  for (const item of items) {
    await tx
      .update(stock)
      .set({ quantity: sql`${stock.quantity} + ${item.quantity}`, updatedAt: new Date() })
      .where(eq(stock.idprd, item.idprd));
    if (item.loteId !== null)
      await tx
        .update(lotes)
        .set({ quantity: sql`${lotes.quantity} + ${item.quantity}` })
        .where(eq(lotes.id, item.loteId));
    await tx
      .update(products)
      .set({ salesCount: sql`greatest(${products.salesCount} - ${item.quantity}, 0)` })
      .where(eq(products.idprd, item.idprd));
  }
}

async function orderByMov(db: Db, mov: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.mov, mov)).limit(1);
  return row;
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
  if (!key || key.customerId !== customerId) throw fail(409, INVALID_CHECKOUT_MESSAGE);
  const existing = await orderByMov(db, payload.mov);
  if (existing) return { order: existing, created: false };

  const figures = await computeFigures(db, payload);
  compareFigures(payload, figures);

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT mov FROM checkout_keys WHERE mov = ${payload.mov} FOR UPDATE`);
    const already = await orderByMov(tx, payload.mov);
    if (already) return { order: already, created: false };

    // Pickup takes the units from the chosen store (store mode), delivery from the warehouse.
    if (figures.pickupStore !== null) await reserveStoreStock(tx, figures.pickupStore, figures.lines);
    else await reserveStock(tx, figures.lines);

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
      if (!result.approved) throw fail(402, result.reason);
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
      figures.lines.map((line) => ({
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

export function paymentLabel(row: OrderRow): string {
  return row.paymentMethod === 'pix' ? PAYMENT_METHOD_PIX : PAYMENT_METHOD_CARD;
}

export async function listOrders(db: Db, customerId: number): Promise<OrderListItem[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({
    id: row.id,
    date: row.createdAt.toISOString(),
    paymentMethod: paymentLabel(row),
    deliveryDate: row.deliveryDate,
    rastreio: row.rastreio,
    currentStepIndex: row.stepIndex,
    status: row.status as OrderStatus,
    total: centavosToReais(row.total),
  }));
}

/** One order of the customer; someone else's order is "not found", exactly like a missing one. */
export async function ownedOrder(db: Db, customerId: number, orderId: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  if (!row) throw fail(404, ORDER_NOT_FOUND_MESSAGE);
  return row;
}

export async function orderDetail(db: Db, customerId: number, orderId: number): Promise<OrderDetail> {
  const row = await ownedOrder(db, customerId, orderId);
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.id));
  const store = row.pickupStore === null ? undefined : PHYSICAL_STORES.find((s) => s.id === row.pickupStore);
  const address = store
    ? {
        cep: store.cep.replace(/\D/g, ''),
        street: store.street,
        number: '',
        complement: store.name,
        bairro: store.bairro,
        cidade: store.cidade,
        uf: store.uf,
      }
    : {
        cep: row.addressCep,
        street: row.addressStreet,
        number: row.addressNumber,
        complement: row.addressComplement,
        bairro: row.addressBairro,
        cidade: row.addressCidade,
        uf: row.addressUf,
      };
  return {
    id: row.id,
    status: row.status as OrderStatus,
    items: items.map((item) => ({
      id: item.id,
      idprd: item.idprd,
      name: item.name,
      quantity: item.quantity,
      codundvenda: item.codundvenda,
      price: centavosToReais(item.unitPrice),
      total_item: centavosToReais(item.totalItem),
      multiploprdvenda: item.boxM2 === null ? null : Number(item.boxM2),
      lote: item.loteLabel,
    })),
    shipping: {
      id: row.shippingId,
      method: store ? `${row.shippingName} - ${store.name}` : row.shippingName,
      estimate: row.deliveryDate,
      price: centavosToReais(row.freight),
      address,
      loja: store ? { id: store.id, nome: store.name } : null,
    },
    payment: {
      method: paymentLabel(row),
      installments: row.installments,
      brand: row.cardBrand,
      last4: row.cardLast4,
      installmentValue: centavosToReais(row.installmentValue),
      amount: centavosToReais(row.amountDue),
    },
    total: centavosToReais(row.total),
    subtotal: centavosToReais(row.subtotal),
    date: row.createdAt.toISOString(),
    rastreio: row.rastreio,
    currentStepIndex: row.stepIndex,
  };
}

/** Marks an order paid (first tracker stage) and moves its delivery forecast to count from now. */
export async function markPaid(tx: Db, orderId: number): Promise<void> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row || row.status !== 'Aguardando pagamento') return;
  const now = new Date();
  await tx
    .update(orders)
    .set({
      status: 'Pagamento Efetuado',
      stepIndex: 0,
      paidAt: now,
      updatedAt: now,
      deliveryDate: isoDate(deliveryDate(now, row.deliveryDays)),
    })
    .where(eq(orders.id, orderId));
}

export interface StaffOrderView {
  id: number;
  status: string;
  currentStepIndex: number;
  rastreio: string | null;
}

const staffView = (row: OrderRow): StaffOrderView => ({
  id: row.id,
  status: row.status,
  currentStepIndex: row.stepIndex,
  rastreio: row.rastreio,
});

/** Staff: one tracker stage forward, optionally setting the tracking code. */
export async function advanceOrder(db: Db, orderId: number, rastreio?: string): Promise<StaffOrderView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    if (!row) throw fail(404, ORDER_NOT_FOUND_MESSAGE);
    if (row.status === 'Cancelado') throw fail(409, `Pedido ${orderId} está cancelado.`);
    if (row.status === 'Aguardando pagamento')
      throw fail(409, `Pedido ${orderId} aguarda pagamento: confirme o PIX antes de avançar.`);
    if (row.stepIndex >= TRACKER_STAGES.length - 1) throw fail(409, `Pedido ${orderId} já foi entregue.`);
    const next = row.stepIndex + 1;
    const [updated] = await tx
      .update(orders)
      .set({
        status: TRACKER_STAGES[next],
        stepIndex: next,
        rastreio: rastreio?.trim() ? rastreio.trim().toUpperCase() : row.rastreio,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId))
      .returning();
    return staffView(updated);
  });
}

/** Staff: cancels an order not yet dispatched and puts its units back in stock. */
export async function cancelOrder(db: Db, orderId: number): Promise<StaffOrderView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
    if (!row) throw fail(404, ORDER_NOT_FOUND_MESSAGE);
    if (row.status === 'Cancelado') return staffView(row);
    if (row.stepIndex >= TRACKER_STAGES.indexOf('Pedido Despachado'))
      throw fail(409, `Pedido ${orderId} já foi despachado e não pode ser cancelado.`);
    if (row.pickupStore !== null) await releaseStoreStock(tx, row.pickupStore, row.id);
    else await releaseStock(tx, row.id);
    await tx.execute(
      sql`UPDATE pix_charges SET status = 'expirado' WHERE order_id = ${row.id} AND status = 'pendente'`,
    );
    const [updated] = await tx
      .update(orders)
      .set({ status: 'Cancelado', stepIndex: -1, updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning();
    return staffView(updated);
  });
}

/**
 * Cancels Pix orders left unpaid for ABANDONED_ORDER_HOURS (with no charge still payable), so an
 * abandoned checkout does not hold stock for ever. Runs a few at a time when a checkout starts.
 */
export async function cancelAbandonedOrders(db: Db, limit = 20): Promise<number[]> {
  const stale = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT o.id FROM orders o
      WHERE o.status = 'Aguardando pagamento'
        AND o.created_at < now() - make_interval(hours => ${ABANDONED_ORDER_HOURS})
        AND NOT EXISTS (SELECT 1 FROM pix_charges c
                        WHERE c.order_id = o.id AND c.status = 'pendente' AND c.expires_at > now())
      ORDER BY o.created_at LIMIT ${limit}`),
  );
  const cancelled: number[] = [];
  for (const { id } of stale) {
    const view = await cancelOrder(db, Number(id));
    if (view.status === 'Cancelado') cancelled.push(view.id);
  }
  return cancelled;
}
