import type { FastifyInstance } from 'fastify';
import {
  STOCK_ALERT_PUSH_SIGNED_OUT_MESSAGE,
  stockAlertCancelOperation,
  stockAlertOperation,
} from '../../api/stock-alerts';
import { serveOperation } from '../http/operation';
import { refuse } from '../services/domain-error';
import { findSession } from '../services/sessions';
import { askStockAlert, cancelStockAlert } from '../services/stock-alerts';

// 'Avise-me quando chegar' (src/api/stock-alerts.ts): a push alert is the session's customer's,
// never the body's. Personal answers: no-store (the service worker never caches them either).

export async function stockAlertRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  serveOperation(app, stockAlertOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    let pushCustomerId: number | undefined;
    if (body.push) {
      const session = await findSession(db, request);
      if (!session) throw refuse('unauthenticated', STOCK_ALERT_PUSH_SIGNED_OUT_MESSAGE);
      pushCustomerId = session.customerId;
    }
    const resposta = await askStockAlert(
      db,
      request.log,
      { idprd: body.idprd, storeId: body.loja, email: body.email, pushCustomerId },
      { publicUrl: app.config.PUBLIC_URL, mailDelivery: app.mailDelivery },
    );
    return { resposta };
  });

  serveOperation(app, stockAlertCancelOperation, async ({ body, reply }) => {
    reply.header('cache-control', 'no-store');
    return { resposta: await cancelStockAlert(db, body.token) };
  });
}
