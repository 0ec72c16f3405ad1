import { z } from 'zod';
import { CNPJ_MASK_LENGTH, normalizeDocument } from '../domain/documents';
import { PASSWORD_MAX, PASSWORD_MIN } from '../domain/password';
import { PHONE_MAX_LENGTH } from '../domain/phone';
import { databaseId, typedText } from './fields';

// The customer's fields, shared by registration, sign-in, the profile and the orders' payload.

export const NAME_MAX = 60;
export const EMAIL_MAX = 54;

/** Any number or numeric text: query values arrive as text, a real DataSnap may send either. */
export const customerId = databaseId('Cliente inválido.');

export const emailField = typedText(EMAIL_MAX, 'E-mail')
  .min(1, 'E-mail é obrigatório.')
  .pipe(z.email('E-mail inválido.'))
  .transform((email) => email.toLowerCase());

/** Phones travel masked ('(11) 98765-4321') or bare; the server keeps digits only. */
const phoneDigits = (label: string, required: boolean) =>
  typedText(PHONE_MAX_LENGTH, label)
    .transform((text) => text.replace(/\D/g, ''))
    .refine((digits) => (required ? digits.length > 0 : true), `${label} é obrigatório.`)
    .refine(
      (digits) => digits.length === 0 || digits.length === 10 || digits.length === 11,
      `${label} inválido: informe DDD e número (10 ou 11 dígitos).`,
    );

export const optionalPhone = (label: string) =>
  phoneDigits(label, false)
    .optional()
    .nullable()
    .transform((value) => value ?? '');
export const requiredPhone = (label: string) => phoneDigits(label, true);

/** Password rules (the same as src/domain/password.ts's checklist): 7 to 20, an uppercase, a special. */
export const passwordRules = {
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
  uppercase: /\p{Lu}/u,
  special: /[^\p{L}\p{N}\s]/u,
};

export const newPassword = z
  .string({ error: 'Informe uma nova senha' })
  .min(PASSWORD_MIN, `A senha deve ter de ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres.`)
  .max(PASSWORD_MAX, `A senha deve ter de ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres.`)
  .refine((text) => passwordRules.uppercase.test(text), 'A senha precisa de uma letra maiúscula.')
  .refine((text) => passwordRules.special.test(text), 'A senha precisa de um caractere especial.');

/** A password being checked (sign-in, current password): only bounded, never rule-checked. */
export const anyPassword = (emptyMessage: string) =>
  z.string({ error: emptyMessage }).min(1, emptyMessage).max(128, 'Senha inválida.');

/** CPF or CNPJ (numeric or alphanumeric), masked or bare; normalized to [0-9A-Z]. */
export const documentField = z
  .string({ error: 'CPF ou CNPJ é obrigatório.' })
  .trim()
  .min(1, 'CPF ou CNPJ é obrigatório.')
  .max(CNPJ_MASK_LENGTH, `CPF ou CNPJ: no máximo ${CNPJ_MASK_LENGTH} caracteres.`)
  .transform(normalizeDocument);

export const pessoaSchema = z.enum(['fisica', 'juridica']);
export type Pessoa = z.infer<typeof pessoaSchema>;

/**
 * The customer record (login result `dados_cliente`). `doc` is the bare document ([0-9A-Z], no
 * mask: screens mask it for display); `pessoa` is 'fisica' (CPF) or 'juridica' (CNPJ), the same
 * words as the registration markers.
 */
export const customerRecord = z.object({
  id: customerId,
  nome: z.string(),
  email: z.string(),
  doc: z.string(),
  pessoa: pessoaSchema,
});
export type CustomerRecord = z.infer<typeof customerRecord>;

/** Which tab sent the registration: its marker, or without one the document's length. */
export function registrationKind(body: { cpf: string; fisica?: unknown; juridica?: unknown }): Pessoa {
  if (body.juridica !== undefined) return 'juridica';
  if (body.fisica !== undefined) return 'fisica';
  return normalizeDocument(body.cpf).length > 11 ? 'juridica' : 'fisica';
}
