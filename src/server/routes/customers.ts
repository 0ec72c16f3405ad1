import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  APP_0035,
  APP_0036,
  APP_0040,
  APP_0045,
  APP_0047,
  APP_0048,
  APP_0051,
  APP_0088,
  APP_0099,
  CONTACT_SENT_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  LOGIN_LOCKED_MESSAGE,
  RECOVERY_MESSAGE,
  RESET_INVALID_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  registrationKind,
  type CustomerRecord,
} from '../../api/customers';
import type { Db } from '../db/client';
import { contactMessages, customers, passwordResets } from '../db/schema';
import { fail, serveOperation } from '../http/operation';
import { queueMail } from '../services/mail';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../services/passwords';
import {
  LOCK_MINUTES,
  clearAccountFailures,
  isLoginLocked,
  recordLoginFailure,
} from '../services/rate-limit';
import { endOtherSessions, endSession, requireCustomer, sha256, startSession } from '../services/sessions';

export const RESET_TOKEN_MINUTES = 20;
/** At most this many recovery e-mails per account in RESET_TOKEN_MINUTES; more are silently dropped. */
const RESET_MAILS_PER_WINDOW = 5;
const DEFAULT_REDIRECT = '/meusPedidos';
/** The reset token as the outbox and the log show it (services/held-links.ts). */
const MASKED_TOKEN = '[oculto]';

const REGISTERED_MESSAGE = 'Cadastro realizado com sucesso! Entre com seu CPF ou CNPJ e sua senha.';
// One message for a taken document and a taken e-mail, so it does not say which one exists.
const ALREADY_REGISTERED_MESSAGE =
  'Não foi possível concluir o cadastro com estes dados. Se você já tem uma conta, entre ou recupere sua senha.';
const EMAIL_TAKEN_MESSAGE = 'Este e-mail já está em uso por outra conta.';

type CustomerRow = typeof customers.$inferSelect;

function recordOf(row: CustomerRow): CustomerRecord {
  return { id: row.id, nome: row.nome, email: row.email, doc: row.doc, pessoa: row.pessoa };
}

/** Only a path of this store: '/x' but not '//host' or '/\host' (no open redirect). */
function safeRedirect(requested: string | null | undefined): string {
  if (!requested) return DEFAULT_REDIRECT;
  return /^\/(?![/\\])[^\s\\]*$/.test(requested) ? requested : DEFAULT_REDIRECT;
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current;) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

async function customerById(db: Db, id: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  // A session outlives nothing: deleting a customer cascades to their sessions.
  if (!row) throw fail(401, 'Sua sessão expirou. Entre novamente para continuar.');
  return row;
}

