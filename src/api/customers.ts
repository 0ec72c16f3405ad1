import { z } from 'zod';
import { CNPJ_MASK_LENGTH, isValidCnpj, isValidCpf, normalizeDocument } from '../domain/documents';
import {
  anyPassword,
  customerId,
  customerRecord,
  documentField,
  EMAIL_MAX,
  emailField,
  NAME_MAX,
  newPassword,
  optionalPhone,
  pessoaSchema,
  registrationKind,
  requiredPhone,
} from './customer-fields';
import { defineOperation } from './define';
import { typedText } from './fields';

// Customer operations: registration, sign-in, profile, password, recovery, contact, and the
// sign-out (APP_0099, ours). Field names are the contract's; the fields are in customer-fields.ts.
//
// Sessions: APP_0045 sets an HttpOnly, SameSite=Lax session cookie (the contract has no auth header).
// Every customer-area operation (APP_0088, APP_0047, APP_0048, APP_0055, APP_0053 and the order and
// payment calls) takes the customer from that cookie: without a session it answers 401, and an `id`
// that is not the session's customer answers 403, both with a pt-BR `resposta`.

export const SESSION_REQUIRED_MESSAGE = 'Sua sessão expirou. Entre novamente para continuar.';
export const FOREIGN_CUSTOMER_MESSAGE = 'Acesso negado: estes dados pertencem a outra conta.';

const resposta = z.object({ resposta: z.string() });

// --- APP_0035 registration -------------------------------------------------------------------

export const registrationBody = z
  .object({
    cpf: documentField,
    nome: typedText(NAME_MAX, 'Nome').min(1, 'Nome é obrigatório.'),
    fixo: optionalPhone('Telefone'),
    celular: requiredPhone('Celular'),
    email: emailField,
    senha: newPassword,
    /** Empty marker: present (usually '') on the 'Pessoa Física' tab. */
    fisica: z.unknown().optional(),
    /** Empty marker: present (usually '') on the 'Pessoa Jurídica' tab. */
    juridica: z.unknown().optional(),
  })
  .superRefine((body, context) => {
    const pessoa = registrationKind(body);
    const valid = pessoa === 'juridica' ? isValidCnpj(body.cpf) : isValidCpf(body.cpf);
    if (!valid)
      context.addIssue({
        code: 'custom',
        path: ['cpf'],
        message: pessoa === 'juridica' ? 'CNPJ inválido.' : 'CPF inválido.',
      });
    if (pessoa === 'juridica' && !body.fixo)
      context.addIssue({ code: 'custom', path: ['fixo'], message: 'Telefone de contato é obrigatório.' });
  });
export type RegistrationPayload = z.input<typeof registrationBody>;

export const registerOperation = defineOperation({
  name: 'APP_0035',
  method: 'POST',
  body: registrationBody,
  answer: resposta,
  doc: [
    'Registration. `cpf` holds the CPF (with `fisica` present) or the CNPJ, numeric or alphanumeric',
    '(with `juridica` present); check digits are verified. Without either marker the length decides',
    '(more than 11 characters: CNPJ). Landline (`fixo`) is optional for individuals and required for companies.',
    'Success: 200 {resposta}. A document or e-mail already registered: 409 with one message that',
    'does not say which of the two it was. Does not sign in.',
  ].join(' '),
});

// --- APP_0045 sign-in --------------------------------------------------------------------------

export const loginBody = z.object({
  /** The CPF or CNPJ (the field is named email for historical reasons). */
  email: z
    .string({ error: 'Favor informar Email.' })
    .trim()
    .min(1, 'Favor informar Email.')
    .max(CNPJ_MASK_LENGTH, 'CPF ou CNPJ inválido.')
    .transform(normalizeDocument),
  senha: anyPassword('Favor informar senha.'),
  redirect: z.string().max(300).optional().nullable(),
});
export type LoginPayload = z.input<typeof loginBody>;

