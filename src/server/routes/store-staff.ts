import type { FastifyInstance } from 'fastify';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '../../api/store-mode';
import { orderLookupOperation, pickupListOperation, pickupStepOperation } from '../../api/store-pickup';
import {
  STAFF_MANAGER_ONLY_MESSAGE,
  staffListOperation,
  staffSignInOperation,
  staffSignOutOperation,
  staffStatusOperation,
  storeDaySalesOperation,
} from '../../api/store-staff';
import { storeDate } from '../../domain/store-calendar';
import { fail, serveOperation } from '../http/operation';
import { overLimit, type AttemptLimit } from '../services/attempts';
import { lookUpOrder, makePickupStep, pickupQueue } from '../services/pickup-counter';
import {
  counterReturnsOperation,
  counterWithdrawalOperation,
  returnReceivedOperation,
} from '../../api/store-returns';
import { listReturns, markReturnReceived } from '../services/orders/returns';
import { withdrawAtCounter } from '../services/orders/withdraw';
import { salesOfDay } from '../services/sales';
import { readStaff, requireStaff, signInStaff, signOutStaff, storeStaff } from '../services/staff-sessions';
import { requireTablet } from '../services/tablets';
import { sendWithdrawalWork } from './orders';

// Store staff on a paired tablet (src/api/store-staff.ts, src/api/store-pickup.ts): the tablet
// credential first, then the staff session; the store always comes from the tablet.

/** PIN tries per tablet, beside the per-member lock: one tablet cannot walk every member's PIN. */
const PIN_ATTEMPTS: AttemptLimit = { scope: 'pin', limit: 30, windowMinutes: 15 };
/** CPF/CNPJ endings tried per seller at the counter. */
const PICKUP_DOCUMENT_ATTEMPTS: AttemptLimit = { scope: 'retirada', limit: 20, windowMinutes: 15 };

/** Order look-ups per seller: a number and a full CPF/CNPJ, so guessing needs both. */
const ORDER_LOOKUP_ATTEMPTS: AttemptLimit = { scope: 'consulta-pedido', limit: 20, windowMinutes: 15 };

export async function storeStaffRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const secureCookie = app.config.COOKIE_SECURE;

  serveOperation(app, staffListOperation, async ({ request, reply }) => {
    const tablet = await requireTablet(db, request, reply);
    return { equipe: await storeStaff(db, tablet.store.id) };
  });

  serveOperation(app, staffStatusOperation, async ({ request, reply }) => {
    const tablet = await requireTablet(db, request, reply);
    const staff = await readStaff(db, request, tablet);
    return { vendedor: staff ? { id: staff.id, nome: staff.nome, papel: staff.papel } : null };
  });

  serveOperation(app, staffSignInOperation, async ({ body, request, reply }) => {
    const tablet = await requireTablet(db, request, reply);
    if (await overLimit(db, PIN_ATTEMPTS, String(tablet.tabletId)))
      throw fail(429, TOO_MANY_ATTEMPTS_MESSAGE);
    const staff = await signInStaff(db, tablet, body, reply, secureCookie);
    return {
      resposta: `Olá, ${staff.nome}.`,
      vendedor: { id: staff.id, nome: staff.nome, papel: staff.papel },
    };
  });

  serveOperation(app, staffSignOutOperation, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    await signOutStaff(db, request, reply, secureCookie);
    return { resposta: 'Sessão do vendedor encerrada.' };
  });

  serveOperation(app, storeDaySalesOperation, async ({ query, request, reply }) => {
    const { tablet } = await requireStaff(db, request, reply, 'gerente', STAFF_MANAGER_ONLY_MESSAGE);
    const sales = await salesOfDay(db, query.dia ?? storeDate(new Date()), tablet.store.id);
    return {
      dia: sales.dia,
      loja: tablet.store.name,
      pedidos: sales.pedidos.map(({ id, hora, canal, vendedor, status, total }) => ({
        id,
        hora,
        canal,
        vendedor,
        status,
        total,
      })),
      vendedores: sales.vendedores,
      total: sales.lojas.reduce((sum, store) => sum + store.total, 0),
    };
  });

  serveOperation(app, pickupListOperation, async ({ request, reply }) => {
    const { tablet } = await requireStaff(db, request, reply);
    return { pedidos: await pickupQueue(db, tablet.store.id) };
  });

  serveOperation(app, pickupStepOperation, async ({ body, request, reply }) => {
    const context = await requireStaff(db, request, reply);
    if (
      body.passo === 'retirado' &&
      (await overLimit(db, PICKUP_DOCUMENT_ATTEMPTS, String(context.staff.id)))
    )
      throw fail(429, TOO_MANY_ATTEMPTS_MESSAGE);
    return makePickupStep(db, context, body);
  });

  serveOperation(app, orderLookupOperation, async ({ query, request, reply }) => {
    const { staff } = await requireStaff(db, request, reply);
    if (await overLimit(db, ORDER_LOOKUP_ATTEMPTS, String(staff.id)))
      throw fail(429, TOO_MANY_ATTEMPTS_MESSAGE);
    return lookUpOrder(db, query.pedido, query.documento);
  });

  // A withdrawal for the customer at the counter: the same money owed back as the shopper's own
  // (routes/orders.ts), sent at once; the number and CPF/CNPJ count in the look-up's limit.
  serveOperation(app, counterWithdrawalOperation, async ({ body, request, reply }) => {
    const context = await requireStaff(db, request, reply);
    if (await overLimit(db, ORDER_LOOKUP_ATTEMPTS, String(context.staff.id)))
      throw fail(429, TOO_MANY_ATTEMPTS_MESSAGE);
    const answer = await withdrawAtCounter(db, context, body);
    await sendWithdrawalWork(app, request);
    return answer;
  });

  serveOperation(app, counterReturnsOperation, async ({ request, reply }) => {
    const { tablet } = await requireStaff(db, request, reply);
    return { devolucoes: await listReturns(db, { store: tablet.store.id }) };
  });

  serveOperation(app, returnReceivedOperation, async ({ body, request, reply }) => {
    const { tablet, staff } = await requireStaff(db, request, reply);
    return markReturnReceived(db, body.pedido, { staffId: staff.id, storeId: tablet.store.id });
  });
}
