import { z } from 'zod';
import { FORBIDDEN_CHARACTERS_MESSAGE, isCleanText } from '../domain/clean-text';
import { parseMoney } from '../domain/money';

// Field schemas every part of the contract shares: bounded text, integers and ids, money, CEP.
// Query values arrive as raw strings, so numbers are coerced here: an oversized or non-numeric
// value is a 400 with a pt-BR `resposta` before any handler runs.

/** Ids are PostgreSQL integers: anything past 2^31 - 1 is no id of ours (a 400, not a database error). */
export const INT_MAX = 2_147_483_647;

export const FIELD_MESSAGES = {
  integer: 'deve ser um número inteiro',
  tooLong: (max: number) => `no máximo ${max} caracteres`,
  list: 'lista inválida',
};

/**
 * Raw text with a bound: oversized input is a 400. Control characters are refused too: PostgreSQL
 * rejects a NUL in text, which would otherwise surface as a 500.
 */
export const text = (max: number) =>
  z
    .string({ error: 'texto inválido' })
    .trim()
    .max(max, FIELD_MESSAGES.tooLong(max))
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'caracteres inválidos');

/** An integer from a query string or JSON, bounded. */
export const integer = (min: number, max: number) =>
  z
    .union(
      [
        z.number({ error: FIELD_MESSAGES.integer }),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,12}$/, FIELD_MESSAGES.integer),
      ],
      { error: FIELD_MESSAGES.integer },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .int(FIELD_MESSAGES.integer)
        .min(min, `deve ser no mínimo ${min}`)
        .max(max, `deve ser no máximo ${max}`),
    );

/** A positive database id (idprd, lote, brand, subcategory). */
export const idValue = integer(1, INT_MAX);

/** Money as the contract carries it (the one money schema of the contract): number of reais, or the DataSnap text form ('129,90', 'R$ 1.234,56'). */
export const moneyValue = z.union([z.number(), z.string().max(40)]).transform((value) => parseMoney(value));

export const CEP_INVALID = 'CEP inválido';
export const CEP_REQUIRED = 'CEP é obrigatório';

const eightDigits = z
  .string()
  .min(1, { error: CEP_REQUIRED, abort: true })
  .regex(/^\d{8}$/, CEP_INVALID);

/** A CEP as typed in a form (the checkout's address form uses it): '01310-100' or '01310100'; normalised to 8 digits. */
export const cepText = z
  .string({ error: (issue) => (issue.input === undefined ? CEP_REQUIRED : CEP_INVALID) })
  .max(12, CEP_INVALID)
  .transform((value) => value.replace(/[\s.-]/g, ''))
  .pipe(eightDigits);

/** A CEP on the wire (the one CEP schema of the contract): the text of `cepText`, or a number (01310100 sent as 1310100). */
export const cepValue = z.preprocess(
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 99_999_999
      ? String(value).padStart(8, '0')
      : value,
  cepText,
);

/** Money in a request (total_compra): accepted and bounded, but the server always recomputes it. */
export const moneyInput = z.union(
  [z.number().min(0, 'valor inválido').max(100_000_000, 'valor inválido'), z.string().max(30)],
  {
    error: 'valor inválido',
  },
);

/** Hyphen-joined ids (`marca` and `cat` take several values joined by '-'): '3-7-12'. */
export const hyphenIds = z
  .string()
  .trim()
  .max(200, FIELD_MESSAGES.tooLong(200))
  .regex(/^\d{1,9}(-\d{1,9}){0,29}$/, FIELD_MESSAGES.list)
  .transform((value) => value.split('-').map(Number));

/** Hyphen-joined price-range codes, as `precos[].codigo` gives them: '50a100' or '0a50-50a100'. */
export const hyphenCodes = z
  .string()
  .trim()
  .max(120, FIELD_MESSAGES.tooLong(120))
  .regex(/^[a-z0-9]{1,20}(-[a-z0-9]{1,20}){0,9}$/, FIELD_MESSAGES.list)
  .transform((value) => value.split('-'));

/** A positive id read leniently (query text or JSON number), with the one message a person sees for any bad value. */
export const databaseId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(INT_MAX, message);

/** Text a person typed: trimmed, bounded, NFC, without control characters or bidi overrides (domain/clean-text.ts). */
export const typedText = (max: number, label: string, multiline = false) =>
  z
    .string({ error: `${label} é obrigatório.` })
    // Checked before trim(), which would quietly drop a leading U+FEFF (domain/clean-text.ts).
    .refine((text) => isCleanText(text, true), {
      message: `${label} ${FORBIDDEN_CHARACTERS_MESSAGE}`,
      abort: true,
    })
    .trim()
    .max(max, `${label}: no máximo ${max} caracteres.`)
    .normalize('NFC')
    .refine((text) => isCleanText(text, multiline), `${label} ${FORBIDDEN_CHARACTERS_MESSAGE}`);
