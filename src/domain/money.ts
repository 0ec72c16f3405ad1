// Money rules: amounts travel as reais (string with decimal comma, or number) and are
// held as integer centavos everywhere we compute, so sums never drift.

const NON_MONEY_CHARS = /[^\d.,-]/g;

/**
 * Parses a money value as the catalogue sends it ('12,90', '12.90', 'R$ 1.234,56', 12.9).
 *
 * The simple rule (strip all but digits, comma, dot, minus; comma becomes dot) would read the
 * Brazilian '1.234,56' as 1.234. We keep the rule for every value it reads correctly and add one
 * refinement: when both separators appear, the LAST one is the decimal separator and the other
 * groups thousands ('1.234,56' -> 1234.56, '1,234.56' -> 1234.56). Several dots without a comma
 * ('1.234.567') are thousands too. A single dot alone stays decimal ('12.90' -> 12.9), as the
 * server's numeric strings use it. Anything unreadable is 0.
 */
export function parseMoney(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  let text = value.replace(NON_MONEY_CHARS, '');
  const negative = text.startsWith('-');
  text = text.replace(/-/g, '');
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const grouping = decimal === ',' ? /\./g : /,/g;
    text = text.replace(grouping, '').replace(decimal, '.');
  } else if (lastComma >= 0) {
    // Only commas: the last is decimal, earlier ones (unusual) are grouping.
    const count = text.split(',').length - 1;
    text =
      count > 1
        ? text.slice(0, lastComma).replace(/,/g, '') + '.' + text.slice(lastComma + 1)
        : text.replace(',', '.');
  } else if (lastDot >= 0 && text.indexOf('.') !== lastDot) {
    text = text.replace(/\./g, '');
  }
  const parsed = Number.parseFloat(text);
  if (!Number.isFinite(parsed)) return 0;
  return negative ? -parsed : parsed;
}

/** Reais to integer centavos, rounded half away from zero (binary floats like 1.005 included). */
export function reaisToCentavos(reais: number): number {
  if (!Number.isFinite(reais)) return 0;
  const sign = reais < 0 ? -1 : 1;
  // toFixed on a 10-digit product absorbs float noise such as 1.005 * 100 = 100.49999999999999.
  const scaled = Number((Math.abs(reais) * 100).toFixed(6));
  const result = sign * Math.round(scaled);
  return result === 0 ? 0 : result;
}

export function centavosToReais(centavos: number): number {
  return Math.round(centavos) / 100;
}

/** Parses any catalogue money value straight to centavos. */
export function moneyToCentavos(value: string | number | null | undefined): number {
  return reaisToCentavos(parseMoney(value));
}

/**
 * A number as pt-BR writes it: '.' between thousands, ',' before the decimals, rounded half away
 * from zero to at most `maxFraction` digits and padded to `minFraction`. What
 * `Intl.NumberFormat('pt-BR')` writes (the tests compare them), without Intl's first-use cost: loading
 * the locale took about 100 ms at 4x CPU during a phone's hydration (npm run bench).
 */
export function formatDecimal(
  value: number,
  minFraction = 0,
  maxFraction = Math.max(minFraction, 3),
): string {
  if (!Number.isFinite(value)) value = 0;
  // Intl rounds the shortest decimal that reads back as the number ('1.005' gives '1,01'), not the
  // binary value toFixed rounds ('1.00'): round that decimal's digits, half away from zero.
  const shortest = Math.abs(value).toString();
  const plain = /e/i.test(shortest)
    ? Math.abs(value)
        .toFixed(20)
        .replace(/\.?0+$/, '')
    : shortest;
  const [whole = '0', fraction = ''] = plain.split('.');
  const digits = whole + fraction.slice(0, maxFraction).padEnd(maxFraction, '0');
  const roundUp = fraction.length > maxFraction && fraction[maxFraction]! >= '5';
  const rounded = (BigInt(digits) + (roundUp ? 1n : 0n)).toString().padStart(digits.length, '0');
  const roundedWhole = rounded.slice(0, rounded.length - maxFraction) || '0';
  let decimals = rounded.slice(rounded.length - maxFraction);
  while (decimals.length > minFraction && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = roundedWhole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** 'R$ 1.234,56' exactly as Intl writes it (a no-break space after R$; '-R$ 1,00' below zero). */
export function formatBRL(centavos: number): string {
  const reais = centavosToReais(centavos);
  const text = formatDecimal(reais, 2, 2);
  return text.startsWith('-') ? `-R$\u00a0${text.slice(1)}` : `R$\u00a0${text}`;
}

/** Same as formatBRL with an ordinary space, for text that is matched or copied literally. */
export function formatBRLPlain(centavos: number): string {
  return formatBRL(centavos).replace(/\s/g, ' ');
}
