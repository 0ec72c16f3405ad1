import { desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { HeldLinks, SecretLink } from './held-links';
import { queryRows } from '../db/rows';
import { Worker } from './worker';

// Every e-mail goes through the outbox table. The embedded default delivers nothing outside the
// machine: it stores the message and writes it to the server log, and `npm run store -- mail:latest`
// shows the latest ones. With SMTP_URL set, each queued message is also sent through nodemailer in
// the background (never inside the customer's request), and its row records the outcome: a failed
// send is retried with a growing pause, up to MAX_ATTEMPTS, then marked 'failed'.

/** Sends per message before it is given up as 'failed'. */
export const MAX_ATTEMPTS = 5;
/** The pause after the n-th failed attempt is n times this. */
const RETRY_STEP_SECONDS = 60;
/** How often pending messages whose pause is over are looked for. */
const RETRY_SCAN_MS = 30_000;
const BATCH = 20;
/** A held link lives at most this long (the reset token's 20 minutes, and some). */
const HELD_LINK_MAX_SECONDS = 30 * 60;
const LINK_EXPIRED = 'link expirado antes do envio (o servidor que o gerou parou)';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  /** An HTML part beside the plain `body` (order e-mails). */
  html?: string;
  kind:
    | 'password-reset'
    | 'contact-copy'
    | 'order'
    | 'quote'
    | typeof ACCOUNT_ERASED_KIND
    // 'Avise-me quando chegar': the alert registered (with its cancel link), and the product back.
    | 'stock-alert-asked'
    | 'stock-alert';
  /** A link in `body` that is a credential: `body` holds its masked form (src/server/services/held-links.ts). */
  secretLink?: SecretLink;
}

/**
 * The confirmation of an erased account (src/server/services/personal-data.ts): the only message
 * whose address outlives the account, until it is sent (or, without SMTP, stored and logged).
 */
export const ACCOUNT_ERASED_KIND = 'account-erased';
/** What `to_address` holds once such a message no longer needs its address. */
export const FORGOTTEN_ADDRESS = '(endereço apagado com a conta)';
const forgetErased = sql`to_address = CASE WHEN kind = ${ACCOUNT_ERASED_KIND} THEN ${FORGOTTEN_ADDRESS} ELSE to_address END`;

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  body: string;
  kind: string;
  createdAt: string;
  /** SMTP delivery: null when no SMTP_URL was set (the message was only stored and logged). */
  delivery: 'pending' | 'sent' | 'failed' | null;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
}

/**
 * Stores a message in the outbox, to be sent by `delivery` (when SMTP is set) once it is committed.
 * It sends nothing itself: queue it inside `sendingAfterCommit`, which starts the delivery when the
 * message can be seen by the delivery's own connection.
 */
export async function queueMail(
  db: Db,
  log: FastifyBaseLogger,
  message: MailMessage,
  delivery?: MailDelivery | null,
  held?: HeldLinks,
): Promise<number> {
  const { secretLink } = message;
  if (secretLink && (!held || message.body.includes(secretLink.link)))
    throw new Error('a secret link is held in memory and appears masked in the body');
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      body: message.body,
      html: message.html ?? null,
      kind: message.kind,
      delivery: delivery ? 'pending' : null,
      secretHeld: !!secretLink,
    })
    .returning({ id: mailOutbox.id });
  if (secretLink) held!.hold(row.id, secretLink);
  log.info({ mail: row.id, kind: message.kind, subject: message.subject }, `mail queued:\n${message.body}`);
  return row.id;
}

/**
 * Runs `work` in one transaction and, once it has committed, starts sending the mail it queued. A
 * kick before the commit would look for the messages on another connection, which (on PostgreSQL)
 * cannot see them yet, and they would wait for the next scan.
 */
export async function sendingAfterCommit<T>(
  db: Db,
  delivery: MailDelivery | null,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(work);
  delivery?.kick();
  return result;
}

