import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail } from '../http/operation';
import { eq } from 'drizzle-orm';
import { products } from '../db/schema';
import { latestMail } from '../services/mail';
import { advanceOrder, cancelOrder } from '../services/orders';
import { confirmPixForOrder } from '../services/payments';

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

const orderParams = z.object({ id: z.coerce.number().int().positive() });

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

      scope.get<{ Querystring: { limit?: string } }>('/mail/latest', async (request) => {
        const limit = Math.min(50, Math.max(1, Number(request.query.limit ?? 5) || 5));
        const mensagens = await latestMail(db, limit);
        return {
          mensagens: mensagens.map((message) => ({
            ...message,
            // The reset link is never stored: it is shown while this process holds it.
            links: [app.mailLinks.linkOf(message.id)].filter((link) => link !== undefined),
          })),
        };
      });

      scope.post<{ Params: { id: string }; Body: { rastreio?: string } | undefined }>(
        '/orders/:id/advance',
        async (request) => {
          const { id } = orderParams.parse(request.params);
          const rastreio = z.string().max(40).optional().parse(request.body?.rastreio);
          return advanceOrder(db, id, rastreio);
        },
      );

      scope.post<{ Params: { id: string } }>('/orders/:id/cancel', async (request) => {
        const { id } = orderParams.parse(request.params);
        const view = await cancelOrder(db, id);
        app.catalogueCache.invalidate(); // units back in stock
        return view;
      });

      // A price change made at the counter (and the browser tests' way to reprice a product).
      scope.post<{ Params: { id: string }; Body: { preco_centavos?: unknown } | undefined }>(
        '/products/:id/price',
        async (request) => {
          const { id } = orderParams.parse(request.params);
          const preco = z.number().int().min(1).max(100_000_000).safeParse(request.body?.preco_centavos);
          if (!preco.success) throw fail(400, 'preco_centavos deve ser um número inteiro de centavos.');
          const updated = await db
            .update(products)
            .set({ priceCentavos: preco.data })
            .where(eq(products.idprd, id))
            .returning({ idprd: products.idprd });
          if (updated.length === 0) throw fail(404, 'Produto não encontrado.');
          app.catalogueCache.invalidate();
          return { idprd: id, preco_centavos: preco.data };
        },
      );

      scope.post<{ Params: { id: string } }>('/pix/:id/confirm', async (request) => {
        const { id } = orderParams.parse(request.params);
        const resultado = await confirmPixForOrder(db, id);
        return { pedido: id, resultado };
      });
    },
    { prefix: ADMIN_PREFIX },
  );
}
