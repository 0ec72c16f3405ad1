import type { z } from 'zod';
import { DATASNAP_PATH } from './datasnap-path';
import type { Operation } from './define';
import { ApiError } from './errors';

/** Base of the DataSnap service: same origin by default, or the retailer's server by configuration. */
export const datasnapBase: string =
  (import.meta.env?.VITE_DATASNAP_URL as string | undefined) ?? DATASNAP_PATH;

type Input<Op extends Operation> = {
  // NonNullable: `query` and `body` are optional on Operation, so `Op['query']` includes undefined.
  query?: NonNullable<Op['query']> extends z.ZodType ? z.input<NonNullable<Op['query']>> : never;
  body?: NonNullable<Op['body']> extends z.ZodType ? z.input<NonNullable<Op['body']>> : never;
  signal?: AbortSignal;
  /** Extra request headers (the outbox sends an Idempotency-Key with a replayed write). */
  headers?: Record<string, string>;
};

let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Where operations go when no fetch is given: the browser's fetch, or, in the server render, this
 * server's own routes (in process) or the configured DataSnap.
 */
export function setTransport(next: typeof fetch): void {
  transport = next;
}

/** An operation's address; only its name is read (the page's early script has no contract at hand). */
export function operationUrl(
  operation: Pick<Operation, 'name'>,
  query?: Record<string, unknown>,
  base = datasnapBase,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${base.replace(/\/$/, '')}/${operation.name}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls one operation and returns its answer parsed by the contract. Every failure becomes an
 * ApiError carrying the status and the server's `resposta`, so screens never parse errors themselves.
 */
export async function callOperation<Op extends Operation>(
  operation: Op,
  input: Input<Op> = {},
  fetchImpl: typeof fetch = transport,
): Promise<z.output<Op['answer']>> {
  const url = operationUrl(operation, input.query as Record<string, unknown> | undefined);
  const send = () =>
    fetchImpl(url, {
      method: operation.method,
      credentials: 'include',
      headers: {
        ...input.headers,
        ...(input.body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' }),
      },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: input.signal,
    });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError({ operation: operation.name, status: 0, kind: 'network', message: String(error) });
  }
  const body = await readJson(response);
  if (response.status !== operation.okStatus && !(operation.okStatus === 200 && response.ok)) {
    const resposta =
      body && typeof body === 'object' && typeof (body as { resposta?: unknown }).resposta === 'string'
        ? (body as { resposta: string }).resposta
        : undefined;
    throw new ApiError({ operation: operation.name, status: response.status, kind: 'http', resposta, body });
  }
  const parsed = operation.answer.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      operation: operation.name,
      status: response.status,
      kind: 'contract',
      body,
      message: `${operation.name}: resposta fora do contrato: ${parsed.error.issues[0]?.message ?? ''}`,
    });
  }
  return parsed.data as z.output<Op['answer']>;
}
