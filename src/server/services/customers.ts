import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type CustomerRecord } from '../../api/customer-fields';
import {
  LOGIN_FAILED_MESSAGE,
  LOGIN_LOCKED_MESSAGE,
  RESET_INVALID_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../api/customers';
import type { Db } from '../db/client';
import { contactMessages, customers, passwordResets } from '../db/schema';
import { refuse } from './domain-error';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords';
import { clearAccountFailures, isLoginLocked, recordLoginFailure } from './rate-limit';
import { sha256 } from './sessions';

// Accounts: registration, sign-in checks, password recovery and reset, contact data, and the
// contact form's messages. Sessions and cookies stay with the routes (src/server/services/sessions.ts).

export const RESET_TOKEN_MINUTES = 20;
/** At most this many recovery e-mails per account in RESET_TOKEN_MINUTES; more are silently dropped. */
const RESET_MAILS_PER_WINDOW = 5;

// One message for a taken document and a taken e-mail, so it does not say which one exists.
const ALREADY_REGISTERED_MESSAGE =
  'Não foi possível concluir o cadastro com estes dados. Se você já tem uma conta, entre ou recupere sua senha.';
const EMAIL_TAKEN_MESSAGE = 'Este e-mail já está em uso por outra conta.';

export type CustomerRow = typeof customers.$inferSelect;

export function recordOf(row: CustomerRow): CustomerRecord {
  return { id: row.id, nome: row.nome, email: row.email, doc: row.doc, pessoa: row.pessoa };
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current;) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

export async function customerById(db: Db, id: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  // A session outlives nothing: deleting a customer cascades to their sessions.
  if (!row) throw refuse('unauthenticated', 'Sua sessão expirou. Entre novamente para continuar.');
  return row;
}

export interface Registration {
  doc: string;
  pessoa: 'fisica' | 'juridica';
  nome: string;
  email: string;
  fixo: string;
  celular: string;
  senha: string;
}

export async function registerCustomer(db: Db, registration: Registration): Promise<void> {
  // The cheap check first: a taken document or e-mail costs no password hash (the insert below
  // still settles a race between two registrations).
  const [taken] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`${customers.doc} = ${registration.doc} OR lower(${customers.email}) = ${registration.email}`)
    .limit(1);
  if (taken) throw refuse('conflict', ALREADY_REGISTERED_MESSAGE);
  const passwordHash = await hashPassword(registration.senha);
  const inserted = await db
    .insert(customers)
    .values({
      doc: registration.doc,
      pessoa: registration.pessoa,
      nome: registration.nome,
      email: registration.email,
      fixo: registration.fixo,
      celular: registration.celular,
      passwordHash,
    })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  if (inserted.length === 0) throw refuse('conflict', ALREADY_REGISTERED_MESSAGE);
}

/** The customer whose document and password match; failures count towards a temporary lock. */
export async function checkCredentials(
  db: Db,
  account: string,
  password: string,
  address: string,
): Promise<CustomerRow> {
  if (await isLoginLocked(db, account, address)) throw refuse('too-many', LOGIN_LOCKED_MESSAGE);
  const [row] = await db.select().from(customers).where(eq(customers.doc, account)).limit(1);
  const ok = row ? await verifyPassword(password, row.passwordHash) : await verifyAgainstDecoy(password);
  if (!row || !ok) {
    await recordLoginFailure(db, account, address);
    throw refuse('unauthenticated', LOGIN_FAILED_MESSAGE);
  }
  await clearAccountFailures(db, account);
  return row;
}

export interface ResetGrant {
  customer: CustomerRow;
  token: string;
}

/**
 * A new single-use reset token for the account of this e-mail, or null when there is no such
 * account or it already had RESET_MAILS_PER_WINDOW links lately (the caller answers the same).
 */
export async function grantPasswordReset(db: Db, email: string): Promise<ResetGrant | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email}`)
    .limit(1);
  if (!row) return null;
  const recent = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.customerId, row.id),
        sql`${passwordResets.createdAt} > now() - make_interval(mins => ${RESET_TOKEN_MINUTES})`,
      ),
    );
  if ((recent[0]?.n ?? 0) >= RESET_MAILS_PER_WINDOW) return null;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    tokenHash: sha256(token),
    customerId: row.id,
    expiresAt: sql`now() + make_interval(mins => ${RESET_TOKEN_MINUTES})`,
  });
  return { customer: row, token };
}

/**
 * Spends the token and sets the new password; answers the account's id. `email` (lower case), when
 * the caller sends it, must be the token's account's: a link used with another account's address
 * is refused like a wrong token, and stays unspent.
 */
export async function resetPassword(
  db: Db,
  token: string,
  newPassword: string,
  email?: string,
): Promise<number> {
  // A made-up, used or expired token costs one indexed read, not a password hash.
  const [live] = await db
    .select({ customerId: passwordResets.customerId, email: customers.email })
    .from(passwordResets)
    .innerJoin(customers, eq(customers.id, passwordResets.customerId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        sql`${passwordResets.expiresAt} > now()`,
      ),
    )
    .limit(1);
  if (!live || (email && live.email.toLowerCase() !== email))
    throw refuse('unauthenticated', RESET_INVALID_MESSAGE);
  const passwordHash = await hashPassword(newPassword);
  const customerId = await db.transaction(async (tx) => {
    // Spending the token is one conditional UPDATE, so two uses at once cannot both succeed.
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(token)),
          isNull(passwordResets.usedAt),
          sql`${passwordResets.expiresAt} > now()`,
        ),
      )
      .returning({ customerId: passwordResets.customerId });
    if (!spent) return null;
    await tx
      .update(customers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(customers.id, spent.customerId));
    // Any other link sent to this account dies with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.customerId, spent.customerId), isNull(passwordResets.usedAt)));
    return spent.customerId;
  });
  if (customerId === null) throw refuse('unauthenticated', RESET_INVALID_MESSAGE);
  await clearAccountFailures(db, (await customerById(db, customerId)).doc);
  return customerId;
}

export async function updateContact(
  db: Db,
  customerId: number,
  contact: { fixo: string; celular: string; email: string },
): Promise<void> {
  const [taken] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${contact.email}`, ne(customers.id, customerId)))
    .limit(1);
  if (taken) throw refuse('conflict', EMAIL_TAKEN_MESSAGE);
  try {
    await db
      .update(customers)
      .set({ fixo: contact.fixo, celular: contact.celular, email: contact.email, updatedAt: new Date() })
      .where(eq(customers.id, customerId));
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('conflict', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

export async function changePassword(
  db: Db,
  customerId: number,
  current: string,
  next: string,
): Promise<void> {
  const row = await customerById(db, customerId);
  if (!(await verifyPassword(current, row.passwordHash)))
    throw refuse('invalid', WRONG_CURRENT_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(next);
  await db.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, row.id));
}

export async function saveContactMessage(
  db: Db,
  message: { nome: string; telefone: string; email: string; assunto: string; message: string },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}
