import { DomainError, type DomainErrorKind } from '../services/domain-error';
import { HttpFailure } from './operation';

// The one place where a service's refusal becomes an HTTP status.
const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-declined': 402,
  forbidden: 403,
  'not-found': 404,
  'out-of-stock': 406,
  conflict: 409,
  gone: 410,
  'too-many': 429,
  unavailable: 503,
};

/** The failure to answer for an error a route or service meant, or null for anything unexpected. */
export function intendedFailure(error: unknown): HttpFailure | null {
  if (error instanceof HttpFailure) return error;
  if (error instanceof DomainError) return new HttpFailure(STATUS[error.kind], error.resposta, error.extra);
  return null;
}
