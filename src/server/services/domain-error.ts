// What a service refuses, in the shopper's words, without knowing about HTTP: the routes' error
// handler turns the kind into a status (src/server/http/domain-error-status.ts).

export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment-declined'
  | 'forbidden'
  | 'not-found'
  | 'out-of-stock'
  | 'conflict'
  | 'gone'
  | 'too-many'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** The pt-BR text the caller reads as `resposta`. */
    readonly resposta: string,
    /** Extra answer fields (e.g. `disponivel`, the server's figures). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(resposta);
  }
}

export const refuse = (kind: DomainErrorKind, resposta: string, extra?: Record<string, unknown>) =>
  new DomainError(kind, resposta, extra);
