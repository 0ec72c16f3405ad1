import { sql } from 'drizzle-orm';
import { RETURN_NOT_FOUND_MESSAGE, type StoreReturn } from '../../../api/store-returns';
import type { ReturnMode } from '../../../api/withdrawal';
import { physicalStore } from '../../../domain/store';
import { storeClockTime } from '../../../domain/store-calendar';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { refuse } from '../domain-error';

// The returns opened by withdrawals (withdraw.ts), as staff see them: `npm run store --
// order:returns` (every one) and a store's pickup counter (those left there). Receiving the goods is
// one conditional UPDATE, so two tablets, or the counter and the CLI, record it once. It moves no
// money: everything owed went back at the request (docs/decisions/038-partial-withdrawal.md).

/** Kept this long on the counter's list once received. */
const RECEIVED_SHOWN_DAYS = 7;

interface ReturnRow {
  order_id: number;
  nome: string;
  status: StoreReturn['status'];
  mode: ReturnMode;
  store: number | null;
  reason: string | null;
  amount: number | string;
  created_at: Date | string;
  received_at: Date | string | null;
  received_name: string | null;
  address_street: string;
  address_number: string;
  address_cidade: string | null;
  excluded: string[] | null;
}

const RETURN_SELECT = sql`SELECT r.order_id, c.nome, r.status, r.mode, r.store, r.reason, r.amount, r.created_at,
    r.received_at, s.name AS received_name, o.address_street, o.address_number, o.address_cidade,
    ARRAY(SELECT i.name FROM order_items i JOIN products p ON p.idprd = i.idprd
          WHERE i.order_id = o.id AND p.custom_made ORDER BY i.id) AS excluded
  FROM order_returns r JOIN orders o ON o.id = r.order_id JOIN customers c ON c.id = o.customer_id
  LEFT JOIN store_staff s ON s.id = r.received_by`;

const lineOf = (row: ReturnRow): StoreReturn => ({
  pedido: Number(row.order_id),
  cliente: row.nome,
  status: row.status,
  como:
    row.mode === 'loja'
      ? `entrega na ${physicalStore(row.store)?.name ?? `loja ${row.store}`}`
      : `coleta em ${row.address_street}, ${row.address_number}${row.address_cidade ? ` - ${row.address_cidade}` : ''}`,
  motivo: row.reason,
  valorCentavos: Number(row.amount),
  excluidos: row.excluded ?? [],
  solicitadaEm: new Date(row.created_at).toISOString(),
  recebida: row.received_at ? { em: new Date(row.received_at).toISOString(), por: row.received_name } : null,
});

// A return's states (the contract's returnStatus, src/api/store-returns.ts): open until its goods are
// received, once (markReturnReceived is the one move; a new return starts open, migration 0091).
const OPEN: StoreReturn['status'] = 'aberta';
const RECEIVED: StoreReturn['status'] = 'recebida';

/** Every return (or one store's drop-offs), the open ones first, then newest first. */
export async function listReturns(db: Db, options: { store?: number; limit?: number } = {}) {
  const store =
    options.store === undefined
      ? sql``
      : sql`WHERE r.mode = 'loja' AND r.store = ${options.store}
              AND (r.status = ${OPEN} OR r.received_at > now() - make_interval(days => ${RECEIVED_SHOWN_DAYS}))`;
  const rows = await queryRows<ReturnRow>(
    db,
    sql`${RETURN_SELECT} ${store} ORDER BY r.status = ${OPEN} DESC, r.created_at DESC LIMIT ${options.limit ?? 100}`,
  );
  return rows.map(lineOf);
}

/**
 * The goods of a return are back: received by a seller at their store's counter (only the returns
 * left at that store), or by staff through the CLI (`by` null: any return). Once.
 */
export async function markReturnReceived(
  db: Db,
  orderId: number,
  by: { staffId: number; storeId: number } | null,
): Promise<{ resposta: string; jaFeito: boolean; devolucao: StoreReturn }> {
  const here = by ? sql`AND r.mode = 'loja' AND r.store = ${by.storeId}` : sql``;
  const changed = await queryRows<{ order_id: number }>(
    db,
    sql`UPDATE order_returns r SET status = ${RECEIVED}, received_at = now(), received_by = ${by?.staffId ?? null}
        WHERE r.order_id = ${orderId} AND r.status = ${OPEN} ${here} RETURNING r.order_id`,
  );
  const [row] = await queryRows<ReturnRow>(db, sql`${RETURN_SELECT} WHERE r.order_id = ${orderId} ${here}`);
  if (!row) throw refuse('not-found', RETURN_NOT_FOUND_MESSAGE);
  const line = lineOf(row);
  if (changed.length)
    return { resposta: `Devolução do pedido ${orderId} recebida.`, jaFeito: false, devolucao: line };
  const who = line.recebida?.por ? ` por ${line.recebida.por}` : '';
  const when = line.recebida ? ` às ${storeClockTime(new Date(line.recebida.em))}` : '';
  return {
    resposta: `A devolução do pedido ${orderId} já estava recebida${who}${when}: nada foi feito de novo.`,
    jaFeito: true,
    devolucao: line,
  };
}
