import { describe, expect, it } from 'vitest';
import {
  stockAmountText,
  stockTimeText,
  storeFillsLine,
  storesHoldingCart,
  type StoreHolding,
} from '../../../src/domain/store-stock';

const holding = (storeId: number, idprd: number, quantity: number, lotes?: [number, number][]) =>
  ({ storeId, idprd, quantity, lotes: lotes ? new Map(lotes) : undefined }) satisfies StoreHolding;

describe('stock per store', () => {
  it('a store fills a unit line from its total, a tile line from one lote', () => {
    expect(storeFillsLine(holding(1, 10, 5), { idprd: 10, quantity: 5 })).toBe(true);
    expect(storeFillsLine(holding(1, 10, 4), { idprd: 10, quantity: 5 })).toBe(false);
    expect(storeFillsLine(undefined, { idprd: 10, quantity: 1 })).toBe(false);
    // 8 boxes in total, but split 4 + 4 between two shades: 6 boxes of one shade are not there.
    const tiles = holding(2, 20, 8, [
      [201, 4],
      [202, 4],
    ]);
    expect(storeFillsLine(tiles, { idprd: 20, quantity: 6 })).toBe(false);
    expect(storeFillsLine(tiles, { idprd: 20, quantity: 4 })).toBe(true);
    expect(storeFillsLine(tiles, { idprd: 20, quantity: 4, loteId: 202 })).toBe(true);
    expect(storeFillsLine(tiles, { idprd: 20, quantity: 4, loteId: 203 })).toBe(false);
  });

  it('offers for pickup only the stores that hold the whole cart', () => {
    const holdings = [
      holding(1, 10, 3),
      holding(1, 11, 9),
      holding(2, 10, 9),
      holding(2, 11, 1),
      holding(3, 10, 2),
      holding(3, 11, 2),
      holding(4, 10, 50),
      holding(4, 11, 50),
    ];
    expect(storesHoldingCart(holdings, [{ idprd: 10, quantity: 2 }])).toEqual([1, 2, 3, 4]);
    expect(
      storesHoldingCart(holdings, [
        { idprd: 10, quantity: 3 },
        { idprd: 11, quantity: 2 },
      ]),
    ).toEqual([1, 4]);
    // Two lines of one product and lote add up.
    expect(
      storesHoldingCart(holdings, [
        { idprd: 10, quantity: 2 },
        { idprd: 10, quantity: 2 },
      ]),
    ).toEqual([2, 4]);
    expect(storesHoldingCart(holdings, [{ idprd: 99, quantity: 1 }])).toEqual([]);
    expect(storesHoldingCart(holdings, [])).toEqual([]);
  });

  it('reads stock in boxes and m² for tiles, in units otherwise', () => {
    expect(stockAmountText(3, 1.5)).toBe('3 cx (4,50 m²)');
    expect(stockAmountText(3, null)).toBe('3 un');
  });

  it('dates offline figures by the time of the downloaded copy', () => {
    const now = new Date(2026, 10, 23, 15, 0);
    expect(stockTimeText(new Date(2026, 10, 23, 10, 42), now)).toBe('estoque de 10:42');
    expect(stockTimeText(new Date(2026, 10, 21, 9, 5), now)).toBe('estoque de 21/11 09:05');
  });
});
