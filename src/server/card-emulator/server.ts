import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INTEREST_PAYERS } from '../../domain/payment-options';
import { CardEmulatorCore, EmulatorFailure, type Payment, type PlanConfig } from './core';
import { challengePage, fieldsPage } from './pages';
import { SIGNATURE_HEADER, signNotification } from './signature';

// The bundled card provider: its own HTTP server on its own port (so its pages are another origin
// than the store's, as a real provider's are), serving the card fields, tokenization, the 3-D
// Secure page, an instalment quote, authorize / capture / cancel / refund / get, and notifications
// signed with HMAC-SHA256 posted to the store.

export interface CardEmulatorOptions {
  plan: PlanConfig;
  /** The store's origin: the only one the pages talk to and may be framed by. */
  storeOrigin: string;
  /** Host the browser reaches the emulator at (the store's public host). */
  publicHost: string;
  port?: number;
  /** Listen address (the store's HOST). */
  listenHost?: string;
  /** Where notifications go (the store's /cartao/notificacoes); set once the store listens. */
  webhookUrl?: string;
  secretKey?: string;
  webhookSecret?: string;
  now?: () => Date;
}

export interface RunningCardEmulator {
  core: CardEmulatorCore;
  /** e.g. http://localhost:8081 */
  url: string;
  apiUrl: string;
  secretKey: string;
  publicKey: string;
  webhookSecret: string;
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

export function paymentAnswer(payment: Payment) {
  return {
    id: payment.providerId,
    status: payment.status,
    amount: payment.amountCentavos,
    captured: payment.capturedCentavos,
    refunded: payment.refundedCentavos,
    brand: payment.brand,
    last4: payment.last4,
    installments: payment.installments,
    challengeUrl: payment.challengeUrl,
    refusal: payment.refusal,
    reference: payment.reference,
  };
}

const authorizeBody = z.object({
  token: z.string().max(100),
  amount: z.number().int().positive(),
  installments: z.number().int().min(1).max(24),
  interestPaidBy: z.enum(INTEREST_PAYERS).default('shopper'),
  reference: z.string().max(100),
  returnOrigin: z.string().url(),
  capture: z.boolean(),
});
const moneyBody = z.object({ amount: z.number().int().positive() });

export async function startCardEmulator(options: CardEmulatorOptions): Promise<RunningCardEmulator> {
  const secretKey = options.secretKey ?? `sk_${randomBytes(18).toString('base64url')}`;
  const publicKey = `pk_${randomBytes(12).toString('base64url')}`;
  const webhookSecret = options.webhookSecret ?? randomBytes(24).toString('hex');
  let webhookUrl = options.webhookUrl;
  let eventCount = 0;
  const notify = (payment: Payment) => {
    if (!webhookUrl) return;
    eventCount += 1;
    const body = JSON.stringify({
      eventId: `evt_${eventCount}_${randomBytes(6).toString('hex')}`,
      paymentId: payment.providerId,
      status: payment.status,
    });
    const signature = signNotification(webhookSecret, body, Math.floor(Date.now() / 1000));
    // A provider retries failed deliveries; the store reads the payment back anyway (polling covers it).
    fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      body,
    }).catch(() => undefined);
  };
  const core = new CardEmulatorCore(options.plan, notify, options.now);
  const app = Fastify({ logger: false });
  const pageHeaders = (reply: FastifyReply, nonce: string) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; frame-ancestors ${options.storeOrigin}`,
      );
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return reply.code(401).send({ message: 'Chave secreta inválida.' });
  };
  // A provider's answers are never stored and never sniffed; its pages carry their own CSP.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof EmulatorFailure) return reply.code(error.status).send({ message: error.message });
    if (error instanceof z.ZodError) return reply.code(400).send({ message: 'Requisição inválida.' });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply.code(status).send({ message: 'Erro no emulador.' });
  });

  app.get('/fields', async (request, reply) => {
    const { key } = request.query as { key?: string };
    if (key !== publicKey) return reply.code(403).send('Chave pública inválida.');
    const nonce = randomBytes(12).toString('base64');
    return pageHeaders(reply, nonce).send(fieldsPage(nonce, options.storeOrigin, publicKey));
  });
  app.post('/v1/tokens', async (request) => {
    const body = z
      .object({
        publicKey: z.literal(publicKey),
        number: z.string().max(30),
        expiry: z.string().max(10),
        cvv: z.string().max(4),
      })
      .parse(request.body);
    return core.tokenize(body.number, body.expiry, body.cvv);
  });
  app.get('/3ds/:id', async (request, reply) => {
    const payment = core.get((request.params as { id: string }).id);
    const nonce = randomBytes(12).toString('base64');
    return pageHeaders(reply, nonce).send(challengePage(nonce, payment.returnOrigin, payment.providerId));
  });
  app.post('/3ds/:id', async (request) => {
    const { code } = z.object({ code: z.string().max(8).nullable() }).parse(request.body);
    return paymentAnswer(core.completeChallenge((request.params as { id: string }).id, code));
  });

  app.register(async (api) => {
    api.addHook('onRequest', guard);
    api.post('/v1/installments', async (request) => {
      const body = z
        .object({
          bin: z.string().max(8),
          amount: z.number().int().positive(),
          interestPaidBy: z.enum(INTEREST_PAYERS).default('shopper'),
        })
        .parse(request.body);
      return { installments: core.quote(body.bin, body.amount, body.interestPaidBy) };
    });
    api.post('/v1/payments', async (request, reply) => {
      const key = String(request.headers['idempotency-key'] ?? '');
      if (!key) return reply.code(400).send({ message: 'Idempotency-Key obrigatório.' });
      const body = authorizeBody.parse(request.body);
      const payment = core.authorize({ ...body, amountCentavos: body.amount, key, challengeBase: url });
      if (payment.scenario.kind === 'timeout') {
        // Authorized, but the answer never comes: the caller gives up and must read it back.
        await new Promise((resolve) => request.raw.once('close', resolve));
        return reply;
      }
      return paymentAnswer(payment);
    });
    api.get('/v1/payments/:id', async (request) =>
      paymentAnswer(core.get((request.params as { id: string }).id)),
    );
    api.get('/v1/payments', async (request, reply) => {
      const payment = core.findByKey(String((request.query as { key?: string }).key ?? ''));
      return payment
        ? paymentAnswer(payment)
        : reply.code(404).send({ message: 'Pagamento não encontrado.' });
    });
    const keyed = (request: FastifyRequest) => String(request.headers['idempotency-key'] ?? '');
    api.post('/v1/payments/:id/capture', async (request) =>
      paymentAnswer(
        core.capture(
          (request.params as { id: string }).id,
          moneyBody.parse(request.body).amount,
          keyed(request),
        ),
      ),
    );
    api.post('/v1/payments/:id/cancel', async (request) =>
      paymentAnswer(core.cancel((request.params as { id: string }).id, keyed(request))),
    );
    api.post('/v1/payments/:id/refunds', async (request) =>
      core.refund(
        (request.params as { id: string }).id,
        moneyBody.parse(request.body).amount,
        keyed(request),
      ),
    );
    // The issuer's review, ended by hand (tests, `npm run store -- card:review`).
    api.post('/v1/test/payments/:id/review', async (request) => {
      const { approve } = z.object({ approve: z.boolean().optional() }).parse(request.body ?? {});
      return paymentAnswer(core.finishReview((request.params as { id: string }).id, approve));
    });
  });

  await app.listen({ port: options.port ?? 0, host: options.listenHost ?? '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const url = `http://${options.publicHost}:${port}`;
  return {
    core,
    url,
    apiUrl: `http://127.0.0.1:${port}`,
    secretKey,
    publicKey,
    webhookSecret,
    setWebhookUrl: (next) => (webhookUrl = next),
    close: () => app.close(),
  };
}
