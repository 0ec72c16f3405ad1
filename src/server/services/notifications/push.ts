import type { Agent } from 'node:https';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { PushMessage } from '../../../api/notifications';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { VapidKeys } from '../../secrets';

// Sending the push outbox (migration 0050) with the `web-push` library: VAPID-signed, the payload
// encrypted for the device (aes128gcm, RFC 8291). A 404 or 410 from the push service means the
// subscription is gone: its row is deleted. Anything else is retried with a growing pause.

export const PUSH_MAX_ATTEMPTS = 5;
const RETRY_STEP_SECONDS = 30;
const BATCH = 50;
/** A push service that has not answered by then is a failure (retried). */
const SEND_TIMEOUT_MS = 10_000;
/** How long the push service keeps a push for a device that is offline. */
const TTL_SECONDS = 24 * 3600;

export interface PushSettings {
  keys: VapidKeys;
  subject: string;
  /** Trusts PUSH_CA besides the system's CAs. */
  agent?: Agent;
}

export const newVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

interface DuePush {
  id: number;
  payload: Pick<PushMessage, 'notification'>;
  attempts: number;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  subscription_id: number | null;
}

/** Claims what is due (another instance skips it) and pushes the next attempt's time forward first. */
function claimDue(db: Db) {
  return queryRows<DuePush>(
    db,
    sql`WITH claimed AS (
          UPDATE push_outbox SET attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => ${RETRY_STEP_SECONDS} * (attempts + 1))
          WHERE id IN (
            SELECT id FROM push_outbox WHERE status = 'pending' AND next_attempt_at <= now()
            ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING id, payload, attempts, subscription_id)
        SELECT c.id, c.payload, c.attempts, c.subscription_id, s.endpoint, s.p256dh, s.auth
        FROM claimed c LEFT JOIN push_subscriptions s ON s.id = c.subscription_id ORDER BY c.id`,
  );
}

async function sendOne(db: Db, log: FastifyBaseLogger, settings: PushSettings, push: DuePush) {
  if (!push.endpoint || !push.p256dh || !push.auth) {
    await db.execute(sql`UPDATE push_outbox SET status = 'gone', last_error = 'inscrição removida'
      WHERE id = ${push.id}`);
    return;
  }
  try {
    const answer = await webpush.sendNotification(
      { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
      JSON.stringify(push.payload),
      {
        vapidDetails: { subject: settings.subject, ...settings.keys },
        TTL: TTL_SECONDS,
        urgency: 'normal',
        // A newer push of the same order (or product: a back-in-stock alert) replaces one the
        // device has not received yet.
        topic: push.payload.notification.tag,
        timeout: SEND_TIMEOUT_MS,
        ...(settings.agent ? { agent: settings.agent } : {}),
      },
    );
    await db.execute(sql`UPDATE push_outbox SET status = 'sent', sent_at = now(),
      last_status = ${answer.statusCode}, last_error = NULL WHERE id = ${push.id}`);
  } catch (error) {
    const status = error instanceof WebPushError ? error.statusCode : null;
    if (status === 404 || status === 410) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE push_outbox SET status = 'gone', last_status = ${status},
          last_error = 'inscrição expirada no serviço de push' WHERE id = ${push.id}`);
        await tx.execute(sql`DELETE FROM push_subscriptions WHERE id = ${push.subscription_id}`);
      });
      log.info({ push: push.id, status }, 'push subscription gone; deleted');
      return;
    }
    // The endpoint is a capability URL: never in the log or the outbox's error.
    const reason = (status ? `HTTP ${status}` : error instanceof Error ? error.message : String(error))
      .split(push.endpoint)
      .join('[endpoint]')
      .slice(0, 300);
    const gaveUp = push.attempts >= PUSH_MAX_ATTEMPTS;
    await db.execute(sql`UPDATE push_outbox SET status = ${gaveUp ? 'failed' : 'pending'},
      last_status = ${status}, last_error = ${reason} WHERE id = ${push.id}`);
    log.warn({ push: push.id, attempt: push.attempts, gaveUp }, `push not sent: ${reason}`);
  }
}

/** Sends every push that is due, a batch at a time; a slow device's service holds up no other. */
export async function sendDuePushes(db: Db, log: FastifyBaseLogger, settings: PushSettings): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await claimDue(db);
    if (due.length === 0) return sent;
    await Promise.all(due.map((push) => sendOne(db, log, settings, push)));
    sent += due.length;
  }
}

export interface PushLogEntry {
  id: number;
  /** An order's push; null for an answered quote's or a back-in-stock alert's. */
  pedido: number | null;
  /**
   * An answered quote's push (src/server/services/price-quotes); with `pedido`, null: a
   * back-in-stock alert's (src/server/services/stock-alerts.ts).
   */
  orcamento: number | null;
  titulo: string;
  /** The push service's host only: the endpoint itself is a capability URL. */
  servico: string | null;
  status: 'pending' | 'sent' | 'failed' | 'gone';
  tentativas: number;
  ultimoStatus: number | null;
  ultimoErro: string | null;
  criadoEm: string;
  enviadoEm: string | null;
}

/** The latest pushes and their outcome, newest first (`npm run store -- push:latest`). */
export async function latestPushes(db: Db, limit: number): Promise<PushLogEntry[]> {
  const rows = await queryRows<{
    id: number;
    order_id: number | null;
    quote_id: number | null;
    payload: Pick<PushMessage, 'notification'>;
    endpoint: string | null;
    status: PushLogEntry['status'];
    attempts: number;
    last_status: number | null;
    last_error: string | null;
    created_at: Date | string;
    sent_at: Date | string | null;
  }>(
    db,
    sql`SELECT o.id, o.order_id, o.quote_id, o.payload, s.endpoint, o.status, o.attempts, o.last_status, o.last_error,
          o.created_at, o.sent_at
        FROM push_outbox o LEFT JOIN push_subscriptions s ON s.id = o.subscription_id
        ORDER BY o.id DESC LIMIT ${limit}`,
  );
  const iso = (value: Date | string) => new Date(value).toISOString();
  return rows.map((row) => ({
    id: Number(row.id),
    pedido: row.order_id === null ? null : Number(row.order_id),
    orcamento: row.quote_id === null ? null : Number(row.quote_id),
    titulo: row.payload.notification.title,
    servico: row.endpoint ? new URL(row.endpoint).host : null,
    status: row.status,
    tentativas: Number(row.attempts),
    ultimoStatus: row.last_status === null ? null : Number(row.last_status),
    ultimoErro: row.last_error,
    criadoEm: iso(row.created_at),
    enviadoEm: row.sent_at ? iso(row.sent_at) : null,
  }));
}
