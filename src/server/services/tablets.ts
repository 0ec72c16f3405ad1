import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  NOT_PAIRED_MESSAGE,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_MINUTES,
  PAIRING_INVALID_MESSAGE,
  REVOKED_MESSAGE,
} from '../../api/store-mode';
import { PHYSICAL_STORES, type PhysicalStore } from '../../domain/store';
import type { Db } from '../db/client';
import { tabletPairingCodes, tablets } from '../db/schema';
import { refuse } from './domain-error';
import { sha256 } from './sessions';

// Paired tablets (store mode): the staff CLI issues a one-time code, the tablet trades it for a
// credential (a 256-bit random cookie, HttpOnly, kept hashed), and every staff call checks it.

export const TABLET_COOKIE = 'tablet';
const CREDENTIAL_DAYS = 365;
/** last_seen_at is written at most this often. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface PairedTablet {
  tabletId: number;
  store: PhysicalStore;
}

export function storeById(id: number): PhysicalStore {
  const store = PHYSICAL_STORES.find((candidate) => candidate.id === id);
  if (!store) throw refuse('invalid', `Loja inválida: use um número de 1 a ${PHYSICAL_STORES.length}.`);
  return store;
}

/** A fresh pairing code for a store, valid PAIRING_CODE_MINUTES, stored hashed. */
export async function createPairingCode(db: Db, storeId: number): Promise<{ codigo: string; expira: Date }> {
  const store = storeById(storeId);
  let codigo = '';
  for (let index = 0; index < PAIRING_CODE_LENGTH; index += 1)
    codigo += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  const expira = new Date(Date.now() + PAIRING_CODE_MINUTES * 60_000);
  await db.delete(tabletPairingCodes).where(sql`${tabletPairingCodes.expiresAt} < now() - interval '1 day'`);
  await db
    .insert(tabletPairingCodes)
    .values({ codeHash: sha256(codigo), storeId: store.id, expiresAt: expira });
  return { codigo, expira };
}

/** Spends a pairing code and sets the tablet credential cookie; 401 for a wrong, used or expired code. */
export async function pairTablet(
  db: Db,
  codigo: string,
  reply: FastifyReply,
  secureCookie: boolean,
): Promise<PairedTablet> {
  const credential = randomBytes(32).toString('base64url');
  const paired = await db.transaction(async (tx) => {
    // One UPDATE spends the code: two tablets typing it at once cannot both pair.
    const [code] = await tx
      .update(tabletPairingCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(tabletPairingCodes.codeHash, sha256(codigo)),
          isNull(tabletPairingCodes.usedAt),
          sql`${tabletPairingCodes.expiresAt} > now()`,
        ),
      )
      .returning({ storeId: tabletPairingCodes.storeId, codeHash: tabletPairingCodes.codeHash });
    if (!code) return undefined;
    const [tablet] = await tx
      .insert(tablets)
      .values({ storeId: code.storeId, credentialHash: sha256(credential) })
      .returning({ id: tablets.id, storeId: tablets.storeId });
    await tx
      .update(tabletPairingCodes)
      .set({ tabletId: tablet.id })
      .where(eq(tabletPairingCodes.codeHash, code.codeHash));
    return tablet;
  });
  if (!paired) throw refuse('unauthenticated', PAIRING_INVALID_MESSAGE);
  reply.setCookie(TABLET_COOKIE, credential, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie,
    maxAge: CREDENTIAL_DAYS * 24 * 60 * 60,
  });
  return { tabletId: paired.id, store: storeById(paired.storeId) };
}

/** The request's tablet: paired, revoked, or none (no cookie or an unknown one). */
export async function readTablet(db: Db, request: FastifyRequest): Promise<PairedTablet | 'revoked' | null> {
  const credential = request.cookies?.[TABLET_COOKIE];
  if (!credential || credential.length > 100) return null;
  const [row] = await db
    .select()
    .from(tablets)
    .where(eq(tablets.credentialHash, sha256(credential)))
    .limit(1);
  if (!row) return null;
  if (row.revokedAt) return 'revoked';
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await db.update(tablets).set({ lastSeenAt: new Date() }).where(eq(tablets.id, row.id));
  return { tabletId: row.id, store: storeById(row.storeId) };
}

/** Staff calls: answers are never stored by a cache; no paired tablet is a 401. */
export async function requireTablet(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<PairedTablet> {
  reply.header('cache-control', 'no-store');
  const tablet = await readTablet(db, request);
  if (tablet === 'revoked') throw refuse('unauthenticated', REVOKED_MESSAGE);
  if (!tablet) throw refuse('unauthenticated', NOT_PAIRED_MESSAGE);
  return tablet;
}

export async function revokeTablet(db: Db, id: number): Promise<{ id: number; loja: string }> {
  const [row] = await db
    .update(tablets)
    .set({ revokedAt: sql`COALESCE(${tablets.revokedAt}, now())` })
    .where(eq(tablets.id, id))
    .returning({ id: tablets.id, storeId: tablets.storeId });
  if (!row) throw refuse('not-found', `Tablet ${id} não encontrado.`);
  return { id: row.id, loja: storeById(row.storeId).name };
}

export interface TabletListing {
  id: number;
  loja: string;
  pareadoEm: string;
  vistoEm: string;
  revogadoEm: string | null;
}

export async function listTablets(db: Db): Promise<TabletListing[]> {
  const rows = await db.select().from(tablets).orderBy(asc(tablets.id));
  return rows.map((row) => ({
    id: row.id,
    loja: storeById(row.storeId).name,
    pareadoEm: row.pairedAt.toISOString(),
    vistoEm: row.lastSeenAt.toISOString(),
    revogadoEm: row.revokedAt?.toISOString() ?? null,
  }));
}
