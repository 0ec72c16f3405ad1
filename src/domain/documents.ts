// CPF and CNPJ rules. The alphanumeric CNPJ (issued from July 2026) has 12 characters in [0-9A-Z]
// followed by 2 numeric check digits; each character is worth its ASCII code minus 48.
import { seededRandom } from './random';

export const CPF_LENGTH = 11;
export const CNPJ_LENGTH = 14;
export const CPF_MASK_LENGTH = 14;
export const CNPJ_MASK_LENGTH = 18;

export function onlyDigits(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '');
}

/** Uppercase and keep only [0-9A-Z] (strips dots, slashes, hyphens, spaces). */
export function normalizeDocument(text: string | null | undefined): string {
  return (text ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function charValue(char: string): number {
  return char.charCodeAt(0) - 48;
}

function mod11Digit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) sum += charValue(chars[i]) * weights[i];
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function allSame(text: string): boolean {
  return /^(.)\1*$/.test(text);
}

export function cpfCheckDigits(base9: string): string {
  const first = mod11Digit(base9, CPF_WEIGHTS_1);
  const second = mod11Digit(base9 + first, CPF_WEIGHTS_2);
  return `${first}${second}`;
}

export function cnpjCheckDigits(base12: string): string {
  const upper = base12.toUpperCase();
  const first = mod11Digit(upper, CNPJ_WEIGHTS_1);
  const second = mod11Digit(upper + first, CNPJ_WEIGHTS_2);
  return `${first}${second}`;
}

/** Accepts masked or bare input; rejects anything but 11 digits with valid check digits. */
export function isValidCpf(text: string | null | undefined): boolean {
  const raw = (text ?? '').replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(raw) || allSame(raw)) return false;
  return raw.slice(9) === cpfCheckDigits(raw.slice(0, 9));
}

/** Numeric or alphanumeric CNPJ, masked or bare; letters may be lowercase. */
export function isValidCnpj(text: string | null | undefined): boolean {
  const raw = (text ?? '').toUpperCase().replace(/[.\-/\s]/g, '');
  if (!/^[0-9A-Z]{12}\d{2}$/.test(raw) || allSame(raw)) return false;
  return raw.slice(12) === cnpjCheckDigits(raw.slice(0, 12));
}

function applyMask(chars: string, pattern: string): string {
  let out = '';
  let index = 0;
  for (const slot of pattern) {
    if (index >= chars.length) break;
    if (slot === '0') {
      out += chars[index];
      index += 1;
    } else {
      out += slot;
    }
  }
  return out;
}

/** 000.000.000-00 as typed (digits only, at most 11). */
export function maskCpf(text: string | null | undefined): string {
  return applyMask(onlyDigits(text).slice(0, CPF_LENGTH), '000.000.000-00');
}

/** 00.000.000/0000-00 as typed; the first 12 may be letters, the last 2 are digits. */
export function maskCnpj(text: string | null | undefined): string {
  const normalized = normalizeDocument(text);
  const base = normalized.slice(0, 12);
  const checks = onlyDigits(normalized.slice(12)).slice(0, 2);
  return applyMask(base + checks, '00.000.000/0000-00');
}

/**
 * The 'CNPJ ou CPF' field mask: up to 11 characters of digits only it is a CPF (14 chars),
 * beyond that, or as soon as a letter appears, a CNPJ (18 chars).
 */
export function maskDocument(text: string | null | undefined): string {
  const normalized = normalizeDocument(text);
  if (normalized.length <= CPF_LENGTH && /^\d*$/.test(normalized)) return maskCpf(normalized);
  return maskCnpj(normalized);
}

// Masked display: CPF shows its first 3 and last 2 digits ('123.***.***-09'), CNPJ its
// first 2 and last 6 ('12.***.***/0001-95'). Anything else is returned normalized, unmasked.
export function hideDocument(doc: string | null | undefined): string {
  const normalized = normalizeDocument(doc);
  if (normalized.length === CPF_LENGTH) {
    return `${normalized.slice(0, 3)}.***.***-${normalized.slice(9)}`;
  }
  if (normalized.length === CNPJ_LENGTH) {
    return `${normalized.slice(0, 2)}.***.***/${normalized.slice(8, 12)}-${normalized.slice(12)}`;
  }
  return normalized;
}

/** Digits (or letters) from the one seeded PRNG, so a seed always gives the same document. */
function seededDigits(seed: number, count: number, alphabet: string): string {
  const next = seededRandom(seed >>> 0 || 1);
  let out = '';
  for (let i = 0; i < count; i += 1) out += alphabet[Math.floor(next() * alphabet.length)];
  return out;
}

const DIGITS = '0123456789';
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A valid CPF (11 bare digits) derived from a seed.
 * @internal Test data: the tests' accounts; the store itself never invents a document.
 */
export function generateCpf(seed: number): string {
  let base = seededDigits(seed, 9, DIGITS);
  if (allSame(base)) base = base.slice(0, 8) + ((Number(base[8]) + 1) % 10);
  return base + cpfCheckDigits(base);
}

/**
 * A valid CNPJ (14 bare characters) derived from a seed; branch 0001 (headquarters).
 * With `alphanumeric` the 8-character root may contain letters, as issued from July 2026.
 * @internal Test data: the tests' accounts; the store itself never invents a document.
 */
export function generateCnpj(seed: number, options: { alphanumeric?: boolean } = {}): string {
  const root = seededDigits(seed, 8, options.alphanumeric ? ALPHANUMERIC : DIGITS);
  const base = `${root}0001`;
  return base + cnpjCheckDigits(base);
}
