import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';

// The Pix BR Code ("copia e cola"): an EMV merchant-presented QR payload as the Banco Central's
// manual describes it. Each field is ID (2 digits) + length (2 digits) + value; the last field is
// the CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) of everything before it, including '6304'.

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} too long`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC16-CCITT (FALSE variant) as four uppercase hex digits. */
export function crc16(text: string): string {
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

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 25 characters of [A-Z0-9]: the most a BR Code's txid field takes. */
export function newTxid(): string {
  const bytes = randomBytes(25);
  let out = '';
  for (const byte of bytes) out += TXID_ALPHABET[byte % TXID_ALPHABET.length];
  return out;
}

export interface BrCodeInput {
  key: string;
  merchantName: string;
  merchantCity: string;
  amountCentavos: number;
  txid: string;
}

export function buildBrCode(input: BrCodeInput): string {
  const amount = (input.amountCentavos / 100).toFixed(2);
  const body =
    field('00', '01') +
    // 12: a code for one payment, not to be reused.
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', input.key)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', amount) +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25)) +
    field('60', plain(input.merchantCity, 15)) +
    field('62', field('05', input.txid.slice(0, 25))) +
    '6304';
  return body + crc16(body);
}

/**
 * The fields of a BR Code (top level); throws on a malformed code.
 * @internal For the tests that read back the Pix code the server built.
 */
export function parseBrCode(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  let index = 0;
  while (index < code.length) {
    const id = code.slice(index, index + 2);
    const length = Number(code.slice(index + 2, index + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error('malformed BR Code');
    fields.set(id, code.slice(index + 4, index + 4 + length));
    index += 4 + length;
  }
  return fields;
}

export function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}
