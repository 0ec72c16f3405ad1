import type { BlockYield, GroutYield, MortarYield, PaintYield } from './material-yields';

// What the calculators beyond tiles compute from the table of yields (material-yields.ts): the wall
// to cover, then the sellable units (cans, bags, kg packs, blocks), always rounded up.

/** Standard opening sizes (m), editable on the calculator. */
export const STANDARD_DOOR = { width: 0.8, height: 2.1 } as const;
export const STANDARD_WINDOW = { width: 1.2, height: 1.0 } as const;

/** A calculation's answer: a figure, or the pt-BR reason there is none. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** Drops float noise (10 x 1.1 = 11.000000000000002) before rounding up. */
const ceilClean = (value: number) => Math.ceil(Number(value.toFixed(6)));
const withWaste = (amount: number, wastePercent: number) => (amount * (100 + wastePercent)) / 100;

export interface Opening {
  count: number;
  width: number;
  height: number;
}

export interface WallInput {
  /** Walls as width x height (m); or `totalM2` instead. */
  walls?: readonly { width: number; height: number }[];
  totalM2?: number;
  doors: Opening;
  windows: Opening;
}

const positive = (value: number) => Number.isFinite(value) && value > 0;
const wholeCount = (value: number) => Number.isInteger(value) && value >= 0;

/** The wall to cover: the walls' area (or the total given) minus the doors and windows. */
export function wallArea({ walls, totalM2, doors, windows }: WallInput): Outcome<number> {
  let gross: number;
  if (walls) {
    if (walls.length === 0 || !walls.every((wall) => positive(wall.width) && positive(wall.height)))
      return fail('Informe a largura e a altura de cada parede, em metros.');
    gross = walls.reduce((sum, wall) => sum + wall.width * wall.height, 0);
  } else {
    if (totalM2 === undefined || !positive(totalM2)) return fail('Informe a área das paredes, em m².');
    gross = totalM2;
  }
  for (const [opening, name] of [
    [doors, 'portas'],
    [windows, 'janelas'],
  ] as const) {
    if (!wholeCount(opening.count)) return fail(`Informe o número de ${name} (0 ou mais).`);
    if (opening.count > 0 && !(positive(opening.width) && positive(opening.height)))
      return fail(`Informe a largura e a altura das ${name}, em metros.`);
  }
  const openings =
    doors.count * (doors.count ? doors.width * doors.height : 0) +
    windows.count * (windows.count ? windows.width * windows.height : 0);
  const net = Number((gross - openings).toFixed(6));
  if (net <= 0) return fail('As portas e janelas somam a área das paredes ou mais: confira as medidas.');
  return { ok: true, value: net };
}

/** A can size on sale: its litres and its price (centavos). */
export interface Can {
  litres: number;
  priceCentavos: number;
}

export interface PaintResult {
  /** Litres the wall needs, waste included. */
  litres: number;
  /** Cans of each size (same order as given), the cheapest combination covering `litres`. */
  cans: number[];
  totalCentavos: number;
}

/** m² one litre covers in one coat, from the published coverage. */
export function paintM2PerLitrePerCoat(paint: PaintYield): number {
  return (paint.coverageM2 * paint.coverageCoats) / paint.coverageLitres;
}

/**
 * Paint for an area: area x coats / (m² per litre per coat), plus the waste margin; then the
 * cheapest combination of the cans on sale that holds at least that (ties: the one leaving less
 * paint over, then fewer cans). Every count of the largest can from none to enough on its own is
 * tried, the smaller one filling the rest (two sizes: 18 L and 3,6 L).
 */
export function paintNeeded(
  paint: PaintYield,
  areaM2: number,
  coats: number,
  cans: readonly Can[],
): Outcome<PaintResult> {
  if (!positive(areaM2)) return fail('Informe a área a pintar, em m².');
  if (!Number.isInteger(coats) || coats < 1) return fail('Informe pelo menos 1 demão.');
  if (coats > 10) return fail('Informe no máximo 10 demãos.');
  const sizes = cans.filter((can) => positive(can.litres));
  if (sizes.length === 0) return fail('Nenhuma embalagem desta tinta está à venda.');
  const litres = Number(
    withWaste((areaM2 * coats) / paintM2PerLitrePerCoat(paint), paint.wastePercent).toFixed(2),
  );
  return { ok: true, value: { litres, ...cheapestCans(litres, sizes) } };
}

