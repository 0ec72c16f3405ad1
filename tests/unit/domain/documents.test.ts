import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  generateCnpj,
  generateCpf,
  hideDocument,
  isValidCnpj,
  isValidCpf,
  maskCnpj,
  maskCpf,
  maskDocument,
  normalizeDocument,
  onlyDigits,
} from '../../../src/domain/documents';

describe('normalizing', () => {
  it('keeps digits only', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
    expect(onlyDigits(null)).toBe('');
  });

  it('uppercases and strips punctuation', () => {
    expect(normalizeDocument('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeDocument(undefined)).toBe('');
  });
});

describe('CPF check digits', () => {
  it('accepts valid CPFs masked or bare', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('123.456.789-09')).toBe(true);
  });

  it('rejects wrong check digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('123.456.789-00')).toBe(false);
  });

  it('rejects sequences of one repeated digit, even though their digits add up', () => {
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('00000000000')).toBe(false);
  });

  it('rejects empty, short, long and lettered input', () => {
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('52998224A25')).toBe(false);
  });
});

describe('CNPJ check digits', () => {
  it('accepts valid numeric CNPJs', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });

  it('accepts the alphanumeric CNPJ from July 2026 (Receita Federal example)', () => {
    // 12ABC34501DE: 1,2,17,18,19,3,4,5,0,1,20,21 weighted 5432 98765432 -> 459 % 11 = 8 -> 3;
    // with the 3 and weights 6543298765432 -> 424 % 11 = 6 -> 5.
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
  });

  it('rejects wrong check digits and letters in the check digits', () => {
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
  });

  it('gives 0 when the remainder is below 2', () => {
    // 11 - remainder is never 0, so a check digit 0 only comes from the 'remainder < 2' rule.
    expect(isValidCnpj('00.000.000/0001-91')).toBe(true);
    const withZero = Array.from({ length: 200 }, (_, i) => generateCnpj(i)).find((cnpj) => cnpj[12] === '0');
    expect(withZero).toBeDefined();
    expect(isValidCnpj(withZero)).toBe(true);
  });

  it('rejects repeated characters, empty, wrong length and symbols', () => {
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('11.111.111/1111-11')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001811')).toBe(false);
    expect(isValidCnpj('11#222333000181')).toBe(false);
  });
});

describe('masks as typed', () => {
  it('masks a CPF progressively to 14 characters', () => {
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299822472599')).toHaveLength(14);
  });

  it('masks a CNPJ progressively to 18 characters, letters allowed before the check digits', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('112223330001819999')).toHaveLength(18);
    expect(maskCnpj('12ABC34501DEXY')).toBe('12.ABC.345/01DE');
  });

  it('uses the CPF mask up to 11 digits and the CNPJ mask beyond', () => {
    expect(maskDocument('')).toBe('');
    expect(maskDocument('52998224725')).toBe('529.982.247-25');
    expect(maskDocument('529.982.247-25')).toBe('529.982.247-25');
    expect(maskDocument('112223330001')).toBe('11.222.333/0001');
    expect(maskDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskDocument('12A')).toBe('12.A');
    expect(maskDocument('11.222.333/0001-8199')).toBe('11.222.333/0001-81');
  });
});

describe('hideDocument', () => {
  it('shows the first 3 and last 2 digits of a CPF', () => {
    expect(hideDocument('123.456.789-09')).toBe('123.***.***-09');
    expect(hideDocument('52998224725')).toBe('529.***.***-25');
  });

  it('shows the first 2 and last 6 characters of a CNPJ', () => {
    expect(hideDocument('11.222.333/0001-81')).toBe('11.***.***/0001-81');
    expect(hideDocument('12ABC34501DE35')).toBe('12.***.***/01DE-35');
  });

  it('leaves anything else unmasked', () => {
    expect(hideDocument('')).toBe('');
    expect(hideDocument('123')).toBe('123');
  });
});

describe('generators', () => {
  it('generate valid, deterministic documents', () => {
    expect(generateCpf(1)).toBe(generateCpf(1));
    expect(generateCpf(1)).not.toBe(generateCpf(2));
    expect(generateCnpj(7)).toBe(generateCnpj(7));
    for (let seed = 0; seed < 50; seed += 1) {
      expect(isValidCpf(generateCpf(seed))).toBe(true);
      expect(isValidCnpj(generateCnpj(seed))).toBe(true);
      expect(isValidCnpj(generateCnpj(seed, { alphanumeric: true }))).toBe(true);
    }
    expect(generateCnpj(3).slice(8, 12)).toBe('0001');
    expect(
      /[A-Z]/.test(Array.from({ length: 5 }, (_, i) => generateCnpj(i, { alphanumeric: true })).join('')),
    ).toBe(true);
  });
});
