import { describe, expect, it } from 'vitest';
import { gtin13CheckDigit, gtinForProduct, isValidGtin13, productCodeOf } from '../../../src/domain/gtin';

describe('GTIN-13 check digits', () => {
  it('computes the check digit of real, printed barcodes', () => {
    // GS1's own example, a Brazilian pack, and the textbook UPC-A 036000291452 as a GTIN-13.
    expect(gtin13CheckDigit('400638133393')).toBe(1);
    expect(gtin13CheckDigit('789100031550')).toBe(7);
    expect(gtin13CheckDigit('003600029145')).toBe(2);
    expect(isValidGtin13('4006381333931')).toBe(true);
    expect(isValidGtin13('7891000315507')).toBe(true);
  });

  it('refuses a wrong check digit, a swapped pair and the wrong length', () => {
    expect(isValidGtin13('4006381333932')).toBe(false);
    expect(isValidGtin13('4006381333391')).toBe(false);
    expect(isValidGtin13('400638133393')).toBe(false);
    expect(isValidGtin13('40063813339310')).toBe(false);
    expect(isValidGtin13('40063813339a1')).toBe(false);
    expect(() => gtin13CheckDigit('123')).toThrow();
  });

  it('gives every product a valid GTIN under the Brazilian prefix, distinct per id', () => {
    const codes = [1001, 1002, 51_000, 999_999_999].map(gtinForProduct);
    expect(codes[0]).toBe(`789000001001${gtin13CheckDigit('789000001001')}`);
    for (const code of codes) {
      expect(code).toMatch(/^789\d{10}$/);
      expect(isValidGtin13(code)).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('reads what a scanner or a person types as a GTIN or a reference', () => {
    expect(productCodeOf(' 7891000315507 ')).toEqual({ gtin: '7891000315507' });
    // A UPC-A (12 digits) is the GTIN-13 with a leading zero.
    expect(productCodeOf('036000291452')).toEqual({ gtin: '0036000291452' });
    expect(productCodeOf('1042')).toEqual({ reference: 1042 });
    expect(productCodeOf('7891000315508')).toBeUndefined();
    expect(productCodeOf('0')).toBeUndefined();
    expect(productCodeOf('tinta 18')).toBeUndefined();
    expect(productCodeOf('12345678901')).toBeUndefined();
  });
});
