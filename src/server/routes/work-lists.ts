import type { FastifyInstance } from 'fastify';
import { changeWorkListsOperation, recheckOperation, workListsOperation } from '../../api/work-lists';
import { idempotencyKeyOf, serveOperation } from '../http/operation';
import { changeWorkLists, readWorkLists, recheckItems, recheckOrder } from '../services/work-lists';
import { requireCustomer } from '../services/sessions';

/** 'Listas da obra' and 'Comprar novamente' (src/api/work-lists.ts): the session's customer only. */
export async function workListRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  serveOperation(app, workListsOperation, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const session = await requireCustomer(db, request);
    return readWorkLists(db, session.customerId);
  });

  serveOperation(app, changeWorkListsOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    const session = await requireCustomer(db, request);
    return changeWorkLists(db, session.customerId, {
      mode: body.modo,
      changes: body.mudancas,
      idempotencyKey: idempotencyKeyOf(request),
    });
  });

  serveOperation(app, recheckOperation, async ({ body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    if ('pedido' in body) {
      const session = await requireCustomer(db, request);
      return { linhas: await recheckOrder(db, session.customerId, body.pedido) };
    }
    return { linhas: await recheckItems(db, body.itens) };
  });
}
