import { storeDate } from './store-calendar';

// Card form rules (spec §5). Nothing here stores or logs a card number.

export const CARD_NUMBER_MAX_DIGITS = 19;
/** 19 digits in groups of 4 need 4 spaces. */
export const CARD_NUMBER_MAX_LENGTH = CARD_NUMBER_MAX_DIGITS + 4;
export const EXPIRY_MAX_LENGTH = 10;
export const CVV_LENGTH = 3;

export type CardBrand = 'visa' | 'mastercard' | 'elo' | 'amex' | 'unknown';

export function cardDigits(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
}

/** '4111 1111 1111 1111' as typed. */
export function formatCardNumber(text: string | null | undefined): string {
  return cardDigits(text).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Luhn check on 12 to 19 digits. */
export function isLuhnValid(text: string | null | undefined): boolean {
  const digits = (text ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

// A documented subset of Elo's published BIN ranges (6-digit prefixes, inclusive). Elo must be
// tested before Visa and Mastercard because some of its BINs start with 4 and 5.
const ELO_RANGES: readonly (readonly [number, number])[] = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650920],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];

export function cardBrand(number: string | null | undefined): CardBrand {
  const digits = cardDigits(number);
  if (digits.length >= 6) {
    const bin = Number(digits.slice(0, 6));
    if (ELO_RANGES.some(([low, high]) => bin >= low && bin <= high)) return 'elo';
  }
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (digits.length >= 4 && four >= 2221 && four <= 2720)) return 'mastercard';
  return 'unknown';
}

/** 'MM/AA' or 'MM/AAAA' as typed (at most 6 digits). */
export function formatExpiry(text: string | null | undefined): string {
  const digits = (text ?? '').replace(/\D/g, '').slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export interface Expiry {
  month: number;
  /** Four-digit year; 'AA' means 20AA. */
  year: number;
}

export function parseExpiry(text: string | null | undefined): Expiry | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text ?? '');
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/** A card is good through the last day of its expiry month (Brazil's time, whatever the host's). */
export function isExpiryInFuture(text: string | null | undefined, now: Date): boolean {
  const expiry = parseExpiry(text);
  if (!expiry) return false;
  const [currentYear, currentMonth] = storeDate(now).split('-').map(Number);
  return expiry.year > currentYear || (expiry.year === currentYear && expiry.month >= currentMonth);
}

export function formatCvv(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '').slice(0, CVV_LENGTH);
}

export function lastFour(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '').slice(-4);
}
