import type { FastifyInstance } from 'fastify';
import {
  PUSH_INVALID_MESSAGE,
  PUSH_SIGNED_OUT_MESSAGE,
  pushKeyOperation,
  pushSubscribeOperation,
  pushUnsubscribeOperation,
} from '../../api/notifications';
import { serveOperation } from '../http/operation';
import { refuse } from '../services/domain-error';
import {
  acceptsEndpoint,
  removeSubscription,
  saveSubscription,
} from '../services/notifications/subscriptions';
import { findSession } from '../services/sessions';

// Web Push subscriptions (src/api/notifications.ts): the customer is the session's, never the body's.

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  const customerOf = async (request: Parameters<typeof findSession>[1]) => {
    const session = await findSession(db, request);
    if (!session) throw refuse('unauthenticated', PUSH_SIGNED_OUT_MESSAGE);
    return session.customerId;
  };

  serveOperation(app, pushKeyOperation, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { chave: app.notifications.publicKey };
  });

  serveOperation(app, pushSubscribeOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const customerId = await customerOf(request);
    if (!acceptsEndpoint(body.endpoint, app.config.PUSH_ENDPOINT_HOSTS))
      throw refuse('invalid', PUSH_INVALID_MESSAGE);
    await saveSubscription(db, customerId, body, app.notifications.publicKey);
    return { resposta: 'Pronto: você será avisado sobre os seus pedidos neste aparelho.' };
  });

  serveOperation(app, pushUnsubscribeOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    await removeSubscription(db, await customerOf(request), body.endpoint);
    return { resposta: 'Este aparelho não receberá mais avisos dos seus pedidos.' };
  });
}
