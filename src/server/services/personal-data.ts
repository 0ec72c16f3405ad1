import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AnswerOf } from '../../api/define';
import {
  ERASURE_OPEN_ORDERS_MESSAGE,
  ERASURE_WRONG_PASSWORD_MESSAGE,
  type personalDataExportOperation,
} from '../../api/personal-data';
import { DATA_PROTECTION_OFFICER, PERSONAL_DATA, type DeclaredTable } from '../../domain/personal-data';
import { STORE_CNPJ, STORE_LEGAL_NAME, SUPPORT_EMAIL } from '../../domain/store';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { customerById, type CustomerRow } from './customers';
import { refuse } from './domain-error';
import {
  ACCOUNT_ERASED_KIND,
  FORGOTTEN_ADDRESS,
  queueMail,
  sendingAfterCommit,
  type MailDelivery,
} from './mail';
import { verifyPassword } from './passwords';
import { DELIVERED_STEP, statusIsNot } from './orders/order-status';

// The customer's LGPD rights (Lei 13.709/2018 art. 18): the export of everything held about them,
// driven by the declared table of src/domain/personal-data.ts, and the erasure of their account.

type Export = AnswerOf<typeof personalDataExportOperation>;

/** The rows of one declared table that are the customer's, or null for rows that are not theirs. */
function holderCondition(entry: DeclaredTable, customer: CustomerRow): SQL | null {
  const { holder } = entry;
  if (holder.by === 'staff') return null;
  const column = sql.identifier(holder.column);
  switch (holder.by) {
    case 'customer':
      return sql`${column} = ${customer.id}`;
    case 'order':
      return sql`${column} IN (SELECT id FROM orders WHERE customer_id = ${customer.id})`;
    case 'push-subscription':
      return sql`${column} IN (SELECT id FROM push_subscriptions WHERE customer_id = ${customer.id})`;
    case 'email':
      return sql`lower(${column}) = lower(${customer.email})`;
    case 'document':
      return sql`${column} = ${customer.doc}`;
  }
}

/**
 * Everything held about the customer, kind by kind. A table's whole rows (but its secrets) go with
 * the first kind that declares it; a later kind shows the row's id and its own columns only.
 */
export async function exportPersonalData(db: Db, customerId: number): Promise<Export> {
  const customer = await customerById(db, customerId);
  const shown = new Set<string>();
  const dados: Export['dados'] = [];
  for (const kind of PERSONAL_DATA) {
    const tabelas: Record<string, Array<Record<string, unknown>>> = {};
    for (const entry of kind.tables) {
      const where = holderCondition(entry, customer);
      if (!where) continue;
      const whole = !shown.has(entry.table);
      shown.add(entry.table);
      const columns = whole
        ? sql`x.*`
        : sql.join(
            ['id', ...entry.personal].map((name) => sql`x.${sql.identifier(name)}`),
            sql`, `,
          );
      const found = await queryRows<{ row: Record<string, unknown> | string }>(
        db,
        sql`SELECT row_to_json(y) AS row FROM (SELECT ${columns} FROM ${sql.identifier(entry.table)} x
            WHERE ${where}) y`,
      );
      // A table a kind declares twice (its rows held by the account, or by an address typed
      // signed out: stock alerts) lists both sets.
      tabelas[entry.table] = [
        ...(tabelas[entry.table] ?? []),
        ...found.map(({ row }) => {
          const record = typeof row === 'string' ? (JSON.parse(row) as Record<string, unknown>) : row;
          for (const secret of entry.withheld ?? []) delete record[secret];
          return record;
        }),
      ];
    }
    if (Object.keys(tabelas).length === 0) continue;
    dados.push({
      chave: kind.key,
      titulo: kind.title,
      finalidade: kind.purpose,
      baseLegal: kind.legalBasis,
      guarda: kind.retention,
      compartilhadoCom: [...kind.recipients],
      tabelas,
    });
  }
  return {
    geradoEm: new Date().toISOString(),
    controlador: { razaoSocial: STORE_LEGAL_NAME, cnpj: STORE_CNPJ },
    encarregado: { nome: DATA_PROTECTION_OFFICER.name, email: DATA_PROTECTION_OFFICER.email },
    dados,
  };
}

const ERASED_NAME = 'Conta excluída';
/** Never a CPF (digits only) nor a CNPJ (14 characters): 'X' and the id, 11 characters. */
const erasedDocument = (id: number) => `X${String(id).padStart(10, '0')}`;
const ERASED_EMAIL_DOMAIN = '@conta.invalid';
const erasedEmail = (id: number) => `excluida-${id}${ERASED_EMAIL_DOMAIN}`;
/** The address an erased account was given: nothing is ever sent to it. */
export const isErasedAddress = (email: string) => email.endsWith(ERASED_EMAIL_DOMAIN);
/** Not a scrypt hash: no password ever verifies against it. */
const NO_PASSWORD = '!';

