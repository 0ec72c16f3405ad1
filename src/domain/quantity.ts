import { formatBRL, formatDecimal, parseMoney } from './money';

// Line totals and box maths for items sold per square metre.

export const MIN_QUANTITY = 1;
/** The most units (or boxes) one cart line may ask for. */
export const MAX_QUANTITY = 9999;

type BoxSize = number | string | null | undefined;

function boxSize(multiploprdvenda: BoxSize): number {
  if (multiploprdvenda === null || multiploprdvenda === undefined || multiploprdvenda === '') return 0;
  return parseMoney(multiploprdvenda);
}

/** Sold per m² in boxes when multiploprdvenda holds a positive size; empty means sold by unit. */
export function isSoldByArea(multiploprdvenda: BoxSize): boolean {
  return boxSize(multiploprdvenda) > 0;
}

/** price x quantity x multiploprdvenda (x 1 when sold by unit), rounded to the centavo. */
export function lineTotal(priceCentavos: number, quantity: number, multiploprdvenda?: BoxSize): number {
  const size = isSoldByArea(multiploprdvenda) ? boxSize(multiploprdvenda) : 1;
  // toFixed first so 1290 x 3 x 2.2 (= 8513.999999999999) lands on 8514, not 8513.
  return Math.round(Number((priceCentavos * quantity * size).toFixed(6)));
}

/**
 * How much a line holds, the one reading of the box rule on every screen that shows a line: '2 cx
 * (4,32 m²)' for boxes sold per m² (the quantity counts boxes, never m²), else the quantity with
 * its unit when one is given ('3 UN', '3').
 */
export function lineQuantityText(quantity: number, multiploprdvenda?: BoxSize, unit?: string | null): string {
  const box = isSoldByArea(multiploprdvenda) ? boxSize(multiploprdvenda) : 0;
  if (box > 0) return `${quantity} cx (${formatDecimal(quantity * box, 2, 2)} m²)`;
  const name = unit?.trim();
  return name ? `${quantity} ${name}` : String(quantity);
}

/** A line's unit price: per m² for boxes sold per m² ('R$ 59,90/m²'), else per unit ('R$ 24,90'). */
export function linePriceText(priceCentavos: number, multiploprdvenda?: BoxSize): string {
  return `${formatBRL(priceCentavos)}${isSoldByArea(multiploprdvenda) ? '/m²' : ''}`;
}

/** Clamp a typed quantity to a whole number no lower than MIN_QUANTITY. */
export function normalizeQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.max(MIN_QUANTITY, Math.floor(quantity));
}

export interface LossPreset {
  percent: number;
  label: string;
}

export const LOSS_PRESETS: readonly LossPreset[] = [
  { percent: 10, label: 'Assentamento reto (10%)' },
  { percent: 15, label: 'Muitos recortes (15%)' },
  { percent: 30, label: 'Assentamento diagonal (30%)' },
];

export interface BoxesForAreaInput {
  areaM2: number;
  lossPercent: number;
  m2PerBox: number;
}

export interface BoxesForAreaResult {
  boxes: number;
  /** m² the boxes cover, two decimals. */
  coveredM2: number;
}

/** Boxes needed to cover an area plus a loss margin; always rounded up to whole boxes. */
export function boxesForArea({ areaM2, lossPercent, m2PerBox }: BoxesForAreaInput): BoxesForAreaResult {
  if (!(areaM2 > 0) || !(m2PerBox > 0)) return { boxes: 0, coveredM2: 0 };
  const loss = lossPercent > 0 ? lossPercent : 0;
  const needed = (areaM2 * (100 + loss)) / 100 / m2PerBox;
  // Rounding to 6 places first keeps 10 m² + 10% over 2.2 m² boxes at 5 boxes, not 6.
  const boxes = Math.ceil(Number(needed.toFixed(6)));
  return { boxes, coveredM2: Number((boxes * m2PerBox).toFixed(2)) };
}
