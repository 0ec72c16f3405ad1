import type { FastifyInstance } from 'fastify';
import {
  PIX_EXPIRED_MESSAGE,
  pixCodeOperation,
  pixPaymentOperation,
  pixStatusOperation,
} from '../../api/pix';
import { centavosToReais } from '../../domain/money';
import { fail, serveOperation } from '../http/operation';
import {
  describe,
  chargeById,
  openPixCharge,
  pixStatus,
  type PixState,
  qrPng,
  showCharge,
} from '../services/payments/pix/charges';
import { webhookNotificationSchema } from '../services/payments/pix/api-pix';
import { isShowable } from '../services/payments/pix/pix-charge';
import { handleReceived } from '../services/payments/pix/reconcile';
import { requireCustomer } from '../services/sessions';

export const PIX_WEBHOOK_PATH = '/webhooks/pix';
export const PIX_QR_PATH = '/pix/qrcode';

/** APP_0080's HTTP status for each state of the order's Pix. */
const PIX_STATE_STATUS: Record<PixState, number> = {
  pago: 200,
  aguardando: 202,
  cancelado: 409,
  expirado: 410,
};

export async function pixRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const ctx = app.pix.context;
  const publicUrl = app.config.PUBLIC_URL.replace(/\/$/, '');

  serveOperation(app, pixPaymentOperation, async ({ body, request }) => {
    const session = await requireCustomer(db, request, customerIdIn(body));
    const paymentId = await openPixCharge(ctx, session.customerId, body.idmov);
    // A code replaced by this one is removed at the provider.
    void app.pix.work.kick();
    return { resposta: paymentId, PaymentId: paymentId };
  });

  serveOperation(app, pixCodeOperation, async ({ body, request, reply }) => {
    const session = await requireCustomer(db, request, customerIdIn(body));
    const charge = await showCharge(db, session.customerId, body.PaymentId, body.idmov);
    reply.header('cache-control', 'no-store');
    return {
      qrcodeurl: `${publicUrl}${PIX_QR_PATH}/${charge.id}.png`,
      payload: charge.payload ?? '',
      expiraEm: charge.expiresAt.toISOString(),
      valor: centavosToReais(charge.amount),
      txid: charge.txid,
      resposta: 'PIX gerado. Escaneie o QR Code para pagar.',
    };
  });

  serveOperation(app, pixStatusOperation, async ({ query, request, reply }) => {
    const session = await requireCustomer(db, request);
    const answer = await pixStatus(ctx, session.customerId, query.idmov);
    reply.header('cache-control', 'no-store');
    reply.code(PIX_STATE_STATUS[answer.state]);
    return answer.body;
  });

  // The QR image of a charge, for APP_0079's qrcodeurl. The payment id is a 96-bit secret.
  app.get<{ Params: { file: string } }>(`${PIX_QR_PATH}/:file`, async (request, reply) => {
    const id = request.params.file.replace(/\.png$/, '');
    const charge = /^pix_[0-9a-f]{24}$/.test(id) ? await chargeById(db, id) : undefined;
    if (!charge?.payload) throw fail(404, 'Cobrança PIX não encontrada.');
    if (!isShowable(charge)) throw fail(410, PIX_EXPIRED_MESSAGE);
    return reply
      .type('image/png')
      .header('cache-control', 'private, no-store')
      .send(await qrPng(charge.payload));
  });

  // The provider's notification, as API Pix sends it: POST {webhookUrl}/pix {"pix": [...]}. The body
  // is only a hint: each Pix is read back from the provider (GET /pix/{e2eid}) before it counts.
  app.post<{ Body: unknown }>(PIX_WEBHOOK_PATH, { bodyLimit: 256 * 1024 }, async (request, reply) => {
    const notification = webhookNotificationSchema.safeParse(request.body);
    if (!notification.success) throw fail(400, 'Notificação PIX em formato desconhecido.');
    const ids = new Set(notification.data.pix.map((entry) => entry.endToEndId));
    const resultados = [];
    for (const endToEndId of ids) {
      let pix;
      try {
        pix = await ctx.provider.getReceived(endToEndId);
      } catch (error) {
        // The provider will call again; the reconciliation finds it anyway.
        request.log.warn({ err: describe(error) }, 'pix webhook: provider unavailable for the read-back');
        throw fail(503, 'Provedor PIX indisponível; tente novamente.');
      }
      if (!pix) {
        request.log.warn({ endToEndId }, 'pix webhook: the provider does not know this Pix; ignored');
        resultados.push({ endToEndId, resultado: 'ignorado' });
        continue;
      }
      const resultado = await handleReceived(ctx, pix);
      request.log.info({ endToEndId, txid: pix.txid ?? null, resultado }, 'pix webhook');
      resultados.push({ endToEndId, resultado });
    }
    // Refunds owed (a Pix for an order that no longer wanted it) are requested now.
    void app.pix.work.kick();
    return reply.code(200).send({ resposta: 'Notificação recebida.', resultados });
  });
}

/** The customer id a Pix call may carry (inside the order payload it repeats). */
function customerIdIn(body: Record<string, unknown>): number | undefined {
  const record = body.dados_cliente as { id?: unknown } | undefined;
  const id = Number(record?.id ?? body.id_cliente);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