export interface MailDelivery {
  /** Starts sending what is due, in the background; never throws. */
  kick(): void;
  /** Resolves once the sending under way (if any) has finished. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** `smtp://user:***@host:587` - the SMTP URL as it may appear in a log. */
export function redactSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(invalid SMTP_URL)';
  }
}

export function smtpDelivery(options: {
  smtpUrl: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  held: HeldLinks;
}): MailDelivery {
  const { db, log, from, held } = options;
  const secret = (() => {
    try {
      return decodeURIComponent(new URL(options.smtpUrl).password);
    } catch {
      return '';
    }
  })();
  // nodemailer reads host, port, user, password, smtps:// and query options from the URL.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const scrub = (text: string) => (secret ? text.split(secret).join('***') : text);

  async function claimDue() {
    // A message with a secret link can only be sent by the process holding the link; once no one
    // can, it is given up.
    const mine = held.ids();
    const holdsIt = mine.length
      ? sql`id IN (${sql.join(
          mine.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;
    await db.execute(sql`
      UPDATE mail_outbox SET delivery = 'failed', last_error = ${LINK_EXPIRED}
      WHERE delivery = 'pending' AND secret_held AND NOT (${holdsIt})
        AND created_at < now() - make_interval(secs => ${HELD_LINK_MAX_SECONDS})`);
    // Claiming pushes next_attempt_at forward first, so another server instance (or a crash mid-send)
    // cannot send the same message twice within one pause.
    return queryRows<{
      id: number;
      to_address: string;
      subject: string;
      body: string;
      html: string | null;
      attempts: number;
      secret_held: boolean;
    }>(
      db,
      sql`
      UPDATE mail_outbox SET attempts = attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${RETRY_STEP_SECONDS} * (attempts + 1))
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE delivery = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now())
          AND (NOT secret_held OR ${holdsIt})
        ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address, subject, body, html, attempts, secret_held`,
    );
  }

  async function sendDue(): Promise<void> {
    for (;;) {
      const due = await claimDue();
      if (due.length === 0) return;
      for (const mail of due) {
        try {
          const text = mail.secret_held ? held.reveal(mail.id, mail.body) : mail.body;
          if (text === undefined) throw new Error(LINK_EXPIRED);
          await transport.sendMail({
            from,
            to: mail.to_address,
            subject: mail.subject,
            text,
            ...(mail.html ? { html: mail.html } : {}),
          });
          await db.execute(
            sql`UPDATE mail_outbox SET delivery = 'sent', sent_at = now(), last_error = NULL, ${forgetErased} WHERE id = ${mail.id}`,
          );
          log.info({ mail: mail.id }, 'mail sent');
        } catch (error) {
          const reason = scrub(error instanceof Error ? error.message : String(error)).slice(0, 500);
          const gaveUp = mail.attempts >= MAX_ATTEMPTS;
          await db.execute(
            gaveUp
              ? sql`UPDATE mail_outbox SET last_error = ${reason}, delivery = 'failed', ${forgetErased} WHERE id = ${mail.id}`
              : sql`UPDATE mail_outbox SET last_error = ${reason}, delivery = 'pending' WHERE id = ${mail.id}`,
          );
          log.warn({ mail: mail.id, attempt: mail.attempts, gaveUp }, `mail not sent: ${reason}`);
        }
      }
    }
  }

  const worker = new Worker({
    name: 'mail',
    round: sendDue,
    onError: (error) => log.error({ reason: scrub(String(error)) }, 'mail delivery failed'),
    periodMs: RETRY_SCAN_MS,
  });
  worker.start();
  log.info({ smtp: redactSmtpUrl(options.smtpUrl) }, 'mail: sending through SMTP');
  worker.kick();

  return {
    kick: () => worker.kick(),
    settled: () => worker.settled(),
    stop: async () => {
      await worker.stop();
      transport.close();
    },
  };
}

export async function latestMail(db: Db, limit: number): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    body: row.body,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    delivery: row.delivery,
    sentAt: row.sentAt?.toISOString() ?? null,
    attempts: row.attempts,
    lastError: row.lastError,
  }));
}
