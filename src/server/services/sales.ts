import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { STATUS_CANCELLED } from '../../domain/order-tracker';
import { PHYSICAL_STORES } from '../../domain/store';
import { centavosToReais } from '../../domain/money';
import type { Db } from '../db/client';
import { handoffStoreOf } from './handoffs';
import { readStaff } from './staff-sessions';
import { readTablet } from './tablets';
import { queryRows } from '../db/rows';
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
  const rows = await queryRows<{
    id: number;
    created_at: Date | string;
    sale_store_id: number | null;
    sale_tablet_id: number | null;
    sale_channel: string | null;
    sale_staff_id: number | null;
    staff_name: string | null;
    status: string;
    paid_at: Date | string | null;
    total: number | string;
  }>(
    db,
    sql`SELECT o.id, o.created_at, o.sale_store_id, o.sale_tablet_id, o.sale_channel, o.sale_staff_id,
          s.name AS staff_name, o.status, o.paid_at, o.total
        FROM orders o LEFT JOIN store_staff s ON s.id = o.sale_staff_id
        WHERE (o.created_at AT TIME ZONE ${STORE_TIME_ZONE})::date = ${day}::date
        ${storeId ? sql`AND o.sale_store_id = ${storeId}` : sql``}
        ${staffId ? sql`AND o.sale_staff_id = ${staffId}` : sql``}
        ORDER BY o.created_at, o.id`,
  );
  const nameOf = (id: number | null) =>
    id === null
      ? 'Site (sem loja)'
      : (PHYSICAL_STORES.find((store) => store.id === id)?.name ?? `Loja ${id}`);
  const totals = new Map<number | null, { pedidos: number; total: number }>();
  const sellers = new Map<number | null, { nome: string; pedidos: number; total: number }>();
  for (const row of rows) {
    const key = row.sale_store_id === null ? null : Number(row.sale_store_id);
    const entry = totals.get(key) ?? { pedidos: 0, total: 0 };
    const sellerKey = row.sale_staff_id === null ? null : Number(row.sale_staff_id);
    const seller = sellers.get(sellerKey) ?? { nome: row.staff_name ?? 'Sem vendedor', pedidos: 0, total: 0 };
    // A sale is a paid order: a Pix still waiting (or a card still charging) is listed, not added.
    if (row.paid_at !== null && row.status !== STATUS_CANCELLED) {
      entry.pedidos += 1;
      entry.total += Number(row.total);
      seller.pedidos += 1;
      seller.total += Number(row.total);
    }
    totals.set(key, entry);
    sellers.set(sellerKey, seller);
  }
  return {
    dia: day,
    pedidos: rows.map((row) => ({
      id: Number(row.id),
      hora: new Date(row.created_at).toISOString(),
      loja: nameOf(row.sale_store_id === null ? null : Number(row.sale_store_id)),
      canal: row.sale_channel ?? 'site',
      tablet: row.sale_tablet_id === null ? null : Number(row.sale_tablet_id),
      vendedor: row.staff_name,
      status: row.status,
      total: centavosToReais(Number(row.total)),
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
