import { createHmac, timingSafeEqual } from 'node:crypto';

// How the card emulator signs its notifications and the store checks them: one home for both.
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, refused past five minutes (a replay).

export const SIGNATURE_HEADER = 'x-card-signature';
const TOLERANCE_SECONDS = 300;

const mac = (secret: string, body: string, unixSeconds: number | string) =>
  createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest();

export function signNotification(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${mac(secret, body, unixSeconds).toString('hex')}`;
}

/** True when `header` signs `body` with `secret` within the tolerance of `now`. */
export function isSignedNotification(secret: string, header: unknown, body: string, now: Date): boolean {
  const match = typeof header === 'string' ? /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) : null;
  if (!match) return false;
  if (Math.abs(now.getTime() / 1000 - Number(match[1])) > TOLERANCE_SECONDS) return false;
  return timingSafeEqual(mac(secret, body, match[1]), Buffer.from(match[2], 'hex'));
}
