import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DATASNAP_PATH } from '../../api/datasnap-path';
import type { Operation } from '../../api/define';
import { cacheKey, sendCached, type AnswerCache } from './answer-cache';

/** A failure a handler means to show: status and the pt-BR `resposta` (plus any extra answer fields). */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly resposta: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(resposta);
  }
}

export const fail = (status: number, resposta: string, extra?: Record<string, unknown>) =>
  new HttpFailure(status, resposta, extra);

type Handler<Op extends Operation> = (context: {
  // NonNullable: `query` and `body` are optional on Operation, so `Op['query']` includes undefined.
  query: NonNullable<Op['query']> extends z.ZodType ? z.output<NonNullable<Op['query']>> : undefined;
  body: NonNullable<Op['body']> extends z.ZodType ? z.output<NonNullable<Op['body']>> : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<z.input<Op['answer']>> | z.input<Op['answer']>;

function describeIssues(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Dados inválidos.';
  const field = first.path.join('.');
  return field ? `Dados inválidos no campo ${field}: ${first.message}` : `Dados inválidos: ${first.message}`;
}

/** PostgreSQL refuses NUL in text, so a NUL anywhere in the input would surface as a 500. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * The contract's validation for any input of ours: the parsed value, or a 400 with a pt-BR
 * `resposta` (never a 500) for a wrong shape or a NUL that PostgreSQL would refuse.
 */
export function validateInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  message?: string,
): z.output<Schema> {
  if (containsNul(value)) throw fail(400, 'Dados inválidos: caracteres de controle não são aceitos.');
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fail(400, message ?? describeIssues(parsed.error));
  return parsed.data;
}

export interface ServeOptions {
  /**
   * Keep the serialized, compressed answer per validated query and send those bytes (with ETag and
   * 304) until the cache is invalidated. Only for answers that are the same for every caller: no
   * session, cookie or header may change them. The handler must answer 200 or throw; failures are
   * never kept.
   */
  cache?: AnswerCache;
}

/**
 * Serves one contract operation: validates the query or body with the contract (bad input is a 400
 * with a pt-BR `resposta`, never a 500) and answers with the operation's success status.
 */
export function serveOperation<Op extends Operation>(
  app: FastifyInstance,
  operation: Op,
  handler: Handler<Op>,
  { cache }: ServeOptions = {},
): void {
  if (cache && operation.method !== 'GET') throw new Error(`${operation.name}: only GET answers are cached`);
  app.route({
    method: operation.method,
    url: `${DATASNAP_PATH}/${operation.name}`,
    // Cached answers are stored compressed; the plugin would only look at them again.
    ...(cache ? { compress: false as const } : {}),
    handler: async (request, reply) => {
      if (containsNul(request.query) || containsNul(request.body)) {
        throw fail(400, 'Dados inválidos: caracteres de controle não são aceitos.');
      }
      const query: unknown = operation.query
        ? validateInput(operation.query, request.query ?? {})
        : undefined;
      const body: unknown = operation.body ? validateInput(operation.body, request.body ?? {}) : undefined;
      const context = { query, body, request, reply } as Parameters<Handler<Op>>[0];
      if (cache) {
        const key = cacheKey(operation.name, query);
        const entry =
          cache.get(key) ??
          (await cache.fill(key, async () => {
            const answer = await handler(context);
            if (reply.sent || reply.statusCode !== 200)
              throw new Error(`${operation.name}: a cached operation answers 200 or throws`);
            return { answer, cacheControl: reply.getHeader('cache-control') as string | undefined };
          }));
        return sendCached(cache, entry, request, reply);
      }
      const answer = await handler(context);
      if (reply.sent) return reply;
      if (reply.statusCode === 200) reply.code(operation.okStatus);
      return answer;
    },
  });
}

/** The `Idempotency-Key` a device sent with a write it may send again (at most 100 characters). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length <= 100 ? key : undefined;
}
