import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  STAFF_IDLE_MINUTES,
  STAFF_LOCK_ATTEMPTS,
  STAFF_LOCK_MINUTES,
  STAFF_OTHER_STORE_MESSAGE,
  STAFF_SIGNED_OUT_MESSAGE,
  STAFF_WRONG_PIN_MESSAGE,
  staffLockedMessage,
  type StaffMember,
} from '../../api/store-staff';
import { STORE_TIME_ZONE } from '../../domain/store-calendar';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { refuse } from './domain-error';
import { verifyAgainstDecoy, verifyPassword } from './passwords';
import { sha256 } from './sessions';
import { requireTablet, type PairedTablet } from './tablets';
import type { StaffRole } from './staff';

// A staff member signed in on a paired tablet. Its own cookie, never the customer's session
// cookie: a shopper signed in on the same tablet and the seller beside them are two sessions that
// neither reads nor ends the other. The session belongs to one tablet: the cookie copied to
// another browser is refused, as is a member of another store.

export const STAFF_COOKIE = 'equipe';

export interface SignedInStaff extends StaffMember {
  storeId: number;
}

export interface StaffContext {
  tablet: PairedTablet;
  staff: SignedInStaff;
}

interface MemberRow {
  id: number;
  store_id: number;
  name: string;
  role: StaffRole;
  pin_hash: string;
  locked_until: Date | string | null;
}

const member = (row: Pick<MemberRow, 'id' | 'store_id' | 'name' | 'role'>): SignedInStaff => ({
  id: Number(row.id),
  nome: row.name,
  papel: row.role,
  storeId: Number(row.store_id),
});

const clockTime = (instant: Date) =>
  instant.toLocaleTimeString('pt-BR', { timeZone: STORE_TIME_ZONE, hour: '2-digit', minute: '2-digit' });

export async function storeStaff(db: Db, storeId: number): Promise<StaffMember[]> {
  const rows = await queryRows<MemberRow>(
    db,
    sql`SELECT id, store_id, name, role FROM store_staff WHERE store_id = ${storeId} AND removed_at IS NULL
        ORDER BY name, id`,
  );
  return rows.map((row) => {
    const { storeId: _store, ...visible } = member(row);
    return visible;
  });
}

/** Checks the PIN (with the lock) and starts this tablet's staff session. */
export async function signInStaff(
  db: Db,
  tablet: PairedTablet,
  input: { vendedor: number; pin: string },
  reply: FastifyReply,
  secureCookie: boolean,
): Promise<SignedInStaff> {
  const [row] = await queryRows<MemberRow>(
    db,
    sql`SELECT id, store_id, name, role, pin_hash, locked_until FROM store_staff
        WHERE id = ${input.vendedor} AND removed_at IS NULL`,
  );
  if (!row) {
    await verifyAgainstDecoy(input.pin);
    throw refuse('unauthenticated', STAFF_WRONG_PIN_MESSAGE);
  }
  if (Number(row.store_id) !== tablet.store.id) throw refuse('forbidden', STAFF_OTHER_STORE_MESSAGE);
  const lockedUntil = row.locked_until ? new Date(row.locked_until) : null;
  if (lockedUntil && lockedUntil.getTime() > Date.now())
    throw refuse('too-many', staffLockedMessage(clockTime(lockedUntil)));
  if (!(await verifyPassword(input.pin, row.pin_hash))) {
    // One statement counts the miss and locks on the fifth, so concurrent misses all count.
    const [counted] = await queryRows<{ locked_until: Date | string | null; failed_pins: number }>(
      db,
      sql`UPDATE store_staff SET
            locked_until = CASE WHEN failed_pins + 1 >= ${STAFF_LOCK_ATTEMPTS}
              THEN now() + make_interval(mins => ${STAFF_LOCK_MINUTES}) ELSE locked_until END,
            failed_pins = CASE WHEN failed_pins + 1 >= ${STAFF_LOCK_ATTEMPTS} THEN 0 ELSE failed_pins + 1 END
          WHERE id = ${row.id} RETURNING locked_until, failed_pins`,
    );
    const locked = counted?.locked_until ? new Date(counted.locked_until) : null;
    if (locked && locked.getTime() > Date.now())
      throw refuse('too-many', staffLockedMessage(clockTime(locked)));
    throw refuse('unauthenticated', STAFF_WRONG_PIN_MESSAGE);
  }
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE store_staff SET failed_pins = 0 WHERE id = ${row.id}`);
    // One staff member at a time per tablet: signing in replaces whoever was there.
    await tx.execute(sql`DELETE FROM staff_sessions WHERE tablet_id = ${tablet.tabletId}`);
    await tx.execute(
      sql`INSERT INTO staff_sessions (id_hash, staff_id, tablet_id) VALUES (${sha256(token)}, ${row.id}, ${tablet.tabletId})`,
    );
  });
  reply.setCookie(STAFF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookie,
  });
  return member(row);
}

/** The staff member signed in on this tablet, or null; a live session's idle clock restarts. */
export async function readStaff(db: Db, request: FastifyRequest, tablet: PairedTablet) {
  const token = request.cookies?.[STAFF_COOKIE];
  if (!token || token.length > 100) return null;
  const [row] = await queryRows<MemberRow>(
    db,
    sql`UPDATE staff_sessions ss SET last_seen_at = now() FROM store_staff s
        WHERE ss.id_hash = ${sha256(token)} AND s.id = ss.staff_id AND s.removed_at IS NULL
          AND ss.tablet_id = ${tablet.tabletId} AND s.store_id = ${tablet.store.id}
          AND ss.last_seen_at > now() - make_interval(mins => ${STAFF_IDLE_MINUTES})
        RETURNING s.id, s.store_id, s.name, s.role`,
  );
  return row ? member(row) : null;
}

/** Staff calls: the paired tablet, then the staff member signed in on it (401 otherwise). */
export async function requireStaff(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  role?: StaffRole,
  message?: string,
): Promise<StaffContext> {
  const tablet = await requireTablet(db, request, reply);
  const staff = await readStaff(db, request, tablet);
  if (!staff) throw refuse('unauthenticated', STAFF_SIGNED_OUT_MESSAGE);
  if (role && staff.papel !== role) throw refuse('forbidden', message ?? STAFF_SIGNED_OUT_MESSAGE);
  return { tablet, staff };
}

export async function signOutStaff(db: Db, request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const token = request.cookies?.[STAFF_COOKIE];
  if (token && token.length <= 100)
    await db.execute(sql`DELETE FROM staff_sessions WHERE id_hash = ${sha256(token)}`);
  reply.clearCookie(STAFF_COOKIE, { path: '/', secure });
}
