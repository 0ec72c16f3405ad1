import { sql } from 'drizzle-orm';
import {
  QUOTE_NOT_FOUND_MESSAGE,
  type Quote,
  type QuoteStatus,
  type QuoteSummary,
} from '../../../api/price-quotes';
import { centavosToReais } from '../../../domain/money';
import { lineTotal } from '../../../domain/quantity';
import { physicalStore } from '../../../domain/store';
import { storeDate } from '../../../domain/store-calendar';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { refuse } from '../domain-error';

// Quotes (docs/quotes.md). NOTE: services/orders/quote.ts is the order's price computation, unrelated.
// A quote is asked by a signed-in customer of one store, answered once by a seller of that store
// (a price per line within their role's discount cap and a validity), and turned into one order
// (services/orders/place.ts reads the lines and prices from here).

export interface QuoteRow {
  id: number;
  customer_id: number;
  store_id: number;
  delivery: 'entrega' | 'retirada';
  cep: string | null;
  note: string;
  status: 'solicitado' | 'respondido' | 'convertido';
  requested_at: Date | string;
  answered_at: Date | string | null;
  answered_by: number | null;
  answered_by_name: string | null;
  valid_until: Date | string | null;
  order_id: number | null;
  customer_name: string;
  pessoa: 'fisica' | 'juridica';
}

