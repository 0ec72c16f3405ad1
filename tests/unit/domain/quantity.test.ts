import { describe, expect, it } from 'vitest';
import {
  boxesForArea,
  isSoldByArea,
  linePriceText,
  lineQuantityText,
  lineTotal,
  LOSS_PRESETS,
  MIN_QUANTITY,
  normalizeQuantity,
} from '../../../src/domain/quantity';

describe('line totals', () => {
  it('multiplies price by quantity when sold by unit', () => {
    expect(lineTotal(8990, 3)).toBe(26970);
    expect(lineTotal(8990, 3, null)).toBe(26970);
    expect(lineTotal(8990, 3, '')).toBe(26970);
  });

  it('multiplies price by quantity by box size for m² items', () => {
    // R$ 12,90/m², 3 boxes of 2,2 m² = 6,6 m² = R$ 85,14
    expect(lineTotal(1290, 3, 2.2)).toBe(8514);
    expect(lineTotal(1290, 3, '2,2')).toBe(8514);
    // R$ 49,99/m² x 1 box of 2,49 m² = 124,4751 -> R$ 124,48
    expect(lineTotal(4999, 1, 2.49)).toBe(12448);
  });

  it('tells items sold by area from items sold by unit', () => {
    expect(isSoldByArea(2.2)).toBe(true);
    expect(isSoldByArea('1,44')).toBe(true);
    expect(isSoldByArea(null)).toBe(false);
    expect(isSoldByArea(undefined)).toBe(false);
    expect(isSoldByArea('')).toBe(false);
    expect(isSoldByArea(0)).toBe(false);
  });

  it('never goes below the minimum quantity of 1', () => {
    expect(MIN_QUANTITY).toBe(1);
    expect(normalizeQuantity(0)).toBe(1);
    expect(normalizeQuantity(-4)).toBe(1);
    expect(normalizeQuantity(2.7)).toBe(2);
    expect(normalizeQuantity(Number.NaN)).toBe(1);
  });
});

describe('boxes for an area', () => {
  it('rounds up to whole boxes after the loss margin', () => {
    // 20 m² + 10% = 22 m² over 2,5 m² boxes = 8,8 -> 9 boxes covering 22,5 m²
    expect(boxesForArea({ areaM2: 20, lossPercent: 10, m2PerBox: 2.5 })).toEqual({
      boxes: 9,
      coveredM2: 22.5,
    });
    // 10 m² + 30% = 13 m² over 1,44 m² boxes = 9,03 -> 10 boxes covering 14,4 m²
    expect(boxesForArea({ areaM2: 10, lossPercent: 30, m2PerBox: 1.44 })).toEqual({
      boxes: 10,
      coveredM2: 14.4,
    });
  });

  it('does not add a box for floating-point noise', () => {
    // 10 x 1.1 / 2.2 is 5.000000000000001 in binary floating point
    expect(boxesForArea({ areaM2: 10, lossPercent: 10, m2PerBox: 2.2 }).boxes).toBe(5);
  });

  it('gives no boxes for an empty or invalid area', () => {
    expect(boxesForArea({ areaM2: 0, lossPercent: 10, m2PerBox: 2.2 })).toEqual({ boxes: 0, coveredM2: 0 });
    expect(boxesForArea({ areaM2: 5, lossPercent: 10, m2PerBox: 0 })).toEqual({ boxes: 0, coveredM2: 0 });
    expect(boxesForArea({ areaM2: Number.NaN, lossPercent: 10, m2PerBox: 2 })).toEqual({
      boxes: 0,
      coveredM2: 0,
    });
  });

  it('offers the 10, 15 and 30 percent loss presets', () => {
    expect(LOSS_PRESETS.map((preset) => preset.percent)).toEqual([10, 15, 30]);
    expect(LOSS_PRESETS.every((preset) => preset.label.includes(`${preset.percent}%`))).toBe(true);
  });
});

describe('a line as every screen shows it', () => {
  it('counts boxes, never m², for items sold per m² in boxes', () => {
    expect(lineQuantityText(2, '2,16', 'M2')).toBe('2 cx (4,32 m²)');
    expect(lineQuantityText(3, 2.2)).toBe('3 cx (6,60 m²)');
    expect(lineQuantityText(3, null, 'UN')).toBe('3 UN');
    expect(lineQuantityText(3, '')).toBe('3');
  });

  it('prices a box item per m² and a unit item per unit', () => {
    expect(linePriceText(5990, '2,16').replace(/\s/g, ' ')).toBe('R$ 59,90/m²');
    expect(linePriceText(2490, null).replace(/\s/g, ' ')).toBe('R$ 24,90');
  });
});
