import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PHYSICAL_STORES } from '../../domain/store';
import { centavosToReais } from '../../domain/money';
import type { Db } from '../db/client';
import { orders, storeStaff } from '../db/schema';
import { handoffStoreOf } from './handoffs';
import { isCancelled } from './orders/order-status';
import { readStaff } from './staff-sessions';
import { readTablet } from './tablets';
import { STORE_TIME_ZONE } from '../../domain/store-calendar';

// Sales by store (store mode): an order placed on a paired tablet records the tablet and its
// store; one placed from a phone that opened a hand-off code records the store that handed it.

export interface SaleOrigin {
  storeId: number;
  tabletId: number | null;
  channel: 'tablet' | 'repasse';
  /** The seller: signed in on the tablet, or who handed the cart to the phone. */
  staffId: number | null;
}

/** Where the order being placed comes from, from the server-side credentials only. */
export async function saleOriginOf(db: Db, request: FastifyRequest): Promise<SaleOrigin | null> {
  const tablet = await readTablet(db, request);
  if (tablet && tablet !== 'revoked') {
    const staff = await readStaff(db, request, tablet);
    return {
      storeId: tablet.store.id,
      tabletId: tablet.tabletId,
      channel: 'tablet',
      staffId: staff?.id ?? null,
    };
  }
  const handedBy = await handoffStoreOf(db, request);
  return handedBy
    ? { storeId: handedBy.storeId, tabletId: null, channel: 'repasse', staffId: handedBy.staffId }
    : null;
}

/**
 * The order row's columns that credit a sale, written with the order itself (createOrder's extras):
 * an order never exists without the credit it was placed with.
 */
export function saleColumns(origin: SaleOrigin | null) {
  return origin
    ? {
        saleStoreId: origin.storeId,
        saleTabletId: origin.tabletId,
        saleChannel: origin.channel,
        saleStaffId: origin.staffId,
      }
    : {};
}

export interface DaySales {
  dia: string;
  pedidos: {
    id: number;
    hora: string;
    loja: string;
    canal: string;
    tablet: number | null;
    vendedor: string | null;
    status: string;
    total: number;
  }[];
  lojas: { id: number | null; nome: string; pedidos: number; total: number }[];
  /** Per seller (null: no seller recorded), paid orders only (unpaid and cancelled left out). */
  vendedores: { id: number | null; nome: string; pedidos: number; total: number }[];
}

/**
 * The day's orders (the store's day, in São Paulo, whatever the database's zone) credited to a store, with totals per store; without
 * `storeId`, every store plus the online orders with no store. Only paid orders are added up:
 * unpaid and cancelled ones are listed with their status.
 */
export async function salesOfDay(db: Db, day: string, storeId?: number, staffId?: number): Promise<DaySales> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      storeId: orders.saleStoreId,
      tabletId: orders.saleTabletId,
      channel: orders.saleChannel,
      staffId: orders.saleStaffId,
      staffName: storeStaff.name,
      status: orders.status,
      paidAt: orders.paidAt,
      total: orders.total,
    })
    .from(orders)
    .leftJoin(storeStaff, eq(storeStaff.id, orders.saleStaffId))
    .where(
      and(
        sql`(${orders.createdAt} AT TIME ZONE ${STORE_TIME_ZONE})::date = ${day}::date`,
        storeId ? eq(orders.saleStoreId, storeId) : undefined,
        staffId ? eq(orders.saleStaffId, staffId) : undefined,
      ),
    )
    .orderBy(orders.createdAt, orders.id);
  const nameOf = (id: number | null) =>
    id === null
      ? 'Site (sem loja)'
      : (PHYSICAL_STORES.find((store) => store.id === id)?.name ?? `Loja ${id}`);
  const totals = new Map<number | null, { pedidos: number; total: number }>();
  const sellers = new Map<number | null, { nome: string; pedidos: number; total: number }>();
  for (const row of rows) {
    const entry = totals.get(row.storeId) ?? { pedidos: 0, total: 0 };
    const seller = sellers.get(row.staffId) ?? {
      nome: row.staffName ?? 'Sem vendedor',
      pedidos: 0,
      total: 0,
    };
    // A sale is a paid order: a Pix still waiting (or a card still charging) is listed, not added.
    if (row.paidAt !== null && !isCancelled(row)) {
      entry.pedidos += 1;
      entry.total += row.total;
      seller.pedidos += 1;
      seller.total += row.total;
    }
    totals.set(row.storeId, entry);
    sellers.set(row.staffId, seller);
  }
  return {
    dia: day,
    pedidos: rows.map((row) => ({
      id: row.id,
      hora: row.createdAt.toISOString(),
      loja: nameOf(row.storeId),
      canal: row.channel ?? 'site',
      tablet: row.tabletId,
      vendedor: row.staffName,
      status: row.status,
      total: centavosToReais(row.total),
    })),
    lojas: [...totals].map(([id, entry]) => ({
      id,
      nome: nameOf(id),
      pedidos: entry.pedidos,
      total: centavosToReais(entry.total),
    })),
    vendedores: [...sellers].map(([id, entry]) => ({
      id,
      nome: entry.nome,
      pedidos: entry.pedidos,
      total: centavosToReais(entry.total),
    })),
  };
}
