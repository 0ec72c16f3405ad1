import type { FastifyRequest, FastifyServerOptions } from 'fastify';

// The request log writes each request's URL. A reset link (/redefinir?acess=...) or any other
// token in a query string would otherwise sit in every log shipped off the machine.

/**
 * Query parameters whose value is a secret (reset and pairing codes, tokens, passwords, signatures)
 * or personal (the e-mail a reset link names).
 */
const SECRET_PARAMETER =
  /^(acess|access|token|.*_token|code|codigo_pareamento|senha|password|secret|signature|sig|key|email)$/i;

/** The URL with every secret query value replaced by `***`. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // Malformed escapes: judge the name as it is.
      }
      return equals !== -1 && SECRET_PARAMETER.test(name) ? `${rawName}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

/** The logger options of the app: the caller's (level, stream) plus the redacting serializer. */
export function loggerOptions(
  logger: FastifyServerOptions['logger'] | undefined,
  level: string,
): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = logger && typeof logger === 'object' ? logger : { level };
  return {
    ...base,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    // Should a header ever be logged, the cookies and credentials in it are not.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}
