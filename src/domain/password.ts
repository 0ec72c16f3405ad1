// Password rules: the checklist only informs; the length limits are 7 to 20.

export const PASSWORD_MIN = 7;
export const PASSWORD_MAX = 20;

export type PasswordRule = 'length' | 'uppercase' | 'special';

export interface PasswordChecklistItem {
  key: PasswordRule;
  label: string;
  ok: boolean;
}

function length(pw: string): number {
  return Array.from(pw).length;
}

/** Letters (accented ones too), digits and spaces are not special characters. */
const SPECIAL = /[^\p{L}\p{N}\s]/u;
const UPPERCASE = /\p{Lu}/u;

export function passwordChecklist(pw: string | null | undefined): PasswordChecklistItem[] {
  const value = pw ?? '';
  return [
    { key: 'length', label: `Pelo menos ${PASSWORD_MIN} caracteres`, ok: length(value) >= PASSWORD_MIN },
    { key: 'uppercase', label: 'Uma letra maiúscula', ok: UPPERCASE.test(value) },
    { key: 'special', label: 'Um caractere especial', ok: SPECIAL.test(value) },
  ];
}
