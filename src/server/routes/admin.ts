import { cardRefundLines } from '../services/payments/cards/staff';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail, validateInput } from '../http/operation';
import { setProductActive, setProductPrice } from '../services/catalogue-admin';
import { latestMail } from '../services/mail';
import { listReturns, markReturnReceived } from '../services/orders/returns';
import { latestPushes } from '../services/notifications/push';
import { cancelOrder } from '../services/orders/cancel';
import { removeOrderLine } from '../services/orders/remove-line';
import { advanceOrder, invoiceOrder } from '../services/orders/stages';
import { reconcile } from '../services/payments/pix/reconcile';
import {
  confirmOrderThroughEmulator,
  payThroughEmulator,
  reaisText,
  refundsAndUnknown,
} from '../services/payments/pix/staff';
import { storeDate } from '../../domain/store-calendar';
import { salesOfDay } from '../services/sales';
import { fieldReportDays } from '../../api/field-measurement';
import { fieldReport } from '../services/field-measurement';
import { sellerQuery, staffAdminRoutes, storeNumber, STORE_NUMBER_RANGE } from './admin-staff';
import { createPairingCode, listTablets, revokeTablet } from '../services/tablets';

// Staff and sandbox commands (`npm run store -- ...`, src/server/cli.ts) reach the running server
// here, because the embedded database can be open in one process only. Two locks: the request
// must come from this machine's loopback (the socket's address, not X-Forwarded-For), and carry
// the admin token the server writes at start to DATA_DIR/admin-token (mode 0600) or ADMIN_TOKEN.

export const ADMIN_PREFIX = '/admin';
export const ADMIN_TOKEN_FILE = 'admin-token';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** From this machine and not relayed: a reverse proxy on the same host would otherwise look local. */
function isLoopback(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] || request.headers.forwarded) return false;
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}

