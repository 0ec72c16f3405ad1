import { z } from 'zod';
import { emailField, NAME_MAX, optionalPhone, requiredPhone } from '../../../api/customer-fields';
import { type RegistrationPayload } from '../../../api/customers';
import { isValidCnpj, isValidCpf, maskCnpj, maskCpf, normalizeDocument } from '../../../domain/documents';
import { PASSWORD_MAX } from '../../../domain/password';

// Form rules of the account screens. The contract's field schemas are reused where they
// fit; the password checklist only informs, so forms ask for a password but leave its
// rules to the server, whose `resposta` is shown when it refuses one.

export type PersonKind = 'fisica' | 'juridica';

export const PASSWORD_REQUIRED = 'Informe uma senha.';
export const NEW_PASSWORD_REQUIRED = 'Informe uma nova senha';
export const CONFIRM_REQUIRED = 'Confirme sua senha para continuar.';
export const PASSWORDS_DIFFER = 'As senhas não coincidem.';
export const CURRENT_PASSWORD_REQUIRED = 'Informe a senha atual.';
export const LOGIN_REQUIRED = 'Favor informar Email.';
export const LOGIN_PASSWORD_REQUIRED = 'Favor informar senha.';

const passwordText = (emptyMessage: string) =>
  z.string().min(1, emptyMessage).max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres.`);

export const documentLabel = (kind: PersonKind) => (kind === 'fisica' ? 'CPF' : 'CNPJ');
export const nameLabel = (kind: PersonKind) => (kind === 'fisica' ? 'Nome' : 'Razão Social');
export const landlineLabel = (kind: PersonKind) =>
  kind === 'fisica' ? 'Telefone fixo (opcional)' : 'Telefone de contato';

/** The registration document field, masked as typed: CPF 000.000.000-00, CNPJ 00.AAA.AAA/AAAA-00. */
export function maskRegistrationDocument(kind: PersonKind, text: string): string {
  return kind === 'fisica' ? maskCpf(text) : maskCnpj(text);
}

export function registrationSchema(kind: PersonKind) {
  const label = nameLabel(kind);
  return z.object({
    documento: z
      .string()
      .trim()
      .min(1, { error: `${documentLabel(kind)} é obrigatório.`, abort: true })
      .refine(
        (text) => (kind === 'fisica' ? isValidCpf(text) : isValidCnpj(text)),
        kind === 'fisica' ? 'CPF inválido: confira os dígitos.' : 'CNPJ inválido: confira os dígitos.',
      ),
    nome: z
      .string()
      .trim()
      .min(1, `${label} é obrigatório.`)
      .max(NAME_MAX, `${label}: no máximo ${NAME_MAX} caracteres.`),
    fixo: kind === 'fisica' ? optionalPhone('Telefone') : requiredPhone('Telefone de contato'),
    celular: requiredPhone('Celular'),
    email: emailField,
    senha: passwordText(PASSWORD_REQUIRED),
  });
}

export type RegistrationFormValues = z.input<ReturnType<typeof registrationSchema>>;
export type RegistrationFormOutput = z.output<ReturnType<typeof registrationSchema>>;

export const emptyRegistration: RegistrationFormValues = {
  documento: '',
  nome: '',
  fixo: '',
  celular: '',
  email: '',
  senha: '',
};

/** APP_0035's payload: the document travels in `cpf`, the tab as an empty marker. */
export function registrationPayload(kind: PersonKind, values: RegistrationFormOutput): RegistrationPayload {
  const payload: RegistrationPayload = {
    cpf: normalizeDocument(values.documento),
    nome: values.nome,
    fixo: values.fixo ?? '',
    celular: values.celular,
    email: values.email,
    senha: values.senha,
  };
  return kind === 'fisica' ? { ...payload, fisica: '' } : { ...payload, juridica: '' };
}

export const resetSchema = z
  .object({
    newPassword: passwordText(NEW_PASSWORD_REQUIRED),
    confirmPassword: z.string().min(1, CONFIRM_REQUIRED),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER,
  });
export type ResetFormValues = z.input<typeof resetSchema>;

export const passwordChangeSchema = z.object({
  senha_atual: z.string().min(1, CURRENT_PASSWORD_REQUIRED),
  senha_nova: passwordText(NEW_PASSWORD_REQUIRED),
});
export type PasswordChangeFormValues = z.input<typeof passwordChangeSchema>;

export const profileSchema = z.object({
  fixo: optionalPhone('Telefone de contato'),
  celular: requiredPhone('Celular'),
  email: emailField,
});
export type ProfileFormValues = z.input<typeof profileSchema>;
export type ProfileFormOutput = z.output<typeof profileSchema>;

export const recoverSchema = z.object({ email: emailField });
export type RecoverFormValues = z.input<typeof recoverSchema>;

/** The login field's first missing value, as its warning text; null when both are there. */
export function loginMissing(values: { documento: string; senha: string }): string | null {
  if (!values.documento.trim()) return LOGIN_REQUIRED;
  if (!values.senha) return LOGIN_PASSWORD_REQUIRED;
  return null;
}
