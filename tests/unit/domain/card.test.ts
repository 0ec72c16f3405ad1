import { describe, expect, it } from 'vitest';
import {
  acceptedBrandsText,
  cardBrand,
  cardNumberProblem,
  cvvLength,
  isExpiryInFuture,
  isLuhnValid,
  lastFour,
  parseExpiry,
} from '../../../src/domain/card';

describe('card number', () => {
  it('checks the Luhn digit', () => {
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(true);
    expect(isLuhnValid('5555555555554444')).toBe(true);
    expect(isLuhnValid('4111111111111112')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('00000000000')).toBe(false);
  });

  it('shows the last four digits', () => {
    expect(lastFour('4111 1111 1111 1234')).toBe('1234');
    expect(lastFour('12')).toBe('12');
  });
});

describe('card brand', () => {
  it('recognises Hipercard and American Express', () => {
    expect(cardBrand('6062825624254001')).toBe('hipercard');
    expect(cardBrand('606282')).toBe('hipercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('37')).toBe('amex');
  });

  it('names the brand from the first digits, as they are typed', () => {
    expect(['4', '41', '4111'].map(cardBrand)).toEqual(['visa', 'visa', 'visa']);
    expect(['5', '55', '5555'].map(cardBrand)).toEqual(['mastercard', 'mastercard', 'mastercard']);
    expect(['6362', '636297', '6062'].map(cardBrand)).toEqual(['elo', 'elo', 'hipercard']);
  });

  it('recognises Visa, Mastercard and Amex', () => {
    expect(cardBrand('4111111111111111')).toBe('visa');
    expect(cardBrand('5555 5555 5555 4444')).toBe('mastercard');
    expect(cardBrand('2221000000000009')).toBe('mastercard');
    expect(cardBrand('2720990000000000')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('341111111111111')).toBe('amex');
  });

  it('recognises Elo BINs, including ones that start like Visa or Mastercard', () => {
    expect(cardBrand('6362970000457013')).toBe('elo');
    expect(cardBrand('4011780000000000')).toBe('elo');
    expect(cardBrand('5067000000000000')).toBe('elo');
    expect(cardBrand('5090000000000000')).toBe('elo');
    expect(cardBrand('6504850000000000')).toBe('elo');
  });

  it('answers unknown otherwise (brands the store does not take, like Discover)', () => {
    expect(cardBrand('')).toBe('unknown');
    expect(cardBrand('6011000000000000')).toBe('unknown');
    expect(cardBrand('9999')).toBe('unknown');
  });

  it('lists the accepted brands in words', () => {
    expect(acceptedBrandsText()).toBe('Visa, Mastercard, Elo, Hipercard e American Express');
  });
});

describe('what is wrong with a card number (pt-BR)', () => {
  it('accepts a complete, Luhn-valid number of an accepted brand', () => {
    for (const number of [
      '4111111111111111',
      '5555555555554444',
      '6362970000457013',
      '6062825624254001',
      '378282246310005',
    ])
      expect(cardNumberProblem(number), number).toBeNull();
  });

  it('says what to fix', () => {
    expect(cardNumberProblem('')).toBe('Informe o número do cartão.');
    expect(cardNumberProblem('6011000000000004')).toBe(
      'Bandeira não aceita. Aceitamos Visa, Mastercard, Elo, Hipercard e American Express.',
    );
    expect(cardNumberProblem('411111111111')).toBe('Número do cartão incompleto.');
    expect(cardNumberProblem('4111111111111112')).toBe('Número do cartão inválido: confira os dígitos.');
  });
});

describe('expiry', () => {
  it('parses two- and four-digit years', () => {
    expect(parseExpiry('12/28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry('01/2030')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('00/28')).toBeNull();
    expect(parseExpiry('12/028')).toBeNull();
    expect(parseExpiry('')).toBeNull();
  });

  it('is good through the end of the expiry month', () => {
    const now = new Date(2026, 10, 22);
    expect(isExpiryInFuture('11/26', now)).toBe(true);
    expect(isExpiryInFuture('10/26', now)).toBe(false);
    expect(isExpiryInFuture('01/2027', now)).toBe(true);
    expect(isExpiryInFuture('12/25', now)).toBe(false);
    expect(isExpiryInFuture('bad', now)).toBe(false);
  });

  it('reads the month in Brazil’s time: at 22:00 on 30 November there (December in UTC) 11/26 still pays', () => {
    const lastEvening = new Date('2026-12-01T01:00:00Z');
    expect(isExpiryInFuture('11/26', lastEvening)).toBe(true);
    expect(isExpiryInFuture('11/26', new Date('2026-12-01T03:00:00Z'))).toBe(false);
  });
});

describe('CVV', () => {
  it('has 3 digits, 4 for American Express', () => {
    expect(cvvLength('37')).toBe(4);
    expect(cvvLength('6062825624254001')).toBe(3);
  });
});
