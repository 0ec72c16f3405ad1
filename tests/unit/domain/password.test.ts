import { describe, expect, it } from 'vitest';
import {
  isStrongPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordChecklist,
} from '../../../src/domain/password';

const okByKey = (pw: string) => Object.fromEntries(passwordChecklist(pw).map((item) => [item.key, item.ok]));

describe('password checklist', () => {
  it('lists the three rules in pt-BR', () => {
    expect(passwordChecklist('').map((item) => item.label)).toEqual([
      'Pelo menos 7 caracteres',
      'Uma letra maiúscula',
      'Um caractere especial',
    ]);
    expect(okByKey('')).toEqual({ length: false, uppercase: false, special: false });
  });

  it('ticks each rule independently', () => {
    expect(okByKey('abcdefg')).toEqual({ length: true, uppercase: false, special: false });
    expect(okByKey('Abc')).toEqual({ length: false, uppercase: true, special: false });
    expect(okByKey('ab@')).toEqual({ length: false, uppercase: false, special: true });
    expect(okByKey('Senha@1')).toEqual({ length: true, uppercase: true, special: true });
  });

  it('counts accented capitals as uppercase and not as special', () => {
    expect(okByKey('Ébano12')).toEqual({ length: true, uppercase: true, special: false });
  });
});

describe('strong password', () => {
  it('needs every rule and at most 20 characters', () => {
    expect(PASSWORD_MIN).toBe(7);
    expect(PASSWORD_MAX).toBe(20);
    expect(isStrongPassword('Senha@1')).toBe(true);
    expect(isStrongPassword('Senh@1')).toBe(false);
    expect(isStrongPassword('senha@12')).toBe(false);
    expect(isStrongPassword('Senha123')).toBe(false);
    expect(isStrongPassword('Abcdefghijklmnopqr@1')).toBe(true); // 20
    expect(isStrongPassword('Abcdefghijklmnopqrs@1')).toBe(false); // 21
    expect(isStrongPassword(null)).toBe(false);
  });
});
