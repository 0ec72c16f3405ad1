import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage } from '../../api/notifications';
import { STOCK_ALERT_BAD_LINK_MESSAGE, STOCK_ALERT_NO_DEVICE_MESSAGE } from '../../api/stock-alerts';
import { productPath, STOCK_ALERT_CANCEL_PATH } from '../../domain/product-pages';
import { physicalStore } from '../../domain/store';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { refuse } from './domain-error';
import { queueMail, sendingAfterCommit, type MailDelivery } from './mail';
import { renderStoreMail, type MailLink } from './notifications/messages';

// 'Avise-me quando chegar' (migration 0104, docs/stock-alerts.md). A shopper asks while the product
// is out of stock online or at a store; the notification round (notifications/index.ts) claims the
// waiting alerts whose product has stock there again, wherever the stock came from (an order
// cancelled, a line removed, a return, the retailer's own stock update), queues the e-mail and the
// pushes and marks the alert sent in one transaction: 'waiting' -> 'sent' happens once.

const BATCH = 50;
const ICON = '/icons/icon-192.png';

export interface StockAlertRequest {
  idprd: number;
  /** null: online. */
  storeId: number | null;
  email?: string;
  /** The session's customer, for a push alert. */
  pushCustomerId?: number;
}

/** Where the product is wanted, in the shopper's words: 'para entrega' or 'na Loja Centro'. */
const placeText = (storeId: number | null) =>
  storeId === null ? 'na loja online' : `na ${physicalStore(storeId)?.name ?? 'loja'}`;

/** Units of the product where asked (the warehouse online, else the store's); null: no such product. */
async function unitsWhereAsked(db: Db, idprd: number, storeId: number | null): Promise<number | null> {
  const [row] = await queryRows<{ units: number }>(
    db,
    storeId === null
      ? sql`SELECT COALESCE(s.quantity, 0) AS units FROM products p LEFT JOIN stock s ON s.idprd = p.idprd
            WHERE p.idprd = ${idprd} AND p.active`
      : sql`SELECT COALESCE(s.quantity, 0) AS units FROM products p
            LEFT JOIN store_stock s ON s.idprd = p.idprd AND s.store_id = ${storeId}
            WHERE p.idprd = ${idprd} AND p.active`,
  );
  return row ? Number(row.units) : null;
}

const newToken = () => randomBytes(24).toString('base64url');

const cancelLink = (origin: string, token: string): MailLink => ({
  url: `${origin}${STOCK_ALERT_CANCEL_PATH}?token=${token}`,
  text: 'Não quer mais este aviso? Cancele com um toque',
  html: 'Cancelar este aviso',
});

/**
 * Records the alert (e-mail and/or push) and, for an e-mail, tells that address at once with the
 * link that cancels it: an address typed by someone else can stop what it never asked for.
 */
export async function askStockAlert(
  db: Db,
  log: FastifyBaseLogger,
  request: StockAlertRequest,
  context: { publicUrl: string; mailDelivery: MailDelivery | null },
): Promise<string> {
  const { idprd, storeId, email, pushCustomerId } = request;
  const units = await unitsWhereAsked(db, idprd, storeId);
  if (units === null) throw refuse('not-found', 'Produto não encontrado.');
  if (units > 0)
    throw refuse('conflict', `Este produto está disponível ${placeText(storeId)}: não é preciso aviso.`);
  if (pushCustomerId !== undefined) {
    const devices = await queryRows(
      db,
      sql`SELECT 1 FROM push_subscriptions WHERE customer_id = ${pushCustomerId} LIMIT 1`,
    );
    if (devices.length === 0) throw refuse('conflict', STOCK_ALERT_NO_DEVICE_MESSAGE);
  }
  const origin = context.publicUrl.replace(/\/$/, '');
  await sendingAfterCommit(db, context.mailDelivery, async (tx) => {
    if (pushCustomerId !== undefined)
      await tx.execute(sql`INSERT INTO stock_alerts (idprd, store_id, customer_id, cancel_token)
        VALUES (${idprd}, ${storeId}, ${pushCustomerId}, ${newToken()}) ON CONFLICT DO NOTHING`);
    if (email === undefined) return;
    const created = await queryRows<{ cancel_token: string; descricao: string }>(
      tx,
      sql`INSERT INTO stock_alerts (idprd, store_id, email, cancel_token)
          VALUES (${idprd}, ${storeId}, ${email}, ${newToken()}) ON CONFLICT DO NOTHING
          RETURNING cancel_token, (SELECT descricao FROM products WHERE idprd = ${idprd}) AS descricao`,
    );
    // Asked again while waiting: the first alert and its e-mail stand.
    if (created.length === 0) return;
    const [{ cancel_token: token, descricao }] = created;
    const mail = {
      subject: `Aviso registrado: ${descricao}`,
      lines: [
        `Vamos avisar neste e-mail, uma só vez, quando ${descricao} estiver disponível ${placeText(storeId)}.`,
        'Se não foi você quem pediu, cancele pelo link abaixo; nenhum outro e-mail será enviado.',
      ],
    };
    const { text, html } = renderStoreMail(mail, 'Olá!', [cancelLink(origin, token)]);
    await queueMail(
      tx,
      log,
      { to: email, subject: mail.subject, body: text, html, kind: 'stock-alert-asked' },
      context.mailDelivery,
    );
  });
  return email !== undefined && pushCustomerId !== undefined
    ? 'Pronto: avisaremos por e-mail e nas notificações deste aparelho quando chegar.'
    : email !== undefined
      ? `Pronto: avisaremos em ${email} quando chegar.`
      : 'Pronto: avisaremos nas notificações quando chegar.';
}

