import { describe, expect, it } from 'vitest';
import { CEP_MAX_INPUT_LENGTH, cepDigits, formatCep } from '../../../src/domain/cep';

describe('CEP', () => {
  it('keeps digits only', () => {
    expect(cepDigits('13010-100')).toBe('13010100');
    expect(cepDigits('abc')).toBe('');
    expect(cepDigits(null)).toBe('');
  });

  it('displays 00000-000 as typed', () => {
    expect(formatCep('13010100')).toBe('13010-100');
    expect(formatCep('13010')).toBe('13010');
    expect(formatCep('130101')).toBe('13010-1');
    expect(formatCep('1301010099')).toBe('13010-100');
    expect(formatCep('')).toBe('');
  });

  it('allows 10 characters in the field', () => {
    expect(CEP_MAX_INPUT_LENGTH).toBe(10);
    expect(formatCep('13010100').length).toBeLessThanOrEqual(CEP_MAX_INPUT_LENGTH);
  });
});
