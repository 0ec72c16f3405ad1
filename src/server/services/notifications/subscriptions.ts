import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// The devices a customer receives pushes on (migration 0050). The customer is always the session's.

/** Whether the server may post to this endpoint: https, at a listed push service or its subdomain. */
export function acceptsEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' && hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
  );
}

export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Adds or renews this device for the customer; a device last used by another customer moves. */
export async function saveSubscription(
  db: Db,
  customerId: number,
  subscription: DeviceSubscription,
  vapidPublicKey: string,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO push_subscriptions (customer_id, endpoint, p256dh, auth, vapid_public_key)
    VALUES (${customerId}, ${subscription.endpoint}, ${subscription.keys.p256dh},
      ${subscription.keys.auth}, ${vapidPublicKey})
    ON CONFLICT (endpoint) DO UPDATE SET customer_id = EXCLUDED.customer_id, p256dh = EXCLUDED.p256dh,
      auth = EXCLUDED.auth, vapid_public_key = EXCLUDED.vapid_public_key, updated_at = now()`);
}

/** Removes this device of the customer; another customer's device is left alone. */
export async function removeSubscription(db: Db, customerId: number, endpoint: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM push_subscriptions WHERE endpoint = ${endpoint} AND customer_id = ${customerId}`,
  );
}
