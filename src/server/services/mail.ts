import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

// Every e-mail goes through the outbox table. The embedded default delivers nothing outside the
// machine: it stores the message and writes it to the server log, and `npm run store -- mail:latest`
// shows the latest ones. Real delivery (SMTP_URL) would need an SMTP client dependency and is not
// built: with SMTP_URL set, messages still wait in the outbox (sent_at stays empty) and a warning
// says so at start.

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
  kind: 'password-reset' | 'contact-copy' | 'order';
}

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  body: string;
  kind: string;
  createdAt: string;
}

export async function queueMail(db: Db, log: FastifyBaseLogger, message: MailMessage): Promise<void> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ toAddress: message.to, subject: message.subject, body: message.body, kind: message.kind })
    .returning({ id: mailOutbox.id });
  log.info({ mail: row.id, kind: message.kind, subject: message.subject }, `mail queued:\n${message.body}`);
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
  }));
}
