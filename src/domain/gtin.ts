// GTIN-13 (EAN-13), the number under a product's barcode: 12 digits and a check digit (GS1's
// mod-10 with weights 1 and 3 from the left). Our products carry one under the Brazilian GS1
// prefix 789; the server's SQL function gtin13_check_digit (migration 0030) computes the same.

/** GS1 Brasil's prefix: every seeded GTIN starts with it. */
export const GTIN_PREFIX_BR = '789';

/** The check digit of the first 12 digits of a GTIN-13. */
export function gtin13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('A GTIN-13 sem o dígito verificador tem 12 dígitos.');
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(first12[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True for 13 digits whose last one is the right check digit. */
export function isValidGtin13(code: string): boolean {
  return /^\d{13}$/.test(code) && gtin13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/**
 * The GTIN-13 the seed gives a product: 789, the id on 9 digits, the check digit (the seed does it
 * in SQL, gtin_for_product of migration 0030; tests compare the two).
 * @internal
 */
export function gtinForProduct(idprd: number): string {
  const first12 = `${GTIN_PREFIX_BR}${String(idprd).padStart(9, '0')}`;
  return `${first12}${gtin13CheckDigit(first12)}`;
}

/**
 * What a scanner or a person typed, when it can only be a code: a valid GTIN-13 (also as a UPC-A
 * with 12 digits, which is the same number with a leading 0) or a reference (idprd, 1-9 digits).
 */
export function productCodeOf(text: string): { gtin: string } | { reference: number } | undefined {
  const digits = text.trim();
  if (!/^\d+$/.test(digits)) return undefined;
  if (digits.length === 13) return isValidGtin13(digits) ? { gtin: digits } : undefined;
  if (digits.length === 12 && isValidGtin13(`0${digits}`)) return { gtin: `0${digits}` };
  if (digits.length <= 9 && Number(digits) > 0) return { reference: Number(digits) };
  return undefined;
}
