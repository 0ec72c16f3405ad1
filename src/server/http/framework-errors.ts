import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpFailure } from './operation';

// What Node and Fastify answer before a route runs (a malformed request line, headers too large,
// bad percent-encoding, an unknown content type, a body too large, a client too slow) is answered
// here in pt-BR with a `resposta`, like every other failure.

/** Limits of the HTTP server, set explicitly rather than left to Node's and Fastify's defaults. */
export const SERVER_LIMITS = {
  bodyLimit: 256 * 1024,
  /** A path parameter longer than this is refused with 414 (ids, file names, CEPs are short). */
  maxParamLength: 200,
  /** The whole request (headers and body) must arrive within this. */
  requestTimeout: 30_000,
  /** The headers must arrive within this (Node's http `headersTimeout`, at most requestTimeout). */
  headersTimeout: 20_000,
  /** An idle kept-alive connection is closed after this; longer than common load balancers' 60 s. */
  keepAliveTimeout: 72_000,
  /** A socket with no activity at all is closed after this. */
  connectionTimeout: 120_000,
  /** Request line plus headers (Node's default, said out loud). */
  maxHeaderSize: 16 * 1024,
} as const;

const MESSAGES: Record<number, string> = {
  400: 'Requisição inválida.',
  404: 'Operação não encontrada.',
  405: 'Método não permitido.',
  406: 'Formato de resposta não suportado.',
  408: 'A requisição demorou demais para chegar. Tente novamente.',
  411: 'Informe o tamanho do corpo da requisição.',
  413: 'Requisição grande demais.',
  414: 'Endereço longo demais.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas requisições. Aguarde um pouco e tente novamente.',
  431: 'Cabeçalhos da requisição grandes demais.',
};

const CODE_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES[415]!,
  FST_ERR_CTP_INVALID_TYPE: MESSAGES[415]!,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES[413]!,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corpo da requisição vazio.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Tamanho do corpo da requisição não confere.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Corpo da requisição inválido: JSON malformado.',
  FST_ERR_BAD_URL: 'Endereço inválido: codificação de caracteres malformada.',
  FST_ERR_MAX_PARAM_LENGTH: MESSAGES[414]!,
};

/** The pt-BR `resposta` of a 4xx the framework raised (status and, when it has one, its code). */
export function clientFailureMessage(status: number, error?: { code?: string; name?: string }): string {
  if (error?.code && CODE_MESSAGES[error.code]) return CODE_MESSAGES[error.code]!;
  if (status === 400 && error?.name === 'SyntaxError') return CODE_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!;
  return MESSAGES[status] ?? MESSAGES[400]!;
}

/** Fastify's router failures: bad percent-encoding (400) and a too long path parameter (414). */
export function frameworkErrors(error: { code?: string }, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  // Answered before routing, so before the onRequest hooks that set the security headers.
  const csp = (request.server as { csp?: { header(): string } }).csp;
  if (csp) reply.header('content-security-policy', csp.header());
  return reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('cache-control', 'no-store')
    .send({ resposta: clientFailureMessage(status, error) });
}

function statusOfParseError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): number {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (error.code !== 'HPE_HEADER_OVERFLOW') return 400;
  // The request line alone did not fit: the address is too long, not the headers.
  const packet = error.rawPacket?.toString('latin1') ?? '';
  const lineEnd = packet.indexOf('\r\n');
  return lineEnd === -1 || lineEnd > SERVER_LIMITS.maxHeaderSize / 2 ? 414 : 431;
}

/**
 * Node's 'clientError': answers, then closes gently. Ending (not destroying) the socket and reading
 * what the client still sends lets it read the answer; destroying it with unread input would reset
 * the connection before the client sees the status.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = statusOfParseError(error);
  const body = JSON.stringify({ resposta: clientFailureMessage(status) });
  const reason = {
    400: 'Bad Request',
    408: 'Request Timeout',
    414: 'URI Too Long',
    431: 'Request Header Fields Too Large',
  }[status];
  socket.on('error', () => {});
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.resume();
  setTimeout(() => socket.destroy(), 5000).unref();
}

/** The Fastify options that carry these limits and handlers. */
export function serverOptions() {
  return {
    bodyLimit: SERVER_LIMITS.bodyLimit,
    routerOptions: { maxParamLength: SERVER_LIMITS.maxParamLength },
    requestTimeout: SERVER_LIMITS.requestTimeout,
    keepAliveTimeout: SERVER_LIMITS.keepAliveTimeout,
    connectionTimeout: SERVER_LIMITS.connectionTimeout,
    http: { headersTimeout: SERVER_LIMITS.headersTimeout, maxHeaderSize: SERVER_LIMITS.maxHeaderSize },
    clientErrorHandler,
    frameworkErrors,
  };
}

/** Longest URL served; Node already refuses a request line past maxHeaderSize with 414. */
export const MAX_URL_LENGTH = 8 * 1024;

/** A URL longer than any of the store's is refused before routing (414). */
export function registerUrlLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new HttpFailure(414, clientFailureMessage(414));
  });
}
