import { sql } from 'drizzle-orm';
import type { ListChangeData, RecheckedLine, RecheckLineData, WorkListsAnswer } from '../../api/work-lists';
import { centavosToReais } from '../../domain/money';
import { MAX_QUANTITY } from '../../domain/quantity';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { currentLines, storedLines } from './handoffs';
import { liveOrderItems, ownedOrder } from './orders/list';

// 'Listas da obra' of signed-in customers and the re-check behind 'Comprar novamente'
// (docs/work-lists.md). A list is keyed by the key its device made; a line by product and lote
// (0: none). Changes set quantities, so a replayed change does no harm; only the sign-in merge
// ('juntar') sums, once per Idempotency-Key. Prices are never trusted from a device: a line keeps
// the catalogue's price when first added (to tell the shopper it changed), and every answer reads
// today's from the database.

/** How a list's name is compared at the sign-in merge: case and surrounding spaces aside. */
const sameName = (name: string) => name.trim().toLocaleLowerCase('pt-BR');

interface LineRow {
  list_key: string;
  idprd: number;
  lote_id: number;
  quantity: number;
}

/** The customer's lists, oldest first, each line with today's price and online stock. */
export async function readWorkLists(db: Db, customerId: number): Promise<WorkListsAnswer> {
  const lists = await queryRows<{ list_key: string; name: string }>(
    db,
    sql`SELECT list_key, name FROM work_lists WHERE customer_id = ${customerId} ORDER BY created_at, list_key`,
  );
  const lines = await queryRows<LineRow>(
    db,
    sql`SELECT list_key, idprd, lote_id, quantity FROM work_list_lines
         WHERE customer_id = ${customerId} ORDER BY added_at, idprd, lote_id`,
  );
  const listas = [];
  for (const list of lists) {
    const own = lines.filter((line) => line.list_key === list.list_key);
    const produtos = await currentLines(db, storedLines(own));
    listas.push({ lista: list.list_key, nome: list.name, produtos });
  }
  return { listas };
}

/**
 * Applies a device's changes in one transaction and answers the lists as they now are. 'juntar'
 * (the signed-out lists at sign-in): a list joins the account's of the same name, quantities summed.
 */
export async function changeWorkLists(
  db: Db,
  customerId: number,
  change: { mode: 'alterar' | 'juntar'; changes: ListChangeData[]; idempotencyKey?: string },
): Promise<WorkListsAnswer> {
  await db.transaction(async (tx) => {
    // One customer's calls one after the other (two devices merging at once would sum twice).
    await tx.execute(sql`SELECT id FROM customers WHERE id = ${customerId} FOR UPDATE`);
    if (change.mode === 'juntar' && change.idempotencyKey) {
      const [seen] = await queryRows<{ merge_key: string }>(
        tx,
        sql`INSERT INTO work_list_merges (customer_id, merge_key) VALUES (${customerId}, ${change.idempotencyKey})
            ON CONFLICT DO NOTHING RETURNING merge_key`,
      );
      if (!seen) return;
      await tx.execute(
        sql`DELETE FROM work_list_merges WHERE customer_id = ${customerId} AND merged_at < now() - interval '90 days'`,
      );
    }
    const lists = await queryRows<{ list_key: string; name: string }>(
      tx,
      sql`SELECT list_key, name FROM work_lists WHERE customer_id = ${customerId}`,
    );
    for (const { lista, nome, apagar, linhas } of change.changes) {
      let key = lista;
      if (apagar) {
        await tx.execute(sql`DELETE FROM work_lists WHERE customer_id = ${customerId} AND list_key = ${key}`);
        continue;
      }
      const known = lists.find((list) => list.list_key === key);
      if (change.mode === 'juntar' && nome !== undefined) {
        const named = lists.find((list) => sameName(list.name) === sameName(nome));
        if (named) key = named.list_key;
      }
      if (nome !== undefined && !known && key === lista) {
        await tx.execute(
          sql`INSERT INTO work_lists (customer_id, list_key, name) VALUES (${customerId}, ${key}, ${nome})
              ON CONFLICT (customer_id, list_key) DO UPDATE SET name = excluded.name`,
        );
        lists.push({ list_key: key, name: nome });
      } else if (nome !== undefined && change.mode === 'alterar') {
        await tx.execute(
          sql`UPDATE work_lists SET name = ${nome} WHERE customer_id = ${customerId} AND list_key = ${key}`,
        );
      } else if (!lists.some((list) => list.list_key === key)) {
        // Lines of a list this account does not have (deleted on another device): nothing to change.
        continue;
      }
      for (const line of linhas) {
        const loteId = line.selectedLote ?? 0;
        const quantity = line.quantidade;
        if (change.mode === 'juntar') {
          if (quantity > 0) await putLine(tx, customerId, key, line.id, loteId, quantity, true);
        } else if (quantity === 0) {
          await tx.execute(
            sql`DELETE FROM work_list_lines WHERE customer_id = ${customerId} AND list_key = ${key}
                  AND idprd = ${line.id} AND lote_id = ${loteId}`,
          );
        } else await putLine(tx, customerId, key, line.id, loteId, quantity, false);
      }
    }
  });
  return readWorkLists(db, customerId);
}

