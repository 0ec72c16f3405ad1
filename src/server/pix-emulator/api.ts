import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { registerCobRoutes } from './api-cob';
import { registerReceivedRoutes } from './api-received';
import { PixEmulatorCore, TOKEN_SCOPES, type EmulatorOptions } from './emulator';
import { apiGuard, problem } from './http';

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
  // API Pix speaks JSON (and the token endpoint forms): any other body is refused, never read.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(text as string))),
  );
  if (options.onExchange) recordExchanges(app, options.onExchange);
  answerErrorsAsProblems(app, core);
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

/**
 * What Fastify answers itself (a body that is not JSON, an unknown path, a failure) in the API's
 * problem form: 400 RequisicaoInvalida, 404 NaoEncontrado, 500 ErroInternoDoServidor, the general
 * errors API Pix gives every endpoint. The token endpoint is OAuth2's and answers as RFC 6749 does.
 */
function answerErrorsAsProblems(app: FastifyInstance, core: PixEmulatorCore) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failed = !error.statusCode || error.statusCode >= 500;
    if (failed) core.options.log.error({ err: error }, 'pix emulator: request failed');
    if (request.url.startsWith('/oauth/token'))
      return reply.code(failed ? 500 : 400).send({ error: failed ? 'server_error' : 'invalid_request' });
    if (failed) return problem(reply, 'ErroInternoDoServidor');
    const razao =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'O corpo da requisição não é application/json.'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'O corpo da requisição excede o tamanho aceito.'
          : 'O corpo da requisição não é um JSON válido.';
    return problem(reply, 'RequisicaoInvalida', [{ razao, propriedade: 'body' }]);
  });
  app.setNotFoundHandler((_request, reply) => problem(reply, 'NaoEncontrado'));
}

function registerRoutes(app: FastifyInstance, core: PixEmulatorCore) {
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

  registerCobRoutes(app, core, API);
  registerReceivedRoutes(app, core, API);
}
