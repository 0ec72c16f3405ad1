import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FOREIGN_CUSTOMER_MESSAGE, SESSION_REQUIRED_MESSAGE } from '../../api/customers';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { refuse } from './domain-error';

export const SESSION_COOKIE = 'sid';
/**
 * With Secure cookies the name carries the `__Host-` prefix: the browser then keeps it only if it
 * came over HTTPS from this very host with Path=/, so a sibling subdomain cannot plant or shadow it.
 */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
const cookieNameOf = (request: FastifyRequest) => sessionCookieName(request.server.config.COOKIE_SECURE);
/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** ...and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not at every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Starts a session with a fresh random 256-bit id and sets the cookie; the database keeps its hash. */
export async function startSession(
  db: Db,
  reply: FastifyReply,
  customerId: number,
  secureCookie: boolean,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({ idHash: sha256(token), customerId, expiresAt });
  // Expired rows are swept here, at sign-in, instead of by a timer every instance would run.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  reply.setCookie(sessionCookieName(secureCookie), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

function tokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies?.[cookieNameOf(request)];
  return token && token.length <= 100 ? token : undefined;
}

export interface SessionInfo {
  customerId: number;
  idHash: string;
}

/** The live session of the request, or null (missing, unknown, idle too long, or past its end). */
export async function findSession(db: Db, request: FastifyRequest): Promise<SessionInfo | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const idHash = sha256(token);
  const now = Date.now();
  const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1);
  if (!row) return null;
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, idHash));
  }
  return { customerId: row.customerId, idHash };
}

/**
 * The customer of a customer-area call: from the session only. No session: 401; an `id` sent by
 * the client that is not the session's customer: 403.
 */
export async function requireCustomer(
  db: Db,
  request: FastifyRequest,
  claimedId?: number | null,
): Promise<SessionInfo> {
  const session = await findSession(db, request);
  if (!session) throw refuse('unauthenticated', SESSION_REQUIRED_MESSAGE);
  if (claimedId !== undefined && claimedId !== null && claimedId !== session.customerId)
    throw refuse('forbidden', FOREIGN_CUSTOMER_MESSAGE);
  return session;
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = tokenOf(request);
  if (token) await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
  reply.clearCookie(cookieNameOf(request), { path: '/', secure: request.server.config.COOKIE_SECURE });
}

/** Ends every session of a customer except, optionally, one (password change keeps the current one). */
export async function endOtherSessions(db: Db, customerId: number, keepIdHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepIdHash
        ? and(eq(sessions.customerId, customerId), ne(sessions.idHash, keepIdHash))
        : eq(sessions.customerId, customerId),
    );
}
