import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  COB_ACTIVE,
  COB_PAID,
  COB_REMOVED_BY_US,
  TXID_PATTERN,
  type Cob,
} from '../services/payments/pix/api-pix';
import { registerReceivedRoutes } from './api-received';
import { dynamicBrCode } from './br-code';
import { PixEmulatorCore, TOKEN_SCOPES, type EmulatorOptions } from './emulator';
import { apiGuard, problem } from './http';
import { findCob, insertCob, moveCob, pixOfCob } from './records';
import { readCob } from './requests';

// The emulator's HTTP side: the subset of API Pix v2 the store uses, with the standard's answers
// and its application/problem+json errors, behind OAuth2 client credentials.

/** One request and its answer, for the contract tests. */
export interface Exchange {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  status: number;
  contentType: string;
  answer: unknown;
}

export interface StartOptions extends EmulatorOptions {
  /** HTTPS with client certificates required (the mutual TLS PSPs ask for). */
  tls?: { cert: string; key: string; ca: string };
  onExchange?: (exchange: Exchange) => void;
}

export interface RunningEmulator {
  core: PixEmulatorCore;
  /** The API's base (PIX_API_URL), e.g. http://127.0.0.1:40123/api/v2 */
  url: string;
  tokenUrl: string;
  close(): Promise<void>;
}

const API = '/api/v2';

export async function startPixEmulator(options: StartOptions): Promise<RunningEmulator> {
  const core = new PixEmulatorCore(options);
  const app = Fastify({
    logger: false,
    ...(options.tls ? { https: { ...options.tls, requestCert: true, rejectUnauthorized: true } } : {}),
  }) as unknown as FastifyInstance;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(text as string))),
  );
  if (options.onExchange) recordExchanges(app, options.onExchange);
  registerRoutes(app, core);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    core,
    url: `${address}${API}`,
    tokenUrl: `${address}/oauth/token`,
    close: async () => {
      core.stop();
      await app.close();
    },
  };
}

function recordExchanges(app: FastifyInstance, onExchange: (exchange: Exchange) => void) {
  app.addHook('onSend', async (request, reply, payload) => {
    const text = typeof payload === 'string' ? payload : '';
    onExchange({
      method: request.method,
      path: request.url.split('?')[0],
      query: request.query as Record<string, string>,
      body: request.body,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
      answer: text ? JSON.parse(text) : undefined,
    });
    return payload;
  });
}

function registerRoutes(app: FastifyInstance, core: PixEmulatorCore) {
  const { db } = core.options;
  const guard = apiGuard(core);
  // A late answer: the work is done, the answer waits (a client that gave up learns nothing).
  app.addHook('onSend', async (_request, reply, payload) => {
    const delay = Number(reply.getHeader('x-emulator-delay') ?? 0);
    if (delay) {
      reply.removeHeader('x-emulator-delay');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    return payload;
  });

  app.post('/oauth/token', { preHandler: guard('POST /oauth/token') }, async (request, reply) => {
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    const [clientId, clientSecret] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    const grant = (request.body as { grant_type?: string } | undefined)?.grant_type;
    const token =
      scheme === 'Basic' &&
      grant === 'client_credentials' &&
      core.issueToken(clientId ?? '', clientSecret ?? '');
    if (!token) return reply.code(401).send({ error: 'invalid_client' });
    return { access_token: token, token_type: 'Bearer', expires_in: core.tokenSeconds, scope: TOKEN_SCOPES };
  });

  app.put<{ Params: { txid: string } }>(
    `${API}/cob/:txid`,
    { preHandler: guard('PUT /cob') },
    async (request, reply) => {
      const { txid } = request.params;
      const read = readCob(request.body, core.options.pixKey);
      if (!TXID_PATTERN.test(txid) || 'violacao' in read)
        return problem(
          reply,
          400,
          'CobOperacaoInvalida',
          'Cobrança inválida.',
          'violacao' in read ? read.violacao : 'txid inválido.',
        );
      const now = new Date();
      const location = `pix-emulador.casaeobra.local/qr/v2/${randomBytes(16).toString('hex')}`;
      const cob: Cob = {
        ...read.cob,
        calendario: { criacao: now.toISOString(), expiracao: read.cob.calendario.expiracao },
        txid,
        revisao: 0,
        loc: {
          id: Number(BigInt(`0x${randomBytes(4).toString('hex')}`)),
          location,
          tipoCob: 'cob',
          txid,
          criacao: now.toISOString(),
        },
        location,
        status: COB_ACTIVE,
        pixCopiaECola: dynamicBrCode({
          location,
          merchantName: core.options.merchantName,
          merchantCity: core.options.merchantCity,
        }),
      };
      const expiresAt = new Date(now.getTime() + read.cob.calendario.expiracao * 1000);
      // A txid already used (the standard allows changing an ATIVA charge by PUT; not emulated).
      if (!(await insertCob(db, cob, location, expiresAt)))
        return problem(
          reply,
          400,
          'CobOperacaoInvalida',
          'Cobrança inválida.',
          'O txid informado já foi utilizado.',
        );
      core.scheduleAutoPayment(txid);
      return reply.code(201).send(cob);
    },
  );

  app.get<{ Params: { txid: string } }>(
    `${API}/cob/:txid`,
    { preHandler: guard('GET /cob') },
    async (request, reply) => {
      await core.payIfDue(request.params.txid);
      const cob = await findCob(db, { txid: request.params.txid });
      if (!cob) return problem(reply, 404, 'CobNaoEncontrado', 'Cobrança não encontrada.');
      const pix = await pixOfCob(db, cob.txid);
      return { ...cob.body, status: cob.status, ...(pix.length ? { pix } : {}) };
    },
  );

  app.patch<{ Params: { txid: string } }>(
    `${API}/cob/:txid`,
    { preHandler: guard('PATCH /cob') },
    async (request, reply) => {
      const body = (request.body ?? {}) as { status?: unknown };
      if (body.status !== COB_REMOVED_BY_US || Object.keys(body).length !== 1)
        return problem(
          reply,
          400,
          'CobOperacaoInvalida',
          'Cobrança inválida.',
          'Só a remoção da cobrança é emulada.',
        );
      const cob = await findCob(db, { txid: request.params.txid });
      if (!cob) return problem(reply, 404, 'CobNaoEncontrado', 'Cobrança não encontrada.');
      if (!(await moveCob(db, cob.txid, COB_ACTIVE, COB_REMOVED_BY_US, true))) {
        const now = await findCob(db, { txid: cob.txid });
        const why = now?.status === COB_PAID ? 'A cobrança já foi paga.' : 'A cobrança não está ATIVA.';
        return problem(reply, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', why);
      }
      return (await findCob(db, { txid: cob.txid }))!.body;
    },
  );

  registerReceivedRoutes(app, core, API);
}
