import { desc, eq, sql } from 'drizzle-orm';
import { physicalStore } from '../../../domain/store';
import type { Db } from '../../db/client';
import { customers, orderReturns, orders } from '../../db/schema';

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
  const rows = await db
    .select({
      orderId: orderReturns.orderId,
      nome: customers.nome,
      status: orderReturns.status,
      mode: orderReturns.mode,
      store: orderReturns.store,
      reason: orderReturns.reason,
      amountDue: orders.amountDue,
      createdAt: orderReturns.createdAt,
      street: orders.addressStreet,
      number: orders.addressNumber,
      cidade: orders.addressCidade,
    })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .orderBy(sql`${orderReturns.status} = 'aberta' DESC`, desc(orderReturns.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    pedido: row.orderId,
    cliente: row.nome,
    status: row.status,
    como:
      row.mode === 'loja'
        ? `entrega na ${physicalStore(row.store)?.name ?? `loja ${row.store}`}`
        : `coleta em ${row.street}, ${row.number}${row.cidade ? ` - ${row.cidade}` : ''}`,
    motivo: row.reason,
    valorCentavos: row.amountDue,
    solicitadaEm: row.createdAt.toISOString(),
  }));
}