interface DueAlert {
  id: number;
  idprd: number;
  store_id: number | null;
  customer_id: number | null;
  email: string | null;
  cancel_token: string;
  descricao: string;
}

export interface StockAlertContext {
  db: Db;
  log: FastifyBaseLogger;
  publicUrl: string;
  mailDelivery: MailDelivery | null;
  /** Tests only: runs inside the round's transaction after its claim, before anything is queued. */
  afterClaim?: () => Promise<void>;
}

/** The push of a product back: its page opens on a tap; one per product (the tag). */
function backInStockPush(alert: DueAlert, origin: string) {
  const message: Omit<PushMessage, 'pedido'> & { produto: number } = {
    web_push: 8030,
    notification: {
      title: 'Chegou o que você esperava',
      body: `${alert.descricao} está disponível ${placeText(alert.store_id)}.`,
      navigate: `${origin}${productPath(alert.idprd)}`,
      lang: 'pt-BR',
      dir: 'ltr',
      tag: `estoque-${alert.idprd}`,
      icon: ICON,
      badge: ICON,
    },
    produto: alert.idprd,
  };
  return message;
}

/**
 * Claims the waiting alerts whose product is back where asked (FOR UPDATE SKIP LOCKED: a second
 * instance's round skips them), queues their e-mail or pushes and marks them sent, one batch per
 * transaction. Returns how many alerts were sent.
 */
export async function dispatchStockAlerts(context: StockAlertContext): Promise<number> {
  const { db, log, mailDelivery } = context;
  const origin = context.publicUrl.replace(/\/$/, '');
  let sent = 0;
  for (;;) {
    const count = await sendingAfterCommit(db, mailDelivery, async (tx) => {
      const due = await queryRows<DueAlert>(
        tx,
        sql`SELECT a.id, a.idprd, a.store_id, a.customer_id, a.email, a.cancel_token, p.descricao
            FROM stock_alerts a JOIN products p ON p.idprd = a.idprd AND p.active
            WHERE a.status = 'waiting' AND CASE WHEN a.store_id IS NULL
              THEN EXISTS (SELECT 1 FROM stock s WHERE s.idprd = a.idprd AND s.quantity > 0)
              ELSE EXISTS (SELECT 1 FROM store_stock s
                           WHERE s.idprd = a.idprd AND s.store_id = a.store_id AND s.quantity > 0) END
            ORDER BY a.id LIMIT ${BATCH} FOR UPDATE OF a SKIP LOCKED`,
      );
      await context.afterClaim?.();
      for (const alert of due) {
        const productUrl = `${origin}${productPath(alert.idprd)}`;
        if (alert.email !== null) {
          const mail = {
            subject: `Chegou: ${alert.descricao}`,
            lines: [
              `${alert.descricao}, que você pediu para avisar, está disponível ${placeText(alert.store_id)}.`,
              'Este é o único aviso: não enviaremos outro sobre este produto.',
            ],
          };
          const { text, html } = renderStoreMail(mail, 'Olá!', [
            { url: productUrl, text: 'Veja o produto', html: 'Ver o produto' },
            cancelLink(origin, alert.cancel_token),
          ]);
          await queueMail(
            tx,
            log,
            { to: alert.email, subject: mail.subject, body: text, html, kind: 'stock-alert' },
            mailDelivery,
          );
        }
        if (alert.customer_id !== null)
          await tx.execute(sql`INSERT INTO push_outbox (subscription_id, stock_alert_id, payload)
            SELECT id, ${alert.id}, ${JSON.stringify(backInStockPush(alert, origin))}::jsonb
            FROM push_subscriptions WHERE customer_id = ${alert.customer_id} ON CONFLICT DO NOTHING`);
        await tx.execute(
          sql`UPDATE stock_alerts SET status = 'sent', sent_at = now() WHERE id = ${alert.id}`,
        );
      }
      return due.length;
    });
    sent += count;
    if (count < BATCH) return sent;
  }
}

/** The one-tap link's cancellation: what the page says, or a 404 for a token of no alert. */
export async function cancelStockAlert(db: Db, token: string): Promise<string> {
  const [cancelled] = await queryRows<{ descricao: string }>(
    db,
    sql`UPDATE stock_alerts a SET status = 'cancelled', cancelled_at = now() FROM products p
        WHERE a.cancel_token = ${token} AND a.status = 'waiting' AND p.idprd = a.idprd
        RETURNING p.descricao`,
  );
  if (cancelled) return `Aviso cancelado: você não será avisado sobre ${cancelled.descricao}.`;
  const [found] = await queryRows<{ status: 'sent' | 'cancelled' }>(
    db,
    sql`SELECT status FROM stock_alerts WHERE cancel_token = ${token}`,
  );
  if (!found) throw refuse('not-found', STOCK_ALERT_BAD_LINK_MESSAGE);
  return found.status === 'sent'
    ? 'Este aviso já foi enviado e não se repete: nenhum outro será enviado.'
    : 'Este aviso já estava cancelado.';
}