/** Sets (or, at the merge, adds to) a line; a new line takes the catalogue's price of now. */
async function putLine(
  tx: Db,
  customerId: number,
  key: string,
  idprd: number,
  loteId: number,
  quantity: number,
  sum: boolean,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO work_list_lines (customer_id, list_key, idprd, lote_id, quantity, added_price_centavos)
        VALUES (${customerId}, ${key}, ${idprd}, ${loteId}, ${quantity},
                (SELECT price_centavos FROM products WHERE idprd = ${idprd}))
        ON CONFLICT (customer_id, list_key, idprd, lote_id) DO UPDATE SET quantity = ${
          sum
            ? sql`least(work_list_lines.quantity + excluded.quantity, ${MAX_QUANTITY})`
            : sql`excluded.quantity`
        }`,
  );
}

interface CheckedInput {
  idprd: number;
  loteId: number | null;
  quantity: number;
  name: string | null;
  previousPrice: number | null;
}

/** Each line against the catalogue now: today's price, what is available, what a cart takes. */
async function recheck(db: Db, lines: CheckedInput[]): Promise<RecheckedLine[]> {
  const current = await currentLines(
    db,
    lines.map((line) => ({ idprd: line.idprd, quantity: line.quantity, loteId: line.loteId })),
  );
  return lines.map((line) => {
    const found = current.find(
      (product) =>
        product.idprd === line.idprd && (product.selectedLote?.idlote ?? null) === (line.loteId ?? null),
    );
    const available = found ? Math.max(0, found.disponivel) : 0;
    return {
      idprd: line.idprd,
      descricao: line.name ?? found?.descricao ?? `Produto ${line.idprd}`,
      quantidade: line.quantity,
      disponivel: available,
      preco: found ? found.preco : null,
      precoAnterior: line.previousPrice,
      produto: found ? { ...found, quantity: Math.min(line.quantity, available) } : null,
    };
  });
}

/** A past order of the customer's (another's: 404), its lines checked; the old price the order's. */
export async function recheckOrder(db: Db, customerId: number, orderId: number): Promise<RecheckedLine[]> {
  const order = await ownedOrder(db, customerId, orderId);
  const items = await liveOrderItems(db, order.id);
  return recheck(
    db,
    items.map((item) => ({
      idprd: item.idprd,
      loteId: item.loteId,
      quantity: item.quantity,
      name: item.name,
      previousPrice: centavosToReais(item.unitPrice),
    })),
  );
}

/** Lines a device sends (a list), checked; the old price is only the one the shopper saw. */
export function recheckItems(db: Db, items: RecheckLineData[]): Promise<RecheckedLine[]> {
  return recheck(
    db,
    items.map((item) => ({
      idprd: item.id,
      loteId: item.selectedLote ?? null,
      quantity: item.quantidade,
      name: null,
      previousPrice: item.precoAnterior ?? null,
    })),
  );
}
