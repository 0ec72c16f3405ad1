import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MailDelivery } from '../mail';
import { dispatchOrderEvents } from './dispatch';
import { sendDuePushes, type PushSettings } from './push';
import { dispatchStockAlerts } from '../stock-alerts';
import { Worker } from '../worker';

// The notification work of this process: every NOTIFY_SCAN_MS it turns new order events, and the
// back-in-stock alerts whose product is back (src/server/services/stock-alerts.ts), into e-mails
// and pushes, then sends the pushes that are due. Requests never wait for it; several instances
// share the queues (each claim skips what another holds).

export interface Notifications {
  /** The VAPID public key devices subscribe with. */
  publicKey: string;
  /** One round now (tests and staff commands): dispatch, then send what is due. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function startNotifications(options: {
  db: Db;
  log: FastifyBaseLogger;
  publicUrl: string;
  mailDelivery: MailDelivery | null;
  push: PushSettings;
  scanMs: number;
}): Notifications {
  const { db, log, push } = options;
  const worker = new Worker({
    name: 'order notifications',
    round: async () => {
      await dispatchOrderEvents(options);
      await dispatchStockAlerts(options);
      await sendDuePushes(db, log, push);
    },
    onError: (error) => log.error({ err: error }, 'order notifications failed'),
    periodMs: options.scanMs,
  });
  worker.start();
  return {
    publicKey: push.keys.publicKey,
    runOnce: () => worker.runOnce(),
    stop: () => worker.stop(),
  };
}
