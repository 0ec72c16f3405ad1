import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random [A-Za-z0-9] of the given length: txids, and the emulator's end-to-end ids. */
export function alphanumericId(length: number): string {
  let out = '';
  // 248 = 4 x 62: bytes past it are skipped so every character is equally likely.
  while (out.length < length)
    for (const byte of randomBytes(length))
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
  return out;
}
