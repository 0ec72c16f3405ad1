import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { COB_ACTIVE, type Cob, type ReceivedPix, type Refund } from '../services/payments/pix/api-pix';
import { alphanumericId } from '../services/payments/pix/ids';
import { queryRows } from '../db/rows';

// The emulated provider's records, in tables of its own (migration 0041_pix_emulator.sql).

interface CobRow {
  txid: string;
  location: string;
  status: string;
  body: Cob;
  created_at: string | Date;
  expires_at: string | Date;
}

/**
 * Runs `change` (a write on pix_emulator_cobs that returns the txid it wrote) and keeps what it
 * wrote, `body`, as the charge's revision `revisao`, in one statement; false when nothing was written.
 */
async function writeRevision(db: Db, change: SQL, revisao: Cob['revisao'], body: string): Promise<boolean> {
  const kept = await queryRows(
    db,
    sql`
      WITH changed AS (${change})
      INSERT INTO pix_emulator_cob_revisions (txid, revisao, body)
      SELECT txid, ${revisao}, ${body}::jsonb FROM changed RETURNING txid`,
  );
  return kept.length === 1;
}

/** A new charge at revision 0; false when its txid is taken. */
export async function insertCob(db: Db, cob: Cob, location: string, expiresAt: Date): Promise<boolean> {
  const body = JSON.stringify(cob);
  const insert = sql`
    INSERT INTO pix_emulator_cobs (txid, location, status, body, expires_at)
    VALUES (${cob.txid}, ${location}, ${cob.status}, ${body}::jsonb, ${expiresAt.toISOString()})
    ON CONFLICT (txid) DO NOTHING RETURNING txid`;
  return writeRevision(db, insert, 0, body);
}

/**
 * The charge revised (its next revision, kept in its history), only while it is ATIVA at the
 * revision `from`; false when it is not (paid, removed or revised meanwhile).
 */
export async function reviseCob(db: Db, from: number, cob: Cob, expiresAt: Date): Promise<boolean> {
  const body = JSON.stringify(cob);
  const update = sql`
    UPDATE pix_emulator_cobs
    SET status = ${cob.status}, body = ${body}::jsonb, expires_at = ${expiresAt.toISOString()}
    WHERE txid = ${cob.txid} AND status = ${COB_ACTIVE} AND (body->>'revisao')::int = ${from}
    RETURNING txid`;
  return writeRevision(db, update, cob.revisao, body);
}

/** The charge as it was at an earlier revision. */
export async function cobRevision(db: Db, txid: string, revisao: number): Promise<Cob | undefined> {
  const [row] = await queryRows<{ body: Cob }>(
    db,
    sql`SELECT body FROM pix_emulator_cob_revisions WHERE txid = ${txid} AND revisao = ${revisao}`,
  );
  return row?.body;
}

/** The txid of the charge whose location has this id (the emulator makes locations with charges). */
export async function locationOwner(db: Db, id: number): Promise<string | undefined> {
  const [row] = await queryRows<{ txid: string }>(
    db,
    sql`SELECT txid FROM pix_emulator_cobs WHERE body->'loc'->>'id' = ${String(id)}`,
  );
  return row?.txid;
}

export async function findCob(db: Db, key: { txid: string } | { location: string }) {
  const where = 'txid' in key ? sql`txid = ${key.txid}` : sql`location = ${key.location}`;
  const [row] = await queryRows<CobRow>(db, sql`SELECT * FROM pix_emulator_cobs WHERE ${where}`);
  return row
    ? { ...row, expiresAt: new Date(row.expires_at), createdAt: new Date(row.created_at) }
    : undefined;
}

/**
 * Changes a charge's status only from `from` (a payment: no new revision): the charge as changed,
 * or undefined when it was not in `from`.
 */
export async function moveCob(db: Db, txid: string, from: string, to: string): Promise<Cob | undefined> {
  const [moved] = await queryRows<{ body: Cob }>(
    db,
    sql`
      UPDATE pix_emulator_cobs SET status = ${to}, body = jsonb_set(body, '{status}', to_jsonb(${to}::text))
      WHERE txid = ${txid} AND status = ${from} RETURNING body`,
  );
  return moved?.body;
}

export async function insertPix(db: Db, pix: ReceivedPix): Promise<void> {
  await db.execute(sql`
    INSERT INTO pix_emulator_pix (end_to_end_id, txid, body, received_at)
    VALUES (${pix.endToEndId}, ${pix.txid ?? null}, ${JSON.stringify(pix)}::jsonb, ${pix.horario})`);
}

/** A refund as the provider shows it: settled once its time came. */
function refundAsOf(row: { body: Refund; settles_at: string | Date }, now: number): Refund {
  const settlesAt = new Date(row.settles_at);
  if (row.body.status !== 'EM_PROCESSAMENTO' || settlesAt.getTime() > now) return row.body;
  return {
    ...row.body,
    status: 'DEVOLVIDO',
    horario: { ...row.body.horario, liquidacao: settlesAt.toISOString() },
  };
}

