import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderDetailOperation, orderListOperation } from '../../api/orders';
import { movementValueOperation, placeOrderOperation, movementCodeOperation } from '../../api/place-order';
import { centavosToReais } from '../../domain/money';
import { pixTotal } from '../../domain/payment-options';
import { serveOperation } from '../http/operation';
import { cancelAbandonedOrders, freeHeldStock } from '../services/orders/cancel';
import { listOrders, orderDetail } from '../services/orders/list';
import { withdrawOrder } from '../services/orders/withdraw';
import { withdrawalOperation } from '../../api/withdrawal';
import { ONLINE_SALE_MOVEMENT, createOrder, issueCheckoutKey } from '../services/orders/place';
import { saleColumns, saleOriginOf } from '../services/sales';
import { requireCustomer } from '../services/sessions';
import type { OrderRow } from '../services/orders/order-rows';

/** APP_0050's answer (also CARTAO_DESAFIO's, which ends the same checkout). */
export function orderCreatedAnswer(order: OrderRow, created: boolean) {
  return {
    id: order.id,
    resposta: created ? `Pedido ${order.id} criado com sucesso!` : `Pedido ${order.id} já registrado.`,
    status: order.status as never,
    total: centavosToReais(order.total),
    totalPix: centavosToReais(pixTotal(order.subtotal, order.freight)),
  };
}

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const cards = app.cards.context;

  serveOperation(app, movementCodeOperation, () => ({ codigo: ONLINE_SALE_MOVEMENT }));

  serveOperation(app, movementValueOperation, async ({ request, reply }) => {
    const session = await requireCustomer(db, request);
    reply.header('cache-control', 'no-store');
    // A checkout is starting: a good moment to give back stock held by abandoned Pix orders and by
    // card reservations whose process stopped mid-charge.
    try {
      const freed = await freeHeldStock(db, cards);
      if (freed.cancelled.length || freed.released) {
        app.catalogueCache.invalidate(); // their units are back in stock
        void app.pix.work.kick(); // their codes are removed at the provider
        request.log.info(freed, 'held stock freed');
      }
    } catch (error) {
      request.log.warn({ err: error }, 'abandoned order sweep failed');
    }
    return { mov: await issueCheckoutKey(db, session.customerId) };
  });

  serveOperation(app, placeOrderOperation, async ({ body, request }) => {
    const session = await requireCustomer(db, request, body.dados_cliente?.id);
    // The sale's credit (tablet, seller, hand-off) is read first and written with the order.
    const origin = await saleOriginOf(db, request);
    const { order, created } = await createOrder(
      db,
      cards,
      session.customerId,
      body,
      saleColumns(origin),
      app.clock(),
    );
    // Stock and sales counts changed (committed): the next catalogue answer must show them.
    if (created) app.catalogueCache.invalidate();
    // The orders this one replaced lose their Pix codes at the provider.
    if (created) void app.pix.work.kick();
    return orderCreatedAnswer(order, created);
  });

  serveOperation(app, orderListOperation, async ({ query, request, reply }) => {
    const session = await requireCustomer(db, request, query.id);
    reply.header('cache-control', 'no-store');
    // An order past its Pix deadline shows as cancelled even if no checkout started since.
    if ((await cancelAbandonedOrders(db, { customerId: session.customerId })).length) {
      app.catalogueCache.invalidate();
      void app.pix.work.kick();
    }
    return listOrders(db, session.customerId);
  });

  serveOperation(app, orderDetailOperation, async ({ query, request, reply }) => {
    const session = await requireCustomer(db, request);
    reply.header('cache-control', 'no-store');
    return orderDetail(db, session.customerId, query.id);
  });

  // The right of withdrawal: the order cancelled or a return opened, the money owed back in the
  // same transaction; then sent to the providers and the receipt to the shopper, at once.
  serveOperation(app, withdrawalOperation, async ({ body, request, reply }) => {
    const session = await requireCustomer(db, request);
    reply.header('cache-control', 'no-store');
    const answer = await withdrawOrder(db, session.customerId, body);
    await sendWithdrawalWork(app, request);
    return answer;
  });
}

/**
 * After a withdrawal committed (the shopper's or a seller's at the counter): the catalogue shows the
 * units a cancellation put back, the refunds go to the providers and the receipt to the shopper, at
 * once (the workers retry what fails).
 */
export async function sendWithdrawalWork(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  app.catalogueCache.invalidate();
  await app.pix.work.kick().catch((error) => request.log.warn({ err: error }, 'pix refunds not sent yet'));
  await app.cards.work
    .runOnce()
    .catch((error) => request.log.warn({ err: error }, 'card refunds not sent yet'));
  void app.notifications.runOnce().catch((error) => request.log.warn({ err: error }, 'receipt not sent yet'));
}