const ERASED_MAIL_BODY = [
  'Olá,',
  '',
  'A sua conta na Casa & Obra foi excluída, como você pediu. Apagamos o seu cadastro, os endereços',
  'de entrega, os e-mails e as mensagens que guardávamos, e encerramos todas as sessões e notificações.',
  '',
  'Os pedidos ficam guardados pelos cinco anos que a legislação fiscal exige, sem o seu nome, CPF ou',
  'CNPJ, e-mail ou telefone. Este e-mail é o último que enviamos a este endereço.',
  '',
  `Se não foi você quem pediu, escreva para ${SUPPORT_EMAIL} ou para o nosso encarregado de dados,`,
  `${DATA_PROTECTION_OFFICER.email}.`,
].join('\n');

/**
 * 'Excluir minha conta': with the password given again, in one transaction, the confirmation is
 * queued to the address on file, then every personal datum is erased or anonymised. The orders
 * stay (fiscal records, five years) with the street address cleared and their customer row
 * anonymised, so they still count in the sales figures but name no one. An order still under way
 * needs its name and address (LGPD art. 16, I): the erasure waits until it is delivered or cancelled.
 */
export async function eraseAccount(
  db: Db,
  log: FastifyBaseLogger,
  delivery: MailDelivery | null,
  customerId: number,
  password: string,
): Promise<void> {
  const customer = await customerById(db, customerId);
  if (!(await verifyPassword(password, customer.passwordHash)))
    throw refuse('invalid', ERASURE_WRONG_PASSWORD_MESSAGE);
  const { id, email, doc } = customer;
  await sendingAfterCommit(db, delivery, async (tx) => {
    // The customer row locked first: an order being placed at this moment (its insert holds a key
    // share on it) is committed before the check below reads the orders, or waits for the erasure.
    await tx.execute(sql`SELECT id FROM customers WHERE id = ${id} FOR UPDATE`);
    const open = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM orders WHERE customer_id = ${id} AND ${statusIsNot(sql`status`, 'cancelled')}
            AND step_index < ${DELIVERED_STEP}`,
    );
    if (open.length > 0) throw refuse('conflict', ERASURE_OPEN_ORDERS_MESSAGE);
    const farewell = await queueMail(
      tx,
      log,
      {
        to: email,
        kind: ACCOUNT_ERASED_KIND,
        subject: 'Sua conta foi excluída - Casa & Obra',
        body: ERASED_MAIL_BODY,
      },
      delivery,
    );
    await tx.execute(sql`DELETE FROM push_subscriptions WHERE customer_id = ${id}`);
    await tx.execute(sql`DELETE FROM sessions WHERE customer_id = ${id}`);
    await tx.execute(sql`DELETE FROM customer_carts WHERE customer_id = ${id}`);
    await tx.execute(sql`DELETE FROM work_lists WHERE customer_id = ${id}`);
    await tx.execute(sql`DELETE FROM work_list_merges WHERE customer_id = ${id}`);
    await tx.execute(sql`DELETE FROM price_quotes WHERE customer_id = ${id}`);
    await tx.execute(sql`DELETE FROM password_resets WHERE customer_id = ${id}`);
    await tx.execute(sql`DELETE FROM login_failures WHERE scope = 'account' AND key = ${doc}`);
    await tx.execute(
      sql`DELETE FROM mail_outbox WHERE lower(to_address) = lower(${email}) AND id <> ${farewell}`,
    );
    await tx.execute(sql`DELETE FROM contact_messages WHERE lower(email) = lower(${email})`);
    await tx.execute(
      sql`DELETE FROM stock_alerts WHERE customer_id = ${id} OR lower(email) = lower(${email})`,
    );
    await tx.execute(
      sql`UPDATE orders SET address_street = '', address_number = '', address_complement = NULL,
            address_bairro = NULL WHERE customer_id = ${id}`,
    );
    // A withdrawal's reason is the shopper's own words.
    await tx.execute(
      sql`UPDATE order_returns SET reason = NULL WHERE order_id IN (SELECT id FROM orders WHERE customer_id = ${id})`,
    );
    await tx.execute(
      sql`UPDATE customers SET doc = ${erasedDocument(id)}, nome = ${ERASED_NAME}, email = ${erasedEmail(id)},
            fixo = '', celular = '', password_hash = ${NO_PASSWORD}, updated_at = now() WHERE id = ${id}`,
    );
    // Without SMTP, storing and logging the message was its delivery: its address is no longer needed.
    if (!delivery)
      await tx.execute(sql`UPDATE mail_outbox SET to_address = ${FORGOTTEN_ADDRESS} WHERE id = ${farewell}`);
  });
  log.info({ customer: id }, 'account erased at the customer’s request');
}
