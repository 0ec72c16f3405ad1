import type { FastifyInstance } from 'fastify';
import { registrationKind } from '../../api/customer-fields';
import {
  registerOperation,
  passwordRecoveryOperation,
  passwordResetOperation,
  signInOperation,
  profileUpdateOperation,
  passwordChangeOperation,
  contactMessageOperation,
  profileOperation,
  signOutOperation,
  CONTACT_SENT_MESSAGE,
  RECOVERY_MESSAGE,
} from '../../api/customers';
import { serveOperation } from '../http/operation';
import {
  RESET_TOKEN_MINUTES,
  changePassword,
  checkCredentials,
  customerById,
  grantPasswordReset,
  recordOf,
  registerCustomer,
  resetPassword,
  saveContactMessage,
  updateContact,
} from '../services/customers';
import { DomainError } from '../services/domain-error';
import { queueMail, sendingAfterCommit } from '../services/mail';
import { LOCK_MINUTES } from '../services/rate-limit';
import { endOtherSessions, endSession, requireCustomer, startSession } from '../services/sessions';

const DEFAULT_REDIRECT = '/meusPedidos';
/** The reset token as the outbox and the log show it (services/held-links.ts). */
const MASKED_TOKEN = '[oculto]';
const REGISTERED_MESSAGE = 'Cadastro realizado com sucesso! Entre com seu CPF ou CNPJ e sua senha.';

/** Only a path of this store: '/x' but not '//host' or '/\host' (no open redirect). */
function safeRedirect(requested: string | null | undefined): string {
  if (!requested) return DEFAULT_REDIRECT;
  return /^\/(?![/\\])[^\s\\]*$/.test(requested) ? requested : DEFAULT_REDIRECT;
}

function resetMailBody(nome: string, link: string): string {
  return [
    `Olá, ${nome}!`,
    '',
    'Recebemos um pedido para redefinir a senha da sua conta. Para criar uma nova senha, abra o link',
    `abaixo. Ele vale por ${RESET_TOKEN_MINUTES} minutos e pode ser usado uma única vez:`,
    '',
    link,
    '',
    'Se você não fez este pedido, ignore este e-mail: sua senha continua a mesma.',
  ].join('\n');
}

export async function customerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const secureCookie = app.config.COOKIE_SECURE;

  serveOperation(app, registerOperation, async ({ body }) => {
    await registerCustomer(db, {
      doc: body.cpf,
      pessoa: registrationKind(body),
      nome: body.nome,
      email: body.email,
      fixo: body.fixo,
      celular: body.celular,
      senha: body.senha,
    });
    return { resposta: REGISTERED_MESSAGE };
  });

  serveOperation(app, signInOperation, async ({ body, request, reply }) => {
    const row = await checkCredentials(db, body.email, body.senha, request.ip).catch((error: unknown) => {
      // A locked account says when to try again.
      if (error instanceof DomainError && error.kind === 'too-many')
        reply.header('retry-after', String(LOCK_MINUTES * 60));
      throw error;
    });
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

  serveOperation(app, signOutOperation, async ({ request, reply }) => {
    await endSession(db, request, reply);
    return { resposta: 'Você saiu da sua conta.' };
  });

  serveOperation(app, passwordRecoveryOperation, async ({ body, request }) => {
    const grant = await grantPasswordReset(db, body.email);
    if (!grant) return { resposta: RECOVERY_MESSAGE };
    // The real link lives only in this server's memory until it is sent; the outbox and the log
    // keep it masked (services/held-links.ts).
    // The link names its account's e-mail after the token: the reset page sends both (APP_0040's
    // payload is {email, token, ...}) and the server checks they belong together.
    const base = `${app.config.PUBLIC_URL.replace(/\/$/, '')}/redefinir?acess=`;
    const forAccount = `&email=${encodeURIComponent(grant.customer.email)}`;
    const secretLink = {
      link: `${base}${grant.token}${forAccount}`,
      masked: `${base}${MASKED_TOKEN}${forAccount}`,
      ttlMs: RESET_TOKEN_MINUTES * 60_000,
    };
    await sendingAfterCommit(db, app.mailDelivery, (tx) =>
      queueMail(
        tx,
        request.log,
        {
          to: grant.customer.email,
          kind: 'password-reset',
          subject: 'Redefinição de senha - Casa & Obra',
          secretLink,
          body: resetMailBody(grant.customer.nome, secretLink.masked),
        },
        app.mailDelivery,
        app.mailLinks,
      ),
    );
    return { resposta: RECOVERY_MESSAGE };
  });

  serveOperation(app, passwordResetOperation, async ({ body }) => {
    const customerId = await resetPassword(db, body.token, body.newPassword, body.email);
    await endOtherSessions(db, customerId);
    return { resposta: 'Senha redefinida com sucesso! Entre com sua nova senha.' };
  });

  serveOperation(app, profileOperation, async ({ query, request }) => {
    const session = await requireCustomer(db, request, query.id);
    const row = await customerById(db, session.customerId);
    return { ...recordOf(row), telcontato: row.fixo, telcelular: row.celular };
  });

  serveOperation(app, profileUpdateOperation, async ({ body, request }) => {
    const session = await requireCustomer(db, request, body.id);
    await updateContact(db, session.customerId, body);
    return { resposta: 'Dados atualizados com sucesso!' };
  });

  serveOperation(app, passwordChangeOperation, async ({ body, request }) => {
    const session = await requireCustomer(db, request, body.id);
    await changePassword(db, session.customerId, body.senha_atual, body.senha_nova);
    await endOtherSessions(db, session.customerId, session.idHash);
    return { resposta: 'Senha alterada com sucesso!' };
  });

  serveOperation(app, contactMessageOperation, async ({ body }) => {
    await saveContactMessage(db, body);
    return { resposta: CONTACT_SENT_MESSAGE };
  });
}
