// The dynamic Pix BR Code ("copia e cola") a provider answers for a charge: an EMV
// merchant-presented payload as the Banco Central's manual describes it. Each field is ID (2 digits)
// + length (2 digits) + value; the last is the CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) of
// everything before it, '6304' included. A dynamic code carries the charge's location (26.25), where
// the payer's bank reads the charge; its txid field is '***'.

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} too long`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC16-CCITT (FALSE variant) as four uppercase hex digits. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Merchant name and city travel as plain ASCII upper case, within the field limits. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .&-]/g, '')
    .trim()
    .toUpperCase()
    .slice(0, max);
}

export interface DynamicBrCodeInput {
  /** The charge's location, without the scheme (as the API answers it). */
  location: string;
  merchantName: string;
  merchantCity: string;
}

export function dynamicBrCode(input: DynamicBrCodeInput): string {
  const body =
    field('00', '01') +
    // 12: a code for one payment, not to be reused.
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('25', input.location)) +
    field('52', '0000') +
    field('53', '986') +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25)) +
    field('60', plain(input.merchantCity, 15)) +
    field('62', field('05', '***')) +
    '6304';
  return body + crc16(body);
}

/** The fields of a BR Code (top level, or of a template field); undefined for a malformed code. */
function fieldsOf(code: string): Map<string, string> | undefined {
  const fields = new Map<string, string>();
  let index = 0;
  while (index < code.length) {
    const id = code.slice(index, index + 2);
    const length = Number(code.slice(index + 2, index + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(code.slice(index + 2, index + 4))) return undefined;
    fields.set(id, code.slice(index + 4, index + 4 + length));
    index += 4 + length;
  }
  return fields;
}

/** The location a dynamic code points at, if the code is whole (its CRC checks). */
export function locationOf(code: string): string | undefined {
  if (code.length < 8 || crc16(code.slice(0, -4)) !== code.slice(-4).toUpperCase()) return undefined;
  const account = fieldsOf(code)?.get('26');
  return account ? fieldsOf(account)?.get('25') : undefined;
}
