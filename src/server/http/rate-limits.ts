import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  registerOperation,
  passwordRecoveryOperation,
  passwordResetOperation,
  signInOperation,
  passwordChangeOperation,
  contactMessageOperation,
} from '../../api/customers';
import { DATASNAP_PATH } from '../../api/datasnap-path';
import { accountErasureOperation, personalDataExportOperation } from '../../api/personal-data';
import { pairTabletOperation } from '../../api/store-mode';
import { stockAlertCancelOperation, stockAlertOperation } from '../../api/stock-alerts';
import { normalizeDocument } from '../../domain/documents';
import { countHit } from '../services/rate-limit-store';
import { fail } from './operation';

// Operations that cost a password hash, send an e-mail or store a message are limited per client
// address and per account, in the database so every instance counts the same requests (the
// failure lock of services/rate-limit.ts stays: it locks an account after wrong passwords, this
// bounds how often anyone may try at all). Over a limit: 429, Retry-After and a pt-BR `resposta`.
//
// A new route opts in with its route config, e.g. for the tablet pairing:
//   app.post(url, { config: { limit: { bucket: 'pairing', account: (r) => codeOf(r) } } }, handler)
// An operation served by serveOperation is listed in LIMITED_OPERATIONS below instead.

export interface LimitPolicy {
  /** Names the counters: requests to routes of one bucket count together. */
  bucket: string;
  /** The account the request is for (document, e-mail, session...), or undefined: the address only. */
  account?: (request: FastifyRequest) => string | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Rate-limits this route per address and, with `account`, per account (src/server/http/rate-limits.ts). */
    limit?: LimitPolicy;
  }
}

const field = (request: FastifyRequest, name: string): string | undefined => {
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body && typeof body === 'object' ? body[name] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};
const emailOf = (name: string) => (request: FastifyRequest) => field(request, name)?.trim().toLowerCase();
const documentOf = (name: string) => (request: FastifyRequest) => {
  const raw = field(request, name);
  return raw === undefined ? undefined : normalizeDocument(raw.slice(0, 40));
};
/** The session cookie: a password change is limited per signed-in browser. */
const sessionOf = (request: FastifyRequest) => {
  const cookies = request.cookies ?? {};
  const [, token] = Object.entries(cookies).find(([name]) => /(^|-)sid$/.test(name)) ?? [];
  return token || undefined;
};

const operationUrl = (name: string) => `${DATASNAP_PATH}/${name}`;

export const LIMITED_OPERATIONS: Record<string, LimitPolicy> = {
  [operationUrl(signInOperation.name)]: { bucket: 'sign-in', account: documentOf('email') },
  [operationUrl(registerOperation.name)]: { bucket: 'registration', account: documentOf('cpf') },
  [operationUrl(passwordRecoveryOperation.name)]: { bucket: 'recovery', account: emailOf('email') },
  [operationUrl(passwordResetOperation.name)]: { bucket: 'reset', account: emailOf('email') },
  [operationUrl(passwordChangeOperation.name)]: { bucket: 'password-change', account: sessionOf },
  [operationUrl(contactMessageOperation.name)]: { bucket: 'contact', account: emailOf('email') },
  // LGPD: the export gathers every table, the erasure costs a password hash.
  [operationUrl(personalDataExportOperation.name)]: { bucket: 'data-export', account: sessionOf },
  [operationUrl(accountErasureOperation.name)]: { bucket: 'account-erasure', account: sessionOf },
  // 'Avise-me quando chegar' sends an e-mail to the address typed; its cancel link names no account.
  [operationUrl(stockAlertOperation.name)]: { bucket: 'stock-alert', account: emailOf('email') },
  [operationUrl(stockAlertCancelOperation.name)]: { bucket: 'stock-alert-cancel' },
  // A pairing code names no account: guessing is bounded per address.
  [operationUrl(pairTabletOperation.name)]: { bucket: 'pairing' },
};

export const RATE_LIMITED_MESSAGE = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Muitas tentativas em pouco tempo. Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e tente novamente.`;
};

const hashed = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/**
 * Adds the limit to every route registered after it whose config has `limit` or whose URL is in
 * LIMITED_OPERATIONS. Runs as a preHandler: after the origin check and body parsing, before the
 * handler's password hash.
 */
export function registerRateLimits(app: FastifyInstance): void {
  const { db } = app.database;
  const windowMs = app.config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const perAddress = app.config.RATE_LIMIT_PER_ADDRESS;
  const perAccount = app.config.RATE_LIMIT_PER_ACCOUNT;

  const limiter = (policy: LimitPolicy) => async (request: FastifyRequest, reply: FastifyReply) => {
    const checks: Array<[string, number]> = [[`${policy.bucket}|address|${hashed(request.ip)}`, perAddress]];
    const account = policy.account?.(request);
    if (account) checks.push([`${policy.bucket}|account|${hashed(account)}`, perAccount]);
    for (const [key, max] of checks) {
      const { hits, ttlMs } = await countHit(db, key, windowMs);
      if (hits > max) {
        const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
        request.log.warn({ bucket: policy.bucket, scope: key.split('|')[1] }, 'rate limit reached');
        reply.header('retry-after', String(seconds));
        throw fail(429, RATE_LIMITED_MESSAGE(seconds));
      }
    }
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const policy =
      route.config?.limit ?? (route.method === 'POST' ? LIMITED_OPERATIONS[route.url] : undefined);
    if (!policy) return;
    const hook = limiter(policy);
    const existing = route.preHandler;
    route.preHandler = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), hook];
  });
}
