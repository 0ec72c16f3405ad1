import creditCardType from 'credit-card-type';
import { storeDate } from './store-calendar';

// Card form rules. Nothing here stores or logs a card number. Brands come from braintree's
// credit-card-type (its BIN tables are kept up to date there, Elo's and Hipercard's included).

export const CARD_NUMBER_MAX_DIGITS = 19;
export const EXPIRY_MAX_LENGTH = 10;
export const CVV_LENGTH = 3;

export type CardBrand = 'visa' | 'mastercard' | 'elo' | 'hipercard' | 'amex' | 'unknown';

/** The brands the store accepts, in the order texts list them. */
export const ACCEPTED_BRANDS = ['visa', 'mastercard', 'elo', 'hipercard', 'amex'] as const;

export const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  hipercard: 'Hipercard',
  amex: 'American Express',
  unknown: 'Cartão',
};

/** 'Visa, Mastercard, Elo, Hipercard e American Express' */
export function acceptedBrandsText(): string {
  const labels = ACCEPTED_BRANDS.map((brand) => BRAND_LABELS[brand]);
  return `${labels.slice(0, -1).join(', ')} e ${labels.at(-1)}`;
}

const LIBRARY_TYPES: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  elo: 'elo',
  hipercard: 'hipercard',
  'american-express': 'amex',
};

interface BrandRules {
  brand: CardBrand;
  /** Digits after which a space goes. */
  gaps: readonly number[];
  lengths: readonly number[];
  cvvLength: number;
}

const UNKNOWN_RULES: BrandRules = {
  brand: 'unknown',
  gaps: [4, 8, 12, 16],
  lengths: [],
  cvvLength: CVV_LENGTH,
};

/**
 * The accepted brand a number (or its first digits, as typed) belongs to. The library lists every
 * brand a prefix could still become, most likely first ('4' is Visa until '401178' makes it Elo);
 * brands we do not accept are skipped.
 */
export function cardRules(number: string | null | undefined): BrandRules {
  const digits = (number ?? '').replace(/\D/g, '');
  if (!digits) return UNKNOWN_RULES;
  const match = creditCardType(digits).find((type) => type.type in LIBRARY_TYPES);
  if (!match) return UNKNOWN_RULES;
  // 4-4-4-4 brands also issue 18- and 19-digit numbers: their last digits get a group of their own.
  const gaps = match.gaps.join() === '4,8,12' ? [4, 8, 12, 16] : match.gaps;
  return {
    brand: LIBRARY_TYPES[match.type],
    gaps,
    lengths: match.lengths,
    cvvLength: match.code.size,
  };
}

export function cardBrand(number: string | null | undefined): CardBrand {
  return cardRules(number).brand;
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

export const CARD_NUMBER_MESSAGES = {
  missing: 'Informe o número do cartão.',
  brand: `Bandeira não aceita. Aceitamos ${acceptedBrandsText()}.`,
  incomplete: 'Número do cartão incompleto.',
  invalid: 'Número do cartão inválido: confira os dígitos.',
} as const;

/** What is wrong with a card number, in pt-BR, or null when it can be charged. */
export function cardNumberProblem(text: string | null | undefined): string | null {
  const digits = (text ?? '').replace(/\D/g, '');
  if (!digits) return CARD_NUMBER_MESSAGES.missing;
  const rules = cardRules(digits);
  if (rules.brand === 'unknown') return CARD_NUMBER_MESSAGES.brand;
  if (!rules.lengths.includes(digits.length)) return CARD_NUMBER_MESSAGES.incomplete;
  if (!isLuhnValid(digits)) return CARD_NUMBER_MESSAGES.invalid;
  return null;
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

/** The CVV's length for the card's brand: 4 for American Express, 3 otherwise. */
export function cvvLength(cardNumber: string | null | undefined): number {
  return cardRules(cardNumber).cvvLength;
}

export function cvvMessage(cardNumber: string | null | undefined): string {
  return `CVV inválido: ${cvvLength(cardNumber)} dígitos.`;
}

export function lastFour(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '').slice(-4);
}

// Typing the raw fields (a VITE_CARD_FIELDS=raw build only; the default build has no such form).

/** The digits typed, at most as many as the brand's longest number (19 while the brand is unknown). */
function cardDigits(text: string | null | undefined): string {
  const digits = (text ?? '').replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.slice(0, maxDigits(cardRules(digits)));
}

function maxDigits(rules: BrandRules): number {
  return Math.max(0, ...rules.lengths) || CARD_NUMBER_MAX_DIGITS;
}

/** The longest formatted number for what is typed so far (the input's maxLength). */
export function cardNumberMaxLength(text: string | null | undefined): number {
  const rules = cardRules(text);
  const digits = maxDigits(rules);
  return digits + rules.gaps.filter((gap) => gap < digits).length;
}

/** '4111 1111 1111 1111' or '3782 822463 10005' as typed, in the brand's groups. */
export function formatCardNumber(text: string | null | undefined): string {
  const digits = cardDigits(text);
  const { gaps } = cardRules(digits);
  let formatted = '';
  for (let i = 0; i < digits.length; i += 1) {
    if (gaps.includes(i)) formatted += ' ';
    formatted += digits[i];
  }
  return formatted;
}

/** 'MM/AA' or 'MM/AAAA' as typed (at most 6 digits). */
export function formatExpiry(text: string | null | undefined): string {
  const digits = (text ?? '').replace(/\D/g, '').slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The CVV as typed: digits only, at most the brand's length. */
export function formatCvv(text: string | null | undefined, cardNumber?: string | null): string {
  return (text ?? '').replace(/\D/g, '').slice(0, cvvLength(cardNumber));
}
