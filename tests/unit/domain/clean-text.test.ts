import { describe, expect, it } from 'vitest';
import { isCleanText } from '../../../src/domain/clean-text';

describe('clean text', () => {
  it('accepts names, addresses and messages as people type them', () => {
    expect(isCleanText('José da Silva Ñuñez')).toBe(true);
    expect(isCleanText('Rua 7 de Setembro, 100 - apto 12')).toBe(true);
    expect(isCleanText('Olá!\nPreciso de 20 m² 😀', true)).toBe(true);
  });

  it('refuses control characters and bidi overrides', () => {
    expect(isCleanText('bell\u0007')).toBe(false);
    expect(isCleanText('evil\u202egnp.exe')).toBe(false);
    expect(isCleanText('line\nbreak')).toBe(false);
  });

  it('refuses every Unicode format character (category Cf), also in multi-line text', () => {
    const format = [
      '\ufeff',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u200e',
      '\u200f',
      '\u2028',
      '\u2029',
      '\u2060',
      '\u2064',
      '\u00ad',
      '\u061c',
    ];
    for (const char of format) {
      expect(isCleanText(`Maria${char}Souza`), char.codePointAt(0)!.toString(16)).toBe(false);
      expect(isCleanText(`${char}Maria`, true), char.codePointAt(0)!.toString(16)).toBe(false);
    }
  });
});
