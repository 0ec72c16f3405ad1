import { describe, expect, it } from 'vitest';
import { generateCnpj, generateCpf, maskCnpj, maskCpf } from '../../../src/domain/documents';
import {
  loginMissing,
  maskRegistrationDocument,
  passwordChangeSchema,
  profileSchema,
  registrationPayload,
  registrationSchema,
  resetSchema,
} from '../../../src/features/account/lib/forms';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const person = {
  documento: maskCpf(generateCpf(7)),
  nome: 'Maria da Silva',
  fixo: '',
  celular: '(19) 99876-5432',
  email: 'Maria@Example.com',
  senha: 'Segura#1',
};

describe('registration rules', () => {
  it('masks the document as typed: CPF on the Pessoa Física tab, alphanumeric CNPJ on the other', () => {
    expect(maskRegistrationDocument('fisica', '1234567')).toBe('123.456.7');
    expect(maskRegistrationDocument('fisica', '123456789012345')).toBe('123.456.789-01');
    expect(maskRegistrationDocument('juridica', '12abc34501de')).toBe('12.ABC.345/01DE');
    expect(maskRegistrationDocument('juridica', '12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('accepts a valid pessoa física and sends the contract payload with the fisica marker', () => {
    const result = registrationSchema('fisica').safeParse(person);
    expect(result.success).toBe(true);
    const payload = registrationPayload('fisica', result.data!);
    expect(payload).toEqual({
      cpf: generateCpf(7),
      nome: 'Maria da Silva',
      fixo: '',
      celular: '19998765432',
      email: 'maria@example.com',
      senha: 'Segura#1',
      fisica: '',
    });
  });

  it('verifies check digits before sending, in pt-BR', () => {
    const cpf = generateCpf(9);
    const wrong = cpf.slice(0, 10) + ((Number(cpf[10]) + 1) % 10);
    expect(
      messages(registrationSchema('fisica').safeParse({ ...person, documento: maskCpf(wrong) })),
    ).toEqual({
      documento: 'CPF inválido: confira os dígitos.',
    });
    const cnpj = generateCnpj(3, { alphanumeric: true });
    const company = { ...person, documento: maskCnpj(cnpj), nome: 'Obras ABC Ltda', fixo: '(19) 3232-1000' };
    const ok = registrationSchema('juridica').safeParse(company);
    expect(ok.success).toBe(true);
    expect(registrationPayload('juridica', ok.data!)).toMatchObject({ cpf: cnpj, juridica: '' });
    expect(registrationPayload('juridica', ok.data!)).not.toHaveProperty('fisica');
    const bad = { ...company, documento: maskCnpj(cnpj.slice(0, 12) + '00') };
    expect(messages(registrationSchema('juridica').safeParse(bad)).documento).toBe(
      'CNPJ inválido: confira os dígitos.',
    );
  });

  it('names each missing field and applies the field limits', () => {
    const empty = { documento: '', nome: '', fixo: '', celular: '', email: '', senha: '' };
    expect(messages(registrationSchema('fisica').safeParse(empty))).toEqual({
      documento: 'CPF é obrigatório.',
      nome: 'Nome é obrigatório.',
      celular: 'Celular é obrigatório.',
      email: 'E-mail é obrigatório.',
      senha: 'Informe uma senha.',
    });
    expect(messages(registrationSchema('juridica').safeParse(empty))).toMatchObject({
      documento: 'CNPJ é obrigatório.',
      nome: 'Razão Social é obrigatório.',
      fixo: 'Telefone de contato é obrigatório.',
    });
    const long = { ...person, nome: 'x'.repeat(61), email: `${'a'.repeat(50)}@x.com` };
    expect(messages(registrationSchema('fisica').safeParse(long))).toEqual({
      nome: 'Nome: no máximo 60 caracteres.',
      email: 'E-mail: no máximo 54 caracteres.',
    });
  });

  it('does not block a password that misses the checklist (the server decides)', () => {
    expect(registrationSchema('fisica').safeParse({ ...person, senha: 'abc' }).success).toBe(true);
  });
});

describe('sign-in, reset, password change and profile rules', () => {
  it('asks for the document first, then the password', () => {
    expect(loginMissing({ documento: ' ', senha: '' })).toBe('Favor informar Email.');
    expect(loginMissing({ documento: '123.456.789-09', senha: '' })).toBe('Favor informar senha.');
    expect(loginMissing({ documento: '123.456.789-09', senha: 'x' })).toBeNull();
  });

  it('reset: both fields required, and they must match', () => {
    expect(messages(resetSchema.safeParse({ newPassword: '', confirmPassword: '' }))).toEqual({
      newPassword: 'Informe uma nova senha',
      confirmPassword: 'Confirme sua senha para continuar.',
    });
    expect(
      messages(resetSchema.safeParse({ newPassword: 'Nova#Senha1', confirmPassword: 'Nova#Senha2' })),
    ).toEqual({
      confirmPassword: 'As senhas não coincidem.',
    });
    expect(
      resetSchema.safeParse({ newPassword: 'Nova#Senha1', confirmPassword: 'Nova#Senha1' }).success,
    ).toBe(true);
  });

  it('password change needs the current password and a new one', () => {
    expect(messages(passwordChangeSchema.safeParse({ senha_atual: '', senha_nova: '' }))).toEqual({
      senha_atual: 'Informe a senha atual.',
      senha_nova: 'Informe uma nova senha',
    });
  });

  it('profile: mobile and e-mail required, landline optional, e-mail up to 54', () => {
    expect(messages(profileSchema.safeParse({ fixo: '', celular: '', email: '' }))).toEqual({
      celular: 'Celular é obrigatório.',
      email: 'E-mail é obrigatório.',
    });
    const saved = profileSchema.parse({
      fixo: '(19) 3232-1000',
      celular: '(19) 99876-5432',
      email: 'A@B.COM',
    });
    expect(saved).toEqual({ fixo: '1932321000', celular: '19998765432', email: 'a@b.com' });
  });
});
