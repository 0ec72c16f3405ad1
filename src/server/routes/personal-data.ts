import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_ERASED_MESSAGE,
  PERSONAL_DATA_FILE_NAME,
  accountErasureOperation,
  personalDataExportOperation,
} from '../../api/personal-data';
import { serveOperation } from '../http/operation';
import { eraseAccount, exportPersonalData } from '../services/personal-data';
import { endSession, requireCustomer } from '../services/sessions';

/** 'Baixar meus dados' and 'Excluir minha conta' (LGPD art. 18), for the session customer only. */
export async function personalDataRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;

  serveOperation(app, personalDataExportOperation, async ({ request, reply }) => {
    const session = await requireCustomer(db, request);
    reply.header('content-disposition', `attachment; filename="${PERSONAL_DATA_FILE_NAME}"`);
    return exportPersonalData(db, session.customerId);
  });

  serveOperation(app, accountErasureOperation, async ({ body, request, reply }) => {
    const session = await requireCustomer(db, request);
    await eraseAccount(db, request.log, app.mailDelivery, session.customerId, body.senha);
    await endSession(db, request, reply);
    return { resposta: ACCOUNT_ERASED_MESSAGE };
  });
}