export interface QuoteLineRow {
  position: number;
  idprd: number;
  name: string;
  requested_quantity: number;
  quantity: number;
  list_price_centavos: number;
  unit_price_centavos: number | null;
  box_m2: string | null;
  sales_unit: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A `date` column as 'AAAA-MM-DD', whichever way the driver gives it. */
export const dayOf = (value: Date | string | null): string | null => {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  return value.toISOString().slice(0, 10);
};

/**
 * The status a customer or seller sees at `now`: an answered quote past its last day is 'expirado';
 * a converted one whose order is gone (a declined card leaves no order) is answered again.
 */
export function statusAt(row: Pick<QuoteRow, 'status' | 'valid_until' | 'order_id'>, now: Date): QuoteStatus {
  const status = row.status === 'convertido' && row.order_id === null ? 'respondido' : row.status;
  const lastDay = dayOf(row.valid_until);
  if (status === 'respondido' && lastDay !== null && storeDate(now) > lastDay) return 'expirado';
  return status;
}

const QUOTE_COLUMNS = sql`q.id, q.customer_id, q.store_id, q.delivery, q.cep, q.note, q.status, q.requested_at,
  q.answered_at, q.answered_by, q.answered_by_name, q.valid_until, q.order_id, c.nome AS customer_name, c.pessoa`;

export async function quoteRow(db: Db, id: number, lock = false): Promise<QuoteRow | undefined> {
  const [row] = await queryRows<QuoteRow>(
    db,
    lock
      ? sql`SELECT ${QUOTE_COLUMNS} FROM price_quotes q JOIN customers c ON c.id = q.customer_id WHERE q.id = ${id} FOR UPDATE OF q`
      : sql`SELECT ${QUOTE_COLUMNS} FROM price_quotes q JOIN customers c ON c.id = q.customer_id WHERE q.id = ${id}`,
  );
  return row;
}

export async function quoteLines(db: Db, id: number): Promise<QuoteLineRow[]> {
  return queryRows<QuoteLineRow>(
    db,
    sql`SELECT l.position, l.idprd, l.name, l.requested_quantity, l.quantity, l.list_price_centavos,
          l.unit_price_centavos, p.box_m2, p.sales_unit
        FROM price_quote_lines l LEFT JOIN products p ON p.idprd = l.idprd
        WHERE l.quote_id = ${id} ORDER BY l.position`,
  );
}

/** A line's total in centavos at its quoted price (null while not answered). */
export const quotedLineTotal = (line: QuoteLineRow) =>
  line.unit_price_centavos === null
    ? null
    : lineTotal(Number(line.unit_price_centavos), Number(line.quantity), line.box_m2);

function summaryOf(row: QuoteRow, now: Date, items: number, totalCentavos: number | null, forStaff: boolean) {
  const store = physicalStore(Number(row.store_id));
  return {
    id: Number(row.id),
    status: statusAt(row, now),
    loja: { id: Number(row.store_id), nome: store?.name ?? `Loja ${row.store_id}` },
    entrega: row.delivery,
    cep: row.cep,
    observacao: row.note,
    solicitadoEm: iso(row.requested_at)!,
    respondidoEm: iso(row.answered_at),
    validade: dayOf(row.valid_until),
    vendedor: row.answered_by_name,
    pedido: row.order_id === null ? null : Number(row.order_id),
    total: totalCentavos === null ? null : centavosToReais(totalCentavos),
    itens: items,
    ...(forStaff ? { cliente: { nome: row.customer_name, pessoa: row.pessoa } } : {}),
  };
}

/** The quote as answered to its customer, or (forStaff) to a seller of its store. */
export async function quoteAnswer(db: Db, row: QuoteRow, now: Date, forStaff = false): Promise<Quote> {
  const lines = await quoteLines(db, Number(row.id));
  const totals = lines.map(quotedLineTotal);
  const total = totals.some((value) => value === null)
    ? null
    : totals.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const { itens: _items, ...summary } = summaryOf(row, now, lines.length, total, forStaff);
  return {
    ...summary,
    linhas: lines.map((line, index) => ({
      posicao: Number(line.position),
      id: Number(line.idprd),
      nome: line.name,
      multiploprdvenda: line.box_m2,
      codundvenda: line.sales_unit ?? 'UN',
      quantidadeSolicitada: Number(line.requested_quantity),
      quantidade: Number(line.quantity),
      precoTabela: centavosToReais(Number(line.list_price_centavos)),
      preco: line.unit_price_centavos === null ? null : centavosToReais(Number(line.unit_price_centavos)),
      total: totals[index] === null ? null : centavosToReais(totals[index]),
    })),
  };
}

async function summaries(db: Db, where: ReturnType<typeof sql>, now: Date, forStaff: boolean) {
  const rows = await queryRows<QuoteRow & { items: number | string; total: number | string | null }>(
    db,
    sql`SELECT ${QUOTE_COLUMNS},
          (SELECT count(*) FROM price_quote_lines l WHERE l.quote_id = q.id) AS items,
          (SELECT CASE WHEN bool_or(l.unit_price_centavos IS NULL) THEN NULL
                  ELSE sum(round(l.unit_price_centavos * l.quantity * COALESCE(NULLIF(p.box_m2, 0), 1))) END
             FROM price_quote_lines l LEFT JOIN products p ON p.idprd = l.idprd WHERE l.quote_id = q.id) AS total
        FROM price_quotes q JOIN customers c ON c.id = q.customer_id
        WHERE ${where}
        ORDER BY (q.status = 'solicitado') DESC, q.id DESC LIMIT 200`,
  );
  return rows.map((row) =>
    summaryOf(row, now, Number(row.items), row.total === null ? null : Number(row.total), forStaff),
  );
}

export function customerQuotes(db: Db, customerId: number, now: Date): Promise<QuoteSummary[]> {
  return summaries(db, sql`q.customer_id = ${customerId}`, now, false);
}

export function storeQuotes(db: Db, storeId: number, now: Date): Promise<QuoteSummary[]> {
  return summaries(db, sql`q.store_id = ${storeId}`, now, true);
}

/** The customer's own quote; another customer's is answered as one that does not exist. */
export async function customerQuote(db: Db, customerId: number, id: number): Promise<QuoteRow> {
  const row = await quoteRow(db, id);
  if (!row || Number(row.customer_id) !== customerId) throw refuse('not-found', QUOTE_NOT_FOUND_MESSAGE);
  return row;
}

/** A quote of the tablet's store; another store's is answered as one that does not exist. */
export async function storeQuote(db: Db, storeId: number, id: number, lock = false): Promise<QuoteRow> {
  const row = await quoteRow(db, id, lock);
  if (!row || Number(row.store_id) !== storeId) throw refuse('not-found', QUOTE_NOT_FOUND_MESSAGE);
  return row;
}

export interface QuoteRequest {
  lines: { idprd: number; quantity: number }[];
  delivery: 'entrega' | 'retirada';
  storeId: number;
  cep: string | null;
  note: string;
  askedAgainFrom?: number;
}

/** Records a request: names and list prices from the catalogue (the same product twice adds up). */
export async function requestQuote(db: Db, customerId: number, request: QuoteRequest): Promise<number> {
  if (!physicalStore(request.storeId)) throw refuse('invalid', 'Escolha a loja que vai atender o orçamento.');
  if (request.delivery === 'entrega' && !request.cep)
    throw refuse('invalid', 'Informe o CEP da entrega para o orçamento.');
  const quantities = new Map<number, number>();
  for (const line of request.lines)
    quantities.set(line.idprd, (quantities.get(line.idprd) ?? 0) + line.quantity);
  const ids = [...quantities.keys()];
  const found = await queryRows<{ idprd: number; descricao: string; price_centavos: number }>(
    db,
    sql`SELECT idprd, descricao, price_centavos FROM products
        WHERE active AND idprd IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const byId = new Map(found.map((row) => [Number(row.idprd), row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined)
    throw refuse('conflict', `O produto ${missing} não está mais disponível. Remova-o do carrinho.`);
  return db.transaction(async (tx) => {
    const [created] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO price_quotes (customer_id, store_id, delivery, cep, note, asked_again_from)
          VALUES (${customerId}, ${request.storeId}, ${request.delivery},
            ${request.delivery === 'entrega' ? request.cep : null}, ${request.note}, ${request.askedAgainFrom ?? null})
          RETURNING id`,
    );
    let position = 0;
    for (const [idprd, quantity] of quantities) {
      const product = byId.get(idprd)!;
      const capped = Math.min(quantity, 9999);
      await tx.execute(
        sql`INSERT INTO price_quote_lines (quote_id, position, idprd, name, requested_quantity, quantity, list_price_centavos)
            VALUES (${created.id}, ${position}, ${idprd}, ${product.descricao}, ${capped}, ${capped}, ${product.price_centavos})`,
      );
      position += 1;
    }
    return Number(created.id);
  });
}

/** 'Solicitar novamente': the same lines and quantities, asked again of the same store. */
export async function askAgain(db: Db, customerId: number, id: number): Promise<number> {
  const row = await customerQuote(db, customerId, id);
  const lines = await quoteLines(db, id);
  return requestQuote(db, customerId, {
    lines: lines.map((line) => ({ idprd: Number(line.idprd), quantity: Number(line.quantity) })),
    delivery: row.delivery,
    storeId: Number(row.store_id),
    cep: row.cep,
    note: row.note,
    askedAgainFrom: id,
  });
}
