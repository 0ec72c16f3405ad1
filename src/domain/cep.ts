// Postal code (CEP) rules.

export const CEP_LENGTH = 8;
export const CEP_MAX_INPUT_LENGTH = 10;

export function cepDigits(text: string | null | undefined): string {
  return (text ?? '').replace(/\D/g, '');
}

/** '00000-000' as typed, from the first 8 digits. */
export function formatCep(text: string | null | undefined): string {
  const digits = cepDigits(text).slice(0, CEP_LENGTH);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}