export async function refundsOf(db: Db, endToEndId: string, now = Date.now()): Promise<Refund[]> {
  const rows = await queryRows<{ body: Refund; settles_at: string }>(
    db,
    sql`SELECT body, settles_at FROM pix_emulator_refunds
                         WHERE end_to_end_id = ${endToEndId} ORDER BY settles_at`,
  );
  return rows.map((row) => refundAsOf(row, now));
}

export async function findPix(db: Db, endToEndId: string): Promise<ReceivedPix | undefined> {
  const [row] = await queryRows<{ body: ReceivedPix }>(
    db,
    sql`SELECT body FROM pix_emulator_pix WHERE end_to_end_id = ${endToEndId}`,
  );
  if (!row) return undefined;
  const devolucoes = await refundsOf(db, endToEndId);
  return devolucoes.length ? { ...row.body, devolucoes } : row.body;
}

export async function pixOfCob(db: Db, txid: string): Promise<ReceivedPix[]> {
  const rows = await queryRows<{ end_to_end_id: string }>(
    db,
    sql`SELECT end_to_end_id FROM pix_emulator_pix WHERE txid = ${txid} ORDER BY received_at`,
  );
  const all = await Promise.all(rows.map((row) => findPix(db, row.end_to_end_id)));
  return all.filter((pix): pix is ReceivedPix => pix !== undefined);
}

export interface ReceivedQuery {
  inicio: Date;
  fim: Date;
  txid?: string;
  cpf?: string;
  cnpj?: string;
  txIdPresente?: boolean;
  devolucaoPresente?: boolean;
  page: number;
  perPage: number;
}

function receivedWhere(query: ReceivedQuery) {
  const refunded = sql`EXISTS (SELECT 1 FROM pix_emulator_refunds r WHERE r.end_to_end_id = p.end_to_end_id)`;
  return sql.join(
    [
      sql`received_at >= ${query.inicio.toISOString()} AND received_at <= ${query.fim.toISOString()}`,
      ...(query.txid ? [sql`txid = ${query.txid}`] : []),
      // The emulator's payer (pix:pay) has no CPF or CNPJ: no Pix is of a payer searched by one.
      ...(query.cpf || query.cnpj ? [sql`false`] : []),
      ...(query.txIdPresente === undefined
        ? []
        : [query.txIdPresente ? sql`txid IS NOT NULL` : sql`txid IS NULL`]),
      ...(query.devolucaoPresente === undefined
        ? []
        : [query.devolucaoPresente ? refunded : sql`NOT ${refunded}`]),
    ],
    sql` AND `,
  );
}

export async function listPix(db: Db, query: ReceivedQuery) {
  const where = receivedWhere(query);
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM pix_emulator_pix p WHERE ${where}`,
  );
  const rows = await queryRows<{ end_to_end_id: string }>(
    db,
    sql`SELECT end_to_end_id FROM pix_emulator_pix p WHERE ${where}
                         ORDER BY received_at, end_to_end_id
                         LIMIT ${query.perPage} OFFSET ${query.page * query.perPage}`,
  );
  const pix = await Promise.all(rows.map((row) => findPix(db, row.end_to_end_id)));
  return { total: Number(total), pix: pix.filter((entry): entry is ReceivedPix => entry !== undefined) };
}

export async function insertRefund(db: Db, endToEndId: string, refund: Refund, settlesAt: Date) {
  const inserted = await queryRows(
    db,
    sql`
      INSERT INTO pix_emulator_refunds (end_to_end_id, id, body, settles_at)
      VALUES (${endToEndId}, ${refund.id}, ${JSON.stringify(refund)}::jsonb, ${settlesAt.toISOString()})
      ON CONFLICT DO NOTHING RETURNING id`,
  );
  return inserted.length === 1;
}

export async function setWebhook(db: Db, chave: string, url: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO pix_emulator_webhooks (chave, webhook_url) VALUES (${chave}, ${url})
    ON CONFLICT (chave) DO UPDATE SET webhook_url = EXCLUDED.webhook_url, created_at = now()`);
}

export async function webhookOf(db: Db, chave: string): Promise<string | undefined> {
  const [row] = await queryRows<{ webhook_url: string }>(
    db,
    sql`SELECT webhook_url FROM pix_emulator_webhooks WHERE chave = ${chave}`,
  );
  return row?.webhook_url;
}

/** An end-to-end id as the SPI makes them: E, the payer PSP's ISPB, yyyyMMddHHmm, 11 characters. */
export function endToEndId(at: Date, prefix = 'E'): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
  return `${prefix}00038166${stamp}${alphanumericId(11)}`;
}
