import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pushTag, type PushMessage } from '../../../api/notifications';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { queueMail, sendingAfterCommit, type MailDelivery } from '../mail';
import type { OrderEvent } from '../order-events';
import { isErasedAddress } from '../personal-data';
import { orderDetailsPath } from '../../../domain/order-pages';
import { TERMS_PATH } from '../../../domain/store';
import { contractLines } from './contract-summary';
import { mailFor, pushFor, renderOrderMail, type OrderFacts } from './messages';

// The order events (migration 0035) turned into e-mails and pushes: each batch is claimed with
// FOR UPDATE SKIP LOCKED (instances share the queue), and the e-mails, the pushes to every device
// of the customer and the event's dispatched_at commit together. Never run inside a request.

const BATCH = 50;
const ICON = '/icons/icon-192.png';

interface EventRow {
  id: number;
  order_id: number;
  kind: OrderEvent['kind'];
  detail: Record<string, unknown>;
  customer_id: number;
  nome: string;
  email: string;
  amount_due: number;
  payment_method: 'pix' | 'card';
  installments: number;
}

export interface DispatchContext {
  db: Db;
  log: FastifyBaseLogger;
  publicUrl: string;
  mailDelivery: MailDelivery | null;
}

function pushMessageFor(order: OrderFacts, event: OrderEvent, origin: string): PushMessage | null {
  const text = pushFor(order, event);
  if (!text) return null;
  return {
    web_push: 8030,
    notification: {
      ...text,
      navigate: `${origin}${orderDetailsPath(order.id)}`,
      lang: 'pt-BR',
      dir: 'ltr',
      tag: pushTag(order.id),
      icon: ICON,
      badge: ICON,
    },
    pedido: order.id,
  };
}

/** Dispatches the undispatched events, a batch per transaction; returns how many. */
/** The orders of the same checkout this one replaced (a Pix left unpaid, then another order). */
async function ordersReplacedBy(tx: Db, orderId: number): Promise<number[]> {
  const replaced = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM orders WHERE superseded_by = ${orderId} ORDER BY id`,
  );
  return replaced.map((row) => Number(row.id));
}

export async function dispatchOrderEvents({ db, log, publicUrl, mailDelivery }: DispatchContext) {
  const origin = publicUrl.replace(/\/$/, '');
  let dispatched = 0;
  for (;;) {
    const count = await sendingAfterCommit(db, mailDelivery, async (tx) => {
      const events = await queryRows<EventRow>(
        tx,
        sql`SELECT e.id, e.order_id, e.kind, e.detail, o.customer_id, c.nome, c.email, o.amount_due,
              o.payment_method, o.installments
            FROM order_events e JOIN orders o ON o.id = e.order_id JOIN customers c ON c.id = o.customer_id
            WHERE e.dispatched_at IS NULL ORDER BY e.id LIMIT ${BATCH} FOR UPDATE OF e SKIP LOCKED`,
      );
      for (const row of events) {
        const event = { kind: row.kind, ...row.detail } as OrderEvent;
        const order: OrderFacts = {
          id: Number(row.order_id),
          firstName: row.nome.trim().split(/\s+/)[0] ?? row.nome,
          amountDue: Number(row.amount_due),
          paymentMethod: row.payment_method,
          installments: Number(row.installments),
          ...(event.kind === 'placed'
            ? {
                contract: await contractLines(tx, Number(row.order_id), `${origin}${TERMS_PATH}`),
                replaces: await ordersReplacedBy(tx, Number(row.order_id)),
              }
            : {}),
        };
        const mail = mailFor(order, event);
        // An erased account's finished orders may still change (staff); its owner has no address.
        if (mail && !isErasedAddress(row.email)) {
          const { text, html } = renderOrderMail(
            mail,
            order.firstName,
            `${origin}${orderDetailsPath(order.id)}`,
          );
          await queueMail(
            tx,
            log,
            { to: row.email, subject: mail.subject, body: text, html, kind: 'order' },
            mailDelivery,
          );
        }
        const push = pushMessageFor(order, event, origin);
        if (push)
          await tx.execute(sql`INSERT INTO push_outbox (subscription_id, order_id, event_id, payload)
            SELECT id, ${order.id}, ${row.id}, ${JSON.stringify(push)}::jsonb
            FROM push_subscriptions WHERE customer_id = ${row.customer_id}`);
        await tx.execute(sql`UPDATE order_events SET dispatched_at = now() WHERE id = ${row.id}`);
      }
      return events.length;
    });
    dispatched += count;
    if (count < BATCH) return dispatched;
  }
}
