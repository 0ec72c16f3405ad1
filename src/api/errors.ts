/** Any failure of a contract call: network, HTTP status, or an answer that breaks the contract. */
export class ApiError extends Error {
  readonly operation: string;
  /** HTTP status, or 0 when the request never got an answer (offline, DNS, CORS). */
  readonly status: number;
  /** The server's pt-BR `resposta`, when it sent one. */
  readonly resposta?: string;
  readonly kind: 'network' | 'http' | 'contract';
  readonly body?: unknown;

  constructor(options: {
    operation: string;
    status: number;
    kind: ApiError['kind'];
    resposta?: string;
    body?: unknown;
    message?: string;
  }) {
    super(options.message ?? options.resposta ?? `${options.operation} falhou (${options.status})`);
    this.name = 'ApiError';
    this.operation = options.operation;
    this.status = options.status;
    this.kind = options.kind;
    this.resposta = options.resposta;
    this.body = options.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A failure worth sending the same write again later: no answer at all, a timeout, too many
 * requests, or the server's own trouble (5xx, load shedding's 503). Every offline queue keeps a write
 * that meets one of these, and drops (with the reason shown) one the server refused.
 */
export function isRetryableFailure(error: unknown): boolean {
  const status = isApiError(error) ? error.status : 0;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The text to show a person for a failed call, with a fallback when the server said nothing. */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (error.resposta) return error.resposta;
    if (error.kind === 'network') return 'Sem conexão com a internet. Verifique sua rede e tente novamente.';
  }
  return fallback;
}
