import { lineQuantityText } from './quantity';
import { PHYSICAL_STORES } from './store';

// Stock per store (store mode): each of the five stores holds its own units, beside the
// online warehouse the site sells from. Pure rules, shared by the server (which stores can hand a
// cart over for pickup) and the tablet (how a product's stock reads).

/** Units of one product in one store; `lotes` by lote id when the product comes in lotes. */
export interface StoreHolding {
  storeId: number;
  idprd: number;
  quantity: number;
  lotes?: ReadonlyMap<number, number>;
}

/** A cart line as pickup sees it: the product, how many units (boxes), and the lote if chosen. */
export interface PickupLine {
  idprd: number;
  quantity: number;
  loteId?: number | null;
}

/**
 * Whether a store can fill one line: a chosen lote must hold the whole quantity there; with lotes
 * and none chosen, one lote must (tiles of one order come from one shade); otherwise the total.
 */
export function storeFillsLine(holding: StoreHolding | undefined, line: PickupLine): boolean {
  if (!holding) return false;
  const lotes = holding.lotes;
  if (lotes && lotes.size > 0) {
    if (line.loteId) return (lotes.get(line.loteId) ?? 0) >= line.quantity;
    return [...lotes.values()].some((units) => units >= line.quantity);
  }
  return holding.quantity >= line.quantity;
}

/** The stores (ids, in the order of src/domain/store.ts) that hold every line of the cart. */
export function storesHoldingCart(holdings: readonly StoreHolding[], lines: readonly PickupLine[]): number[] {
  // The same product on two lines (two lotes) is checked line by line; quantities of one lote add up.
  const merged = new Map<string, PickupLine>();
  for (const line of lines) {
    const key = `${line.idprd}:${line.loteId ?? ''}`;
    const known = merged.get(key);
    merged.set(key, known ? { ...known, quantity: known.quantity + line.quantity } : { ...line });
  }
  const wanted = [...merged.values()];
  if (wanted.length === 0) return [];
  return PHYSICAL_STORES.map((store) => store.id).filter((storeId) =>
    wanted.every((line) =>
      storeFillsLine(
        holdings.find((holding) => holding.storeId === storeId && holding.idprd === line.idprd),
        line,
      ),
    ),
  );
}

/** '12 cx (26,40 m²)' for items sold per m² in boxes, '12 un' otherwise. */
export function stockAmountText(units: number, multiploprdvenda?: number | string | null): string {
  return lineQuantityText(units, multiploprdvenda, 'un');
}

/** 'estoque de 10:42' (today) or 'estoque de 21/11 10:42' (an older copy), for offline figures. */
export function stockTimeText(savedAt: Date, now: Date): string {
  const time = savedAt.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });
  if (savedAt.toDateString() === now.toDateString()) return `estoque de ${time}`;
  const day = savedAt.toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit' });
  return `estoque de ${day} ${time}`;
}
