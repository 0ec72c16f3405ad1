// Brazilian phone masks: 10 digits landline (00) 0000-0000, 11 mobile (00) 00000-0000.

export const PHONE_MAX_LENGTH = 15;

export function phoneDigits(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '').slice(0, 11);
}

/** Masks as typed; switches to the mobile layout when the 11th digit arrives. */
export function maskPhone(text: string | null | undefined): string {
  const digits = phoneDigits(text);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = `(${digits.slice(0, 2)}) `;
  const rest = digits.slice(2);
  const split = digits.length === 11 ? 5 : 4;
  return rest.length > split ? `${area}${rest.slice(0, split)}-${rest.slice(split)}` : `${area}${rest}`;
}
