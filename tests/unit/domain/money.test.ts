import { describe, expect, it } from 'vitest';
import {
  centavosToReais,
  formatBRL,
  formatBRLPlain,
  formatDecimal,
  moneyToCentavos,
  parseMoney,
  reaisToCentavos,
} from '../../../src/domain/money';
import { seededRandom } from '../../../src/domain/random';

describe('parseMoney', () => {
  it('reads the decimal comma the catalogue sends', () => {
    expect(parseMoney('12,90')).toBe(12.9);
    expect(parseMoney('0,05')).toBe(0.05);
  });

  it('reads a decimal dot and plain numbers', () => {
    expect(parseMoney('12.90')).toBe(12.9);
    expect(parseMoney(12.9)).toBe(12.9);
    expect(parseMoney('129')).toBe(129);
  });

  it('strips currency symbols and spaces', () => {
    expect(parseMoney('R$ 12,90')).toBe(12.9);
    expect(parseMoney('R$\u00a099,99')).toBe(99.99);
  });

  it('treats the separator that comes last as decimal when both appear', () => {
    expect(parseMoney('1.234,56')).toBe(1234.56);
    expect(parseMoney('R$ 12.345.678,90')).toBe(12345678.9);
    expect(parseMoney('1,234.56')).toBe(1234.56);
  });

  it('reads several dots without a comma as thousands', () => {
    expect(parseMoney('1.234.567')).toBe(1234567);
  });

  it('keeps the minus sign', () => {
    expect(parseMoney('-12,50')).toBe(-12.5);
    expect(parseMoney('R$ -1.000,00')).toBe(-1000);
  });

  it('gives 0 for empty, missing or unreadable values', () => {
    expect(parseMoney('')).toBe(0);
    expect(parseMoney(null)).toBe(0);
    expect(parseMoney(undefined)).toBe(0);
    expect(parseMoney('abc')).toBe(0);
    expect(parseMoney(',')).toBe(0);
    expect(parseMoney(Number.NaN)).toBe(0);
    expect(parseMoney(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('centavos', () => {
  it('rounds reais to whole centavos, half away from zero', () => {
    expect(reaisToCentavos(12.9)).toBe(1290);
    expect(reaisToCentavos(1.005)).toBe(101);
    expect(reaisToCentavos(0.1 + 0.2)).toBe(30);
    expect(reaisToCentavos(19.999)).toBe(2000);
    expect(reaisToCentavos(-2.345)).toBe(-235);
    expect(reaisToCentavos(Number.NaN)).toBe(0);
  });

  it('converts back to reais', () => {
    expect(centavosToReais(1290)).toBe(12.9);
    expect(centavosToReais(1)).toBe(0.01);
  });

  it('parses straight to centavos', () => {
    expect(moneyToCentavos('1.234,56')).toBe(123456);
    expect(moneyToCentavos('89,90')).toBe(8990);
  });
});

describe('display', () => {
  it('formats BRL with two decimals as Intl does', () => {
    expect(formatBRL(123456)).toBe('R$\u00a01.234,56');
    expect(formatBRL(0)).toBe('R$\u00a00,00');
    expect(formatBRL(5)).toBe('R$\u00a00,05');
  });

  it('offers the same text with an ordinary space', () => {
    expect(formatBRLPlain(1290)).toBe('R$ 12,90');
    expect(formatBRLPlain(100000)).toBe('R$ 1.000,00');
  });

  it('writes every amount exactly as Intl pt-BR does', () => {
    const random = seededRandom(2026);
    const intlBRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    const twoPlaces = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const upToTwo = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
    const samples = [0, 1, 5, 99, 100, 999, 1000, 100_000, 123_456_789, -1, -150_000, 1005, 1015];
    for (let i = 0; i < 2000; i += 1)
      samples.push(Math.round((random() - 0.2) * 10 ** Math.floor(random() * 10)));
    for (const centavos of samples) {
      expect(formatBRL(centavos), String(centavos)).toBe(intlBRL.format(centavos / 100));
      const area = centavos / 1000;
      expect(formatDecimal(area, 2, 2), String(area)).toBe(twoPlaces.format(area));
      expect(formatDecimal(area, 0, 2), String(area)).toBe(upToTwo.format(area));
    }
  });
});