export const loginAnswer = z.object({
  id: customerId,
  nome: z.string(),
  resposta: z.string(),
  redirect: z.string(),
  dados_cliente: customerRecord,
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const LOGIN_FAILED_MESSAGE = 'CPF/CNPJ ou senha inválidos.';
export const LOGIN_LOCKED_MESSAGE =
  'Muitas tentativas de acesso sem sucesso. Aguarde 15 minutos e tente novamente.';

export const signInOperation = defineOperation({
  name: 'APP_0045',
  method: 'POST',
  body: loginBody,
  answer: loginAnswer,
  doc: [
    'Sign-in by CPF or CNPJ (masked or bare, in the field `email`) and password. 200 answers',
    '{id, nome, resposta, redirect, dados_cliente:{id, nome, email, doc, pessoa}} and sets the',
    'session cookie (a new session id at every sign-in). `redirect` echoes the requested path when it',
    "is a path of this store ('/...'), otherwise '/meusPedidos'. Wrong document or password: 401",
    `'${LOGIN_FAILED_MESSAGE}' (the same for an unknown account). Too many failures for the`,
    `account or the address: 429 '${LOGIN_LOCKED_MESSAGE}' (temporary).`,
  ].join(' '),
});

// --- APP_0099 sign-out (ours) -----------------------------------------------------------------------

export const signOutOperation = defineOperation({
  name: 'APP_0099',
  method: 'POST',
  answer: resposta,
  doc: [
    "Sign-out for 'Sair da Conta' (the retailer's contract has none; ours, beside the others). POST with no",
    'body: ends the server session and clears the cookie. Always 200 {resposta}, also without a',
    'session, so a client can call it unconditionally before clearing its own storage. Against the',
    "retailer's real DataSnap this operation does not exist (404): clear local data anyway.",
  ].join(' '),
});

// --- APP_0036 recovery, APP_0040 reset ------------------------------------------------------------

export const RECOVERY_MESSAGE =
  'Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir sua senha. O link vale por 20 minutos.';

export const passwordRecoveryOperation = defineOperation({
  name: 'APP_0036',
  method: 'POST',
  body: z.object({ email: emailField }),
  answer: resposta,
  doc: [
    'Password recovery. Always 200 with the same resposta whether or not the e-mail is registered;',
    'when it is, an e-mail with a link /redefinir?acess={token}&email={email} (single use, 20 minutes)',
    'is queued.',
  ].join(' '),
});

export const RESET_INVALID_MESSAGE =
  'Link de redefinição inválido ou expirado. Solicite um novo e-mail de recuperação de senha.';

export const resetBody = z
  .object({
    /**
     * The account's e-mail, from the link (`/redefinir?acess={token}&email={email}`). When sent it
     * must be the token's account's (else 401, as a wrong token); a link without it (sent before
     * the link carried it) resets by the token alone.
     */
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX)
      .nullish()
      .transform((email) => email?.toLowerCase() || undefined),
    token: z
      .string({ error: 'Link de redefinição inválido.' })
      .trim()
      .min(1, 'Link de redefinição inválido.')
      .max(200, 'Link de redefinição inválido.'),
    newPassword: newPassword,
    confirmPassword: z
      .string({ error: 'Confirme sua senha para continuar.' })
      .min(1, 'Confirme sua senha para continuar.'),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: 'As senhas não conferem.',
  });
export type ResetPayload = z.input<typeof resetBody>;

export const passwordResetOperation = defineOperation({
  name: 'APP_0040',
  method: 'POST',
  body: resetBody,
  answer: resposta,
  doc: [
    'Password reset with the token and e-mail of the recovery link (`acess`, `email`; an e-mail that',
    "is not the token's account's is refused as a wrong token). 200 {resposta} on success; the",
    `token is then spent and every session of the account ends. A wrong, used or expired token: 401`,
    `'${RESET_INVALID_MESSAGE}'. Password rules or a confirmation that differs: 400.`,
  ].join(' '),
});

// --- APP_0088 profile, APP_0047 profile update, APP_0048 password change ------------------------

export const profileAnswer = z.object({
  id: customerId,
  nome: z.string(),
  email: z.string(),
  doc: z.string(),
  pessoa: pessoaSchema,
  /** Landline, digits only ('' when none). */
  telcontato: z.string(),
  /** Mobile, digits only. */
  telcelular: z.string(),
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;

export const profileOperation = defineOperation({
  name: 'APP_0088',
  method: 'GET',
  query: z.object({ id: customerId.optional() }),
  answer: profileAnswer,
  doc: [
    'Profile of the signed-in customer (stored by the client as `perfil`: telcontato, telcelular,',
    'email). `id` may be omitted; when given it must be the session customer (else 403). No session: 401.',
  ].join(' '),
});

export const profileUpdateBody = z.object({
  fixo: optionalPhone('Telefone'),
  celular: requiredPhone('Celular'),
  email: emailField,
  id: customerId.optional(),
});
export type ProfileUpdatePayload = z.input<typeof profileUpdateBody>;

export const profileUpdateOperation = defineOperation({
  name: 'APP_0047',
  method: 'POST',
  body: profileUpdateBody,
  answer: resposta,
  doc: [
    'Profile update of the session customer: landline (optional), mobile and e-mail (required).',
    '200 {resposta}. E-mail used by another account: 409. No session: 401; foreign id: 403.',
  ].join(' '),
});

export const passwordChangeBody = z.object({
  senha_atual: anyPassword('Informe a senha atual.'),
  senha_nova: newPassword,
  id: customerId.optional(),
});
export type PasswordChangePayload = z.input<typeof passwordChangeBody>;

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Senha atual incorreta.';

export const passwordChangeOperation = defineOperation({
  name: 'APP_0048',
  method: 'POST',
  body: passwordChangeBody,
  answer: resposta,
  doc: [
    'Password change of the session customer; the current password is required. 200 {resposta};',
    `wrong current password: 400 '${WRONG_CURRENT_PASSWORD_MESSAGE}' (not 401, which means "no session").`,
    'The current session stays; every other session of the account ends. No session: 401; foreign id: 403.',
  ].join(' '),
});

// --- APP_0051 contact ---------------------------------------------------------------------------

export const CONTACT_SUBJECT_MAX = 100;
export const CONTACT_MESSAGE_MAX = 2000;

export const contactBody = z.object({
  nome: typedText(NAME_MAX, 'Nome').min(1, 'Nome é obrigatório.'),
  telefone: requiredPhone('Telefone'),
  email: emailField,
  assunto: typedText(CONTACT_SUBJECT_MAX, 'Assunto').min(1, 'Assunto é obrigatório.'),
  message: typedText(CONTACT_MESSAGE_MAX, 'Mensagem', true).min(1, 'Mensagem é obrigatória.'),
});
export type ContactPayload = z.input<typeof contactBody>;

export const CONTACT_SENT_MESSAGE = 'Mensagem enviada com sucesso! Nossa equipe responderá em até 5 dias.';

export const contactMessageOperation = defineOperation({
  name: 'APP_0051',
  method: 'POST',
  body: contactBody,
  answer: resposta,
  doc: `Contact message (no session needed), stored for the support team. 200 {resposta: '${CONTACT_SENT_MESSAGE}'}.`,
});
