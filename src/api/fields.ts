import { z } from 'zod';
import { parseMoney } from '../domain/money';

// Field schemas that several operations (and the forms built on them) share: one home each.

/**
 * A money value: a number of reais (our server's form, 129.9) or the DataSnap text form ('129,90',
 * 'R$ 1.234,56'); always read as a number of reais, so screens and the server never see a string.
 */
export const moneyValue = z.union([z.number(), z.string().max(40)]).transform((value) => parseMoney(value));

export const CEP_MESSAGES = { required: 'CEP é obrigatório', invalid: 'CEP inválido' } as const;

const eightDigits = z
  .string()
  .min(1, { error: CEP_MESSAGES.required, abort: true })
  .regex(/^\d{8}$/, CEP_MESSAGES.invalid);

/** A CEP as typed in a form: '01310-100' or '01310100'; normalised to 8 digits. */
export const cepText = z
  .string({ error: (issue) => (issue.input === undefined ? CEP_MESSAGES.required : CEP_MESSAGES.invalid) })
  .max(12, CEP_MESSAGES.invalid)
  .transform((value) => value.replace(/[\s.-]/g, ''))
  .pipe(eightDigits);

/** A CEP on the wire: the text of `cepText`, or a number (01310100 sent as 1310100). */
export const cepValue = z.preprocess(
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 99_999_999
      ? String(value).padStart(8, '0')
      : value,
  cepText,
);
