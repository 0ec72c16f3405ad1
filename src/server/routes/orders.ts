import type { FastifyInstance } from 'fastify';
import { orderDetailOperation, orderListOperation } from '../../api/orders';
import {
  pixPaymentOperation,
  pixCodeOperation,
  pixStatusOperation,
  PIX_EXPIRED_MESSAGE,
} from '../../api/pix';
import { movementValueOperation, placeOrderOperation, movementCodeOperation } from '../../api/place-order';
import { centavosToReais } from '../../domain/money';
import { pixPrice } from '../../domain/payment-options';
import { fail, serveOperation } from '../http/operation';
import { cancelAbandonedOrders, freeHeldStock } from '../services/orders/cancel';
import { listOrders, orderDetail } from '../services/orders/list';
import { ONLINE_SALE_MOVEMENT, createOrder, issueCheckoutKey } from '../services/orders/place';
import {
  SIGNATURE_HEADER,
  chargeById,
  confirmPixPayment,
  isSignatureValid,
  openPixCharge,
  pixStatus,
  readWebhook,
  showCharge,
} from '../services/payments';
import { qrPng } from '../services/pix';
import { recordSaleOrigin, saleOriginOf } from '../services/sales';
import { requireCustomer } from '../services/sessions';

export const PIX_WEBHOOK_PATH = '/webhooks/pix';
export const PIX_QR_PATH = '/pix/qrcode';

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const config = app.config;
  const gateway = app.cardGateway;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');

  serveOperation(app, movementCodeOperation, () => ({ codigo: ONLINE_SALE_MOVEMENT }));

  serveOperation(app, movementValueOperation, async ({ request, reply }) => {
    const session = await requireCustomer(db, request);
    reply.header('cache-control', 'no-store');
    // A checkout is starting: a good moment to give back stock held by abandoned Pix orders and by
    // card reservations whose process stopped mid-charge.
    try {
      const freed = await freeHeldStock(db, gateway);
      if (freed.cancelled.length || freed.released) {
        app.catalogueCache.invalidate(); // their units are back in stock
        request.log.info(freed, 'held stock freed');
      }
    } catch (error) {
      request.log.warn({ err: error }, 'abandoned order sweep failed');
    }
    return { mov: await issueCheckoutKey(db, session.customerId) };
  });

  serveOperation(app, placeOrderOperation, async ({ body, request }) => {
    const session = await requireCustomer(db, request, body.dados_cliente?.id);
    const { order, created } = await createOrder(db, gateway, session.customerId, body);
    // Stock and sales counts changed (committed): the next catalogue answer must show them.
    if (created) app.catalogueCache.invalidate();
    if (created) await recordSaleOrigin(db, order.id, await saleOriginOf(db, request));
    return {
      id: order.id,
      resposta: created ? `Pedido ${order.id} criado com sucesso!` : `Pedido ${order.id} já registrado.`,
      status: order.status as never,
      total: centavosToReais(order.total),
      totalPix: centavosToReais(pixPrice(order.total)),
    };
  });

  serveOperation(app, orderListOperation, async ({ query, request, reply }) => {
    const session = await requireCustomer(db, request, query.id);
    reply.header('cache-control', 'no-store');
    // An order past its Pix deadline shows as cancelled even if no checkout started since.
    if ((await cancelAbandonedOrders(db, { customerId: session.customerId })).length)
      app.catalogueCache.invalidate();
    return listOrders(db, session.customerId);
  });

  serveOperation(app, orderDetailOperation, async ({ query, request, reply }) => {
    const session = await requireCustomer(db, request);
    reply.header('cache-control', 'no-store');
    return orderDetail(db, session.customerId, query.id);
  });

  serveOperation(app, pixPaymentOperation, async ({ body, request }) => {
    const session = await requireCustomer(db, request, customerIdIn(body));
    const paymentId = await openPixCharge(db, config, session.customerId, body.idmov);
    return { resposta: paymentId, PaymentId: paymentId };
  });

  serveOperation(app, pixCodeOperation, async ({ body, request, reply }) => {
    const session = await requireCustomer(db, request, customerIdIn(body));
    const charge = await showCharge(db, session.customerId, body.PaymentId, body.idmov);
    reply.header('cache-control', 'no-store');
    return {
      qrcodeurl: `${publicUrl}${PIX_QR_PATH}/${charge.id}.png`,
      payload: charge.payload,
      expiraEm: charge.expiresAt.toISOString(),
      valor: centavosToReais(charge.amount),
      txid: charge.txid,
      resposta: 'PIX gerado. Escaneie o QR Code para pagar.',
    };
  });

  serveOperation(app, pixStatusOperation, async ({ query, request, reply }) => {
    const session = await requireCustomer(db, request);
    const answer = await pixStatus(db, config, session.customerId, query.idmov);
    reply.header('cache-control', 'no-store');
    reply.code(answer.status);
    return answer.body;
  });

  // The QR image of a charge, for APP_0079's qrcodeurl. The payment id is a 96-bit secret.
  app.get<{ Params: { file: string } }>(`${PIX_QR_PATH}/:file`, async (request, reply) => {
    const id = request.params.file.replace(/\.png$/, '');
    const charge = /^pix_[0-9a-f]{24}$/.test(id) ? await chargeById(db, id) : undefined;
    if (!charge) throw fail(404, 'Cobrança PIX não encontrada.');
    if (charge.status !== 'pago' && charge.expiresAt.getTime() <= Date.now())
      throw fail(410, PIX_EXPIRED_MESSAGE);
    return reply
      .type('image/png')
      .header('cache-control', 'private, no-store')
      .send(await qrPng(charge.payload));
  });

  // The payment provider's confirmation. Its own plugin so the raw body can be read for the HMAC.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, raw, done) => done(null, raw),
    );
    scope.post(PIX_WEBHOOK_PATH, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      if (!isSignatureValid(app.webhookSecret, raw, Array.isArray(signature) ? signature[0] : signature))
        throw fail(401, 'Assinatura inválida.');
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw fail(400, 'Corpo da requisição inválido: JSON malformado.');
      }
      const events = readWebhook(parsed);
      if (!events) throw fail(400, 'Notificação PIX em formato desconhecido.');
      const resultados = [];
      for (const event of events) {
        const outcome = await confirmPixPayment(db, event);
        request.log.info({ txid: event.txid, outcome }, 'pix webhook');
        resultados.push({ txid: event.txid, resultado: outcome });
      }
      return reply.code(200).send({ resposta: 'Notificação recebida.', resultados });
    });
  });
}

/** The customer id a Pix call may carry (inside the order payload it repeats). */
function customerIdIn(body: Record<string, unknown>): number | undefined {
  const record = body.dados_cliente as { id?: unknown } | undefined;
  const id = Number(record?.id ?? body.id_cliente);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