function cheapestCans(litres: number, cans: readonly Can[]): Omit<PaintResult, 'litres'> {
  const order = cans.map((can, index) => ({ ...can, index })).sort((a, b) => b.litres - a.litres);
  const [large, small] = order;
  let best: { counts: number[]; total: number; held: number; pieces: number } | undefined;
  const most = ceilClean(litres / large.litres);
  for (let bigCount = 0; bigCount <= most; bigCount += 1) {
    const rest = Math.max(0, litres - bigCount * large.litres);
    const smallCount = small ? ceilClean(rest / small.litres) : 0;
    if (!small && rest > 0) continue;
    const counts = cans.map(() => 0);
    counts[large.index] = bigCount;
    if (small) counts[small.index] = smallCount;
    const total = bigCount * large.priceCentavos + smallCount * (small?.priceCentavos ?? 0);
    const held = bigCount * large.litres + smallCount * (small?.litres ?? 0);
    const pieces = bigCount + smallCount;
    const better =
      !best ||
      total < best.total ||
      (total === best.total && (held < best.held || (held === best.held && pieces < best.pieces)));
    if (better) best = { counts, total, held, pieces };
  }
  return { cans: best!.counts, totalCentavos: best!.total };
}

export type MortarSpread = 'simples' | 'dupla';

export interface PackResult {
  /** kg (or units) the job needs, waste included. */
  amount: number;
  /** Sellable units to buy: bags, kg packs, blocks. */
  units: number;
}

/** Adhesive mortar for an area: kg/m² by spread, plus waste, in bags of `bagKg`. */
export function mortarNeeded(
  mortar: MortarYield,
  areaM2: number,
  spread: MortarSpread,
  bagKg: number,
): Outcome<PackResult> {
  if (!positive(areaM2)) return fail('Informe a área a assentar, em m².');
  if (!positive(bagKg)) return fail('Este produto não informa o peso do saco.');
  const perM2 = spread === 'dupla' ? mortar.kgPerM2Double : mortar.kgPerM2Single;
  const kg = Number(withWaste(areaM2 * perM2, mortar.wastePercent).toFixed(2));
  return { ok: true, value: { amount: kg, units: ceilClean(kg / bagKg) } };
}

export interface GroutInput {
  areaM2: number;
  /** The tile's sides, cm (as a tile is named: 60 x 60). */
  tileWidthCm: number;
  tileLengthCm: number;
  /** The joint's width and depth, mm. */
  jointMm: number;
  depthMm: number;
}

/** kg of grout per m² by the makers' formula ((L + C) / (L x C)) x J x E x D, sides in mm. */
export function groutKgPerM2(grout: GroutYield, input: Omit<GroutInput, 'areaM2'>): number {
  const width = input.tileWidthCm * 10;
  const length = input.tileLengthCm * 10;
  return ((width + length) / (width * length)) * input.jointMm * input.depthMm * grout.density;
}

/** Grout for an area, plus waste, in packs of `packKg`. */
export function groutNeeded(grout: GroutYield, input: GroutInput, packKg: number): Outcome<PackResult> {
  if (!positive(input.areaM2)) return fail('Informe a área a rejuntar, em m².');
  if (!positive(input.tileWidthCm) || !positive(input.tileLengthCm))
    return fail('Informe as medidas da peça, em centímetros.');
  if (!positive(input.jointMm) || input.jointMm > 20) return fail('Informe a junta entre 0,5 e 20 mm.');
  if (!positive(input.depthMm) || input.depthMm > 30)
    return fail('Informe a profundidade da junta (a espessura da peça) até 30 mm.');
  if (!positive(packKg)) return fail('Este produto não informa o peso da embalagem.');
  const kg = Number(withWaste(input.areaM2 * groutKgPerM2(grout, input), grout.wastePercent).toFixed(2));
  return { ok: true, value: { amount: kg, units: ceilClean(kg / packKg) } };
}

/** Blocks for a wall's net area: units per m², plus waste, rounded up to whole blocks. */
export function blocksNeeded(block: BlockYield, areaM2: number): Outcome<PackResult> {
  if (!positive(areaM2)) return fail('Informe a área da parede, em m².');
  const units = ceilClean(withWaste(areaM2 * block.unitsPerM2, block.wastePercent));
  return { ok: true, value: { amount: units, units } };
}
