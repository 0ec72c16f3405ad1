import { sql } from 'drizzle-orm';
import type { ReturnMode } from '../../../api/withdrawal';
import { physicalStore } from '../../../domain/store';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

// What staff see of the returns opened by withdrawals (withdraw.ts): `npm run store -- order:returns`.

export interface ReturnLine {
  pedido: number;
  cliente: string;
  status: 'aberta' | 'recebida';
  /** 'coleta no endereço ...' or 'entrega na Loja ...'. */
  como: string;
  motivo: string | null;
  valorCentavos: number;
  solicitadaEm: string;
}

/** Returns, the open ones first, then newest first. */
export async function listReturns(db: Db, limit = 100): Promise<ReturnLine[]> {
  const rows = await queryRows<{
    order_id: number;
    nome: string;
    status: 'aberta' | 'recebida';
    mode: ReturnMode;
    store: number | null;
    reason: string | null;
    amount_due: number;
    created_at: Date | string;
    address_street: string;
    address_number: string;
    address_cidade: string | null;
  }>(
    db,
    sql`SELECT r.order_id, c.nome, r.status, r.mode, r.store, r.reason, o.amount_due, r.created_at,
               o.address_street, o.address_number, o.address_cidade
        FROM order_returns r JOIN orders o ON o.id = r.order_id JOIN customers c ON c.id = o.customer_id
        ORDER BY r.status = 'aberta' DESC, r.created_at DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    pedido: Number(row.order_id),
    cliente: row.nome,
    status: row.status,
    como:
      row.mode === 'loja'
        ? `entrega na ${physicalStore(row.store)?.name ?? `loja ${row.store}`}`
        : `coleta em ${row.address_street}, ${row.address_number}${row.address_cidade ? ` - ${row.address_cidade}` : ''}`,
    motivo: row.reason,
    valorCentavos: Number(row.amount_due),
    solicitadaEm: new Date(row.created_at).toISOString(),
  }));
}