export async function customerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const secureCookie = app.config.COOKIE_SECURE;

  serveOperation(app, APP_0035, async ({ body }) => {
    // The cheap check first: a taken document or e-mail costs no password hash (the insert below
    // still settles a race between two registrations).
    const [taken] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`${customers.doc} = ${body.cpf} OR lower(${customers.email}) = ${body.email}`)
      .limit(1);
    if (taken) throw fail(409, ALREADY_REGISTERED_MESSAGE);
    const passwordHash = await hashPassword(body.senha);
    const inserted = await db
      .insert(customers)
      .values({
        doc: body.cpf,
        pessoa: registrationKind(body),
        nome: body.nome,
        email: body.email,
        fixo: body.fixo,
        celular: body.celular,
        passwordHash,
      })
      .onConflictDoNothing()
      .returning({ id: customers.id });
    if (inserted.length === 0) throw fail(409, ALREADY_REGISTERED_MESSAGE);
    return { resposta: REGISTERED_MESSAGE };
  });

  serveOperation(app, APP_0045, async ({ body, request, reply }) => {
    const account = body.email;
    const address = request.ip;
    if (await isLoginLocked(db, account, address)) {
      reply.header('retry-after', String(LOCK_MINUTES * 60));
      throw fail(429, LOGIN_LOCKED_MESSAGE);
    }
    const [row] = await db.select().from(customers).where(eq(customers.doc, account)).limit(1);
    const ok = row
      ? await verifyPassword(body.senha, row.passwordHash)
      : await verifyAgainstDecoy(body.senha);
    if (!row || !ok) {
      await recordLoginFailure(db, account, address);
      throw fail(401, LOGIN_FAILED_MESSAGE);
    }
    await clearAccountFailures(db, account);
    // A new id at every sign-in: whatever session the browser had before is ended first.
    await endSession(db, request, reply);
    await startSession(db, reply, row.id, secureCookie);
    return {
      id: row.id,
      nome: row.nome,
      resposta: `Bem-vindo(a), ${row.nome}!`,
      redirect: safeRedirect(body.redirect),
      dados_cliente: recordOf(row),
    };
  });

  serveOperation(app, APP_0099, async ({ request, reply }) => {
    await endSession(db, request, reply);
    return { resposta: 'Você saiu da sua conta.' };
  });

  serveOperation(app, APP_0036, async ({ body, request }) => {
    const [row] = await db
      .select()
      .from(customers)
      .where(sql`lower(${customers.email}) = ${body.email}`)
      .limit(1);
    if (!row) return { resposta: RECOVERY_MESSAGE };
    const recent = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.customerId, row.id),
          sql`${passwordResets.createdAt} > now() - make_interval(mins => ${RESET_TOKEN_MINUTES})`,
        ),
      );
    if ((recent[0]?.n ?? 0) >= RESET_MAILS_PER_WINDOW) return { resposta: RECOVERY_MESSAGE };
    const token = randomBytes(32).toString('base64url');
    await db.insert(passwordResets).values({
      tokenHash: sha256(token),
      customerId: row.id,
      expiresAt: sql`now() + make_interval(mins => ${RESET_TOKEN_MINUTES})`,
    });
    const base = `${app.config.PUBLIC_URL.replace(/\/$/, '')}/redefinir?acess=`;
    const secretLink = {
      link: `${base}${token}`,
      masked: `${base}${MASKED_TOKEN}`,
      ttlMs: RESET_TOKEN_MINUTES * 60_000,
    };
    await queueMail(
      db,
      request.log,
      {
        to: row.email,
        kind: 'password-reset',
        subject: 'Redefinição de senha - Casa & Obra',
        secretLink,
        body: [
          `Olá, ${row.nome}!`,
          '',
          'Recebemos um pedido para redefinir a senha da sua conta. Para criar uma nova senha, abra o link',
          `abaixo. Ele vale por ${RESET_TOKEN_MINUTES} minutos e pode ser usado uma única vez:`,
          '',
          secretLink.masked,
          '',
          'Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.',
        ].join('\n'),
      },
      app.mailDelivery,
      app.mailLinks,
    );
    return { resposta: RECOVERY_MESSAGE };
  });

  serveOperation(app, APP_0040, async ({ body }) => {
    // A made-up, used or expired token costs one indexed read, not a password hash.
    const [live] = await db
      .select({ customerId: passwordResets.customerId })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(body.token)),
          isNull(passwordResets.usedAt),
          sql`${passwordResets.expiresAt} > now()`,
        ),
      )
      .limit(1);
    if (!live) throw fail(401, RESET_INVALID_MESSAGE);
    const passwordHash = await hashPassword(body.newPassword);
    const customerId = await db.transaction(async (tx) => {
      // Spending the token is one conditional UPDATE, so two uses at once cannot both succeed.
      const [spent] = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.tokenHash, sha256(body.token)),
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
    if (customerId === null) throw fail(401, RESET_INVALID_MESSAGE);
    await endOtherSessions(db, customerId);
    await clearAccountFailures(db, (await customerById(db, customerId)).doc);
    return { resposta: 'Senha redefinida com sucesso! Entre com sua nova senha.' };
  });

  serveOperation(app, APP_0088, async ({ query, request }) => {
    const session = await requireCustomer(db, request, query.id);
    const row = await customerById(db, session.customerId);
    return { ...recordOf(row), telcontato: row.fixo, telcelular: row.celular };
  });

  serveOperation(app, APP_0047, async ({ body, request }) => {
    const session = await requireCustomer(db, request, body.id);
    const [taken] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(sql`lower(${customers.email}) = ${body.email}`, ne(customers.id, session.customerId)))
      .limit(1);
    if (taken) throw fail(409, EMAIL_TAKEN_MESSAGE);
    try {
      await db
        .update(customers)
        .set({ fixo: body.fixo, celular: body.celular, email: body.email, updatedAt: new Date() })
        .where(eq(customers.id, session.customerId));
    } catch (error) {
      if (isUniqueViolation(error)) throw fail(409, EMAIL_TAKEN_MESSAGE);
      throw error;
    }
    return { resposta: 'Dados atualizados com sucesso!' };
  });

  serveOperation(app, APP_0048, async ({ body, request }) => {
    const session = await requireCustomer(db, request, body.id);
    const row = await customerById(db, session.customerId);
    if (!(await verifyPassword(body.senha_atual, row.passwordHash)))
      throw fail(400, WRONG_CURRENT_PASSWORD_MESSAGE);
    const passwordHash = await hashPassword(body.senha_nova);
    await db.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, row.id));
    await endOtherSessions(db, row.id, session.idHash);
    return { resposta: 'Senha alterada com sucesso!' };
  });

  serveOperation(app, APP_0051, async ({ body }) => {
    await db.insert(contactMessages).values({
      nome: body.nome,
      telefone: body.telefone,
      email: body.email,
      assunto: body.assunto,
      message: body.message,
    });
    return { resposta: CONTACT_SENT_MESSAGE };
  });
}
