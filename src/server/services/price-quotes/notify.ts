import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { quotePushTag, type PushMessage } from '../../../api/notifications';
import { quoteDetailsPath } from '../../../domain/order-pages';
import { REGISTRATION_LINE, STORE_NAME, SUPPORT_EMAIL, physicalStore } from '../../../domain/store';
import { formatIsoDate } from '../../../domain/store-calendar';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { queueMail, type MailDelivery } from '../mail';
import { isErasedAddress } from '../personal-data';
import { dayOf, type QuoteRow } from './quotes';

// The answered quote told to its customer through the outboxes the order notifications use: one
// e-mail and a push to each of their devices, queued in the answer's own transaction. A quote is
// answered once (services/price-quotes/quotes.ts), so it is told once.

const ICON = '/icons/icon-192.png';

export interface QuoteNotice {
  log: FastifyBaseLogger;
  publicUrl: string;
  mailDelivery: MailDelivery | null;
}

export async function queueAnsweredQuote(tx: Db, row: QuoteRow, notice: QuoteNotice): Promise<void> {
  const origin = notice.publicUrl.replace(/\/$/, '');
  const url = `${origin}${quoteDetailsPath(row.id)}`;
  const lastDay = formatIsoDate(dayOf(row.valid_until) ?? '');
  const store = physicalStore(Number(row.store_id))?.name ?? STORE_NAME;
  const [customer] = await queryRows<{ email: string; nome: string }>(
    tx,
    sql`SELECT email, nome FROM customers WHERE id = ${row.customer_id}`,
  );
  const firstName = customer?.nome.trim().split(/\s+/)[0] ?? '';
  const subject = `Seu orçamento ${row.id} foi respondido`;
  const lines = [
    `Olá, ${firstName}!`,
    '',
    `A ${store} respondeu ao seu orçamento ${row.id}. Os preços valem até ${lastDay}.`,
    `Veja o orçamento e transforme-o em pedido: ${url}`,
    '',
    '--',
    STORE_NAME,
    REGISTRATION_LINE,
    `Dúvidas: ${SUPPORT_EMAIL}`,
  ];
  if (customer && !isErasedAddress(customer.email))
    await queueMail(
      tx,
      notice.log,
      { to: customer.email, subject, body: lines.join('\n'), kind: 'quote' },
      notice.mailDelivery,
    );
  const push: PushMessage = {
    web_push: 8030,
    notification: {
      title: `Orçamento ${row.id} respondido`,
      body: `Preços válidos até ${lastDay}. Toque para ver e comprar.`,
      navigate: url,
      lang: 'pt-BR',
      dir: 'ltr',
      tag: quotePushTag(Number(row.id)),
      icon: ICON,
      badge: ICON,
    },
    orcamento: Number(row.id),
  };
  await tx.execute(sql`INSERT INTO push_outbox (subscription_id, quote_id, payload)
    SELECT id, ${row.id}, ${JSON.stringify(push)}::jsonb FROM push_subscriptions WHERE customer_id = ${row.customer_id}`);
}
