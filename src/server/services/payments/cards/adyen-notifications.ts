import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AdyenNotificationItem } from './adyen-records';
import type { NotificationHint } from './provider';

// Adyen's standard webhooks (tests/fixtures/adyen/Webhooks-v1.json): a body
// { live, notificationItems: [{ NotificationRequestItem }] }, each item signed on its own with
// HMAC-SHA256 under the hex key set in the Customer Area, the signature in
// additionalData.hmacSignature (base64), over these fields joined by ':' (an absent one as ''),
// as Adyen documents it and its Node library computes it (tests/fixtures/adyen/SOURCE.md).
// Optionally the webhook also carries basic auth, set beside the HMAC key.

export function signedData(item: AdyenNotificationItem): string {
  return [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(':');
}

/**
 * Adyen's HMAC keys are 32 bytes written in hex. A key that is not hex would be read as fewer bytes
 * (even none) by Buffer.from, and signatures under it could be forged: refuse it at start.
 */
export function checkHmacKey(hexKey: string): void {
  if (!/^([0-9a-fA-F]{2}){16,}$/.test(hexKey))
    throw new Error('Adyen: the HMAC key must be hex (ADYEN_HMAC_KEY)');
}

export function hmacSignature(item: AdyenNotificationItem, hexKey: string): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(signedData(item), 'utf8').digest('base64');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface NotificationCheck {
  hmacKey: string;
  merchantAccount: string;
  /** Test and live send `live` "false" / "true": one environment's webhook is not the other's. */
  live: boolean;
  basicAuth?: { username: string; password: string };
}

function authorized(header: string | string[] | undefined, basicAuth: NotificationCheck['basicAuth']) {
  if (!basicAuth) return true;
  const expected = `Basic ${Buffer.from(`${basicAuth.username}:${basicAuth.password}`).toString('base64')}`;
  return typeof header === 'string' && sameText(header, expected);
}

function isItem(value: unknown): value is AdyenNotificationItem {
  const item = value as Partial<AdyenNotificationItem> | null;
  return (
    !!item &&
    typeof item.pspReference === 'string' &&
    typeof item.merchantAccountCode === 'string' &&
    typeof item.merchantReference === 'string' &&
    typeof item.eventCode === 'string' &&
    typeof item.success === 'string' &&
    typeof item.amount?.value === 'number' &&
    typeof item.amount.currency === 'string' &&
    (item.originalReference === undefined || typeof item.originalReference === 'string')
  );
}

/** The route hands the body over as its text (the emulator signs the raw text); Adyen signs items. */
function jsonOf(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** The body's items when every one is genuine and ours; null when any is not (the batch is refused). */
export function genuineItems(
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
  check: NotificationCheck,
): AdyenNotificationItem[] | null {
  if (!authorized(headers.authorization, check.basicAuth)) return null;
  const notification = jsonOf(body) as { live?: unknown; notificationItems?: unknown } | null;
  if (String(notification?.live) !== String(check.live)) return null;
  const wrappers = notification?.notificationItems;
  if (!Array.isArray(wrappers) || wrappers.length === 0) return null;
  const items: AdyenNotificationItem[] = [];
  for (const wrapper of wrappers) {
    const item = (wrapper as { NotificationRequestItem?: unknown } | null)?.NotificationRequestItem;
    if (!isItem(item)) return null;
    const signature = item.additionalData?.hmacSignature;
    if (typeof signature !== 'string' || !sameText(signature, hmacSignature(item, check.hmacKey)))
      return null;
    // The same HMAC key may sign several merchant accounts of one company: only ours is a hint here.
    if (item.merchantAccountCode !== check.merchantAccount) return null;
    items.push(item);
  }
  return items;
}

/**
 * The payment to read back is the original one for a modification (CAPTURE, REFUND, ... carry the
 * payment's pspReference as originalReference); the event's id is the item's own pspReference with
 * its event and outcome, which Adyen keeps when it sends the same event again.
 */
export function hintOf(item: AdyenNotificationItem): NotificationHint {
  return {
    providerId: item.originalReference || item.pspReference,
    eventId: `${item.pspReference}:${item.eventCode}:${item.success}`,
  };
}