function sameToken(expected: string, header: string | undefined): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function adminTokenPath(dataDir: string): string {
  return join(resolve(dataDir), ADMIN_TOKEN_FILE);
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const mailQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) });
const advanceBody = z.object({ rastreio: z.string().trim().max(40).optional() }).optional();
const priceBody = z.object({ preco_centavos: z.number().int().min(1).max(100_000_000) });
const PRICE_MESSAGE = 'preco_centavos deve ser um número inteiro de centavos.';
const activeBody = z.object({ ativo: z.boolean() });
const ACTIVE_MESSAGE = 'ativo deve ser true ou false.';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const token = app.config.ADMIN_TOKEN ?? randomBytes(32).toString('base64url');

  // Written only when the server really listens: tests that build the app never touch DATA_DIR.
  app.addHook('onListen', async () => {
    if (app.config.ADMIN_TOKEN) return;
    const file = adminTokenPath(app.config.DATA_DIR);
    mkdirSync(resolve(app.config.DATA_DIR), { recursive: true });
    writeFileSync(file, `${token}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  });

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        if (!isLoopback(request)) throw fail(404, 'Operação não encontrada.');
        if (!sameToken(token, request.headers.authorization))
          throw fail(401, 'Token de administração inválido.');
      });

      scope.get('/mail/latest', async (request) => {
        const { limit } = validateInput(mailQuery, request.query ?? {});
        const mensagens = await latestMail(db, limit);
        return {
          mensagens: mensagens.map((message) => ({
            ...message,
            // The reset link is never stored: it is shown while this process holds it.
            links: [app.mailLinks.linkOf(message.id)].filter((link) => link !== undefined),
          })),
        };
      });

      scope.get('/push/latest', async (request) => {
        const { limit } = validateInput(mailQuery, request.query ?? {});
        // A round first: what the last change queued is sent (or tried) before it is listed.
        await app.notifications.runOnce();
        return { pushes: await latestPushes(db, limit) };
      });

      scope.post('/orders/:id/advance', async (request) => {
        const { id } = validateInput(idParams, request.params);
        const body = validateInput(advanceBody, request.body ?? undefined);
        return advanceOrder(db, id, body?.rastreio);
      });

      // Invoicing: a card only authorized (CARD_CAPTURE=invoice) is captured now (the worker
      // retries, and reads back, what does not answer).
      scope.post('/orders/:id/invoice', async (request) => {
        const { id } = validateInput(idParams, request.params);
        const view = await invoiceOrder(db, id);
        await app.cards.work
          .runOnce()
          .catch((error) => request.log.warn({ err: error }, 'card capture not sent yet'));
        return view;
      });

      scope.post('/orders/:id/cancel', async (request) => {
        const { id } = validateInput(idParams, request.params);
        const view = await cancelOrder(db, id);
        app.catalogueCache.invalidate(); // units back in stock
        // A card's money owed back goes to the provider now (the worker retries what fails).
        await app.cards.work
          .runOnce()
          .catch((error) => request.log.warn({ err: error }, 'card refunds not sent yet'));
        return view;
      });

      // A line out of stock removed after payment: its value goes back through the provider that
      // took the money (sent now; the workers retry what fails), its units back in stock.
      scope.post('/orders/:id/lines/:idprd/remove', async (request) => {
        const { id } = validateInput(idParams, request.params);
        const { id: idprd } = validateInput(idParams, {
          id: (request.params as { idprd?: string }).idprd,
        });
        const removed = await removeOrderLine(db, id, idprd);
        app.catalogueCache.invalidate();
        await app.pix.work.kick();
        await app.cards.work
          .runOnce()
          .catch((error) => request.log.warn({ err: error }, 'card refunds not sent yet'));
        return removed;
      });

      // Returns opened by withdrawals (CDC art. 49): the goods to collect or to receive at a store.
      scope.get<{ Querystring: { loja?: string } }>('/orders/returns', async (request) => {
        const loja = request.query.loja === undefined ? undefined : storeNumber.safeParse(request.query.loja);
        if (loja && !loja.success) throw fail(400, `Loja inválida: ${STORE_NUMBER_RANGE}.`);
        return { devolucoes: await listReturns(db, { store: loja?.data }) };
      });
      // The goods came back (at the warehouse, or a store without a tablet): no money moves.
      scope.post('/orders/:id/return-received', async (request) => {
        const { id } = validateInput(idParams, request.params);
        return markReturnReceived(db, id, null);
      });

      // A price change made at the counter (and the browser tests' way to reprice a product).
      scope.post('/products/:id/price', async (request) => {
        const { id } = validateInput(idParams, request.params);
        const { preco_centavos } = validateInput(priceBody, request.body ?? {}, PRICE_MESSAGE);
        await setProductPrice(db, id, preco_centavos);
        app.catalogueCache.invalidate();
        return { idprd: id, preco_centavos };
      });

      // A product taken off sale (or back); the browser tests' way to deactivate one under a cart.
      scope.post('/products/:id/active', async (request) => {
        const { id } = validateInput(idParams, request.params);
        const { ativo } = validateInput(activeBody, request.body ?? {}, ACTIVE_MESSAGE);
        await setProductActive(db, id, ativo);
        app.catalogueCache.invalidate();
        return { idprd: id, ativo };
      });

      // Store mode: pairing codes, tablets, sales by store (src/server/cli.ts tablet:*, sales:day).
      scope.post<{ Body: { loja?: unknown } | undefined }>('/tablets/pairing-codes', async (request) => {
        const loja = storeNumber.safeParse(request.body?.loja);
        if (!loja.success) throw fail(400, `Informe a loja: --loja N, ${STORE_NUMBER_RANGE}.`);
        const { codigo, expira } = await createPairingCode(db, loja.data);
        return { codigo, expira: expira.toISOString(), loja: loja.data };
      });
      scope.get('/tablets', async () => ({ tablets: await listTablets(db) }));
      scope.post<{ Params: { id: string } }>('/tablets/:id/revoke', async (request) => {
        const { id } = validateInput(idParams, request.params);
        return revokeTablet(db, id);
      });
      staffAdminRoutes(scope, db);
      // `rum:report`: what shoppers' browsers measured (src/server/cli-field-measurement.ts).
      scope.get('/field-report', async (request) => {
        const { dias } = validateInput(z.object({ dias: fieldReportDays }), request.query ?? {});
        return fieldReport(db, dias, storeDate(app.clock()));
      });
      scope.get<{ Querystring: { dia?: string; loja?: string } }>('/sales/day', async (request) => {
        // The day in São Paulo, whatever the host's time zone.
        const dia = request.query.dia ?? storeDate(new Date());
        if (!/^\d{4}-\d{2}-\d{2}$/.test(dia)) throw fail(400, 'Dia inválido: use AAAA-MM-DD.');
        const loja = request.query.loja === undefined ? undefined : storeNumber.safeParse(request.query.loja);
        if (loja && !loja.success) throw fail(400, `Loja inválida: ${STORE_NUMBER_RANGE}.`);
        return salesOfDay(db, dia, loja?.data, sellerQuery(request.query));
      });

      // Pix: paying through the bundled emulator (as a bank app would), reconciling, refunds.
      const pix = app.pix;
      scope.post<{ Params: { id: string } }>('/pix/:id/confirm', async (request) => {
        const { id } = validateInput(idParams, request.params);
        const paid = await confirmOrderThroughEmulator(pix.context, pix.emulator, id);
        await pix.work.kick();
        return paid;
      });
      scope.post<{ Body: { codigo?: unknown; valor?: unknown } }>('/pix/pay', async (request) => {
        const { codigo, valor } = request.body ?? {};
        if (typeof codigo !== 'string' || !codigo.trim() || codigo.length > 512)
          throw fail(400, 'Informe o txid ou o PIX copia e cola.');
        const amountCentavos = valor === undefined ? undefined : reaisText(String(valor));
        if (valor !== undefined && !amountCentavos) throw fail(400, 'Valor inválido: use 12,34.');
        const paid = await payThroughEmulator(pix.context, pix.emulator, { code: codigo, amountCentavos });
        await pix.work.kick();
        return paid;
      });
      scope.post<{ Body: { desde?: unknown } }>('/pix/reconcile', async (request) => {
        const desde = request.body?.desde;
        if (desde !== undefined && (typeof desde !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(desde)))
          throw fail(400, 'Data inválida: use AAAA-MM-DD.');
        // Midnight in São Paulo (UTC-3) of that day.
        return reconcile(pix.context, desde ? new Date(`${desde}T00:00:00-03:00`) : undefined);
      });
      scope.get('/pix/refunds', async () => refundsAndUnknown(pix.context));
      // Card and Pix refunds together, newest first.
      scope.get('/payments/refunds', async () => {
        const pixLines = (await refundsAndUnknown(pix.context)).devolucoes.map((line) => ({
          ...line,
          meio: 'PIX' as const,
          como: 'devolução PIX',
          cartao: null,
        }));
        const lines = [...(await cardRefundLines(db)), ...pixLines];
        lines.sort((a, b) => String(b.solicitadaEm).localeCompare(String(a.solicitadaEm)));
        return { devolucoes: lines };
      });
    },
    { prefix: ADMIN_PREFIX },
  );
}
