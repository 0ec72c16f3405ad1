// Text a person types (names, addresses, messages) is stored and shown to staff and in e-mails.
// Control characters could break a log line or a CSV export; bidirectional overrides
// (U+202A-U+202E, U+2066-U+2069) make text display in an order other than the one stored, which
// disguises names and file names. Both are refused; line breaks and tabs only where text spans lines.
// So is every other format character (Unicode category Cf: U+FEFF, zero-width spaces and joiners,
// U+2028/2029, word joiners...): invisible, they make two names that look the same differ, and a name
// that looks empty pass. They are looked for before trimming, since trim() quietly drops U+FEFF.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAKS = /[\t\n\r]/;
const BIDI_OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/;
const FORMAT = /[\p{Cf}\u2028\u2029]/u;

export const FORBIDDEN_CHARACTERS_MESSAGE =
  'contém caracteres não permitidos (de controle, invisíveis ou de direção do texto).';

/** True when `text` has no control character (but line breaks and tabs when `multiline`), no bidi override and no format character. */
export function isCleanText(text: string, multiline = false): boolean {
  if (CONTROL.test(text) || BIDI_OVERRIDE.test(text) || FORMAT.test(text)) return false;
  return multiline || !LINE_BREAKS.test(text);
}
