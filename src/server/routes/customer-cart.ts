import type { FastifyInstance } from 'fastify';
import { changeCustomerCartOperation, customerCartOperation } from '../../api/customer-cart';
import { idempotencyKeyOf, serveOperation } from '../http/operation';
import { changeCustomerCart, readCustomerCart } from '../services/customer-carts';
import { requireCustomer } from '../services/sessions';

/** The signed-in customer's cart across devices (src/api/customer-cart.ts): the session's customer only. */
export async function customerCartRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  serveOperation(app, customerCartOperation, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const session = await requireCustomer(db, request);
    return readCustomerCart(db, session.customerId);
  });

  serveOperation(app, changeCustomerCartOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const session = await requireCustomer(db, request);
    return changeCustomerCart(db, session.customerId, {
      base: body.base,
      mode: body.modo,
      changes: body.mudancas.map((change) => ({
        idprd: change.id,
        loteId: change.selectedLote ?? null,
        quantity: change.quantidade,
        at: new Date(change.em),
      })),
      idempotencyKey: idempotencyKeyOf(request),
    });
  });
}
