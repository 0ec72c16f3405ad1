import { describe, expect, it } from 'vitest';
import {
  STANDARD_DOOR,
  STANDARD_WINDOW,
  blocksNeeded,
  groutKgPerM2,
  groutNeeded,
  mortarNeeded,
  paintM2PerLitrePerCoat,
  paintNeeded,
  wallArea,
} from '../../../src/domain/material-amounts';
import { MATERIAL_YIELDS, materialYield } from '../../../src/domain/material-yields';

// Fixtures: the published figures the table cites (src/domain/material-yields.ts).
const premium = MATERIAL_YIELDS['tinta-acrilica-premium-fosca'];
const semigloss = MATERIAL_YIELDS['tinta-acrilica-semibrilho'];
const mortar = MATERIAL_YIELDS['argamassa-colante'];
const grout = MATERIAL_YIELDS['rejunte-flexivel'];
const LATA = { litres: 18, priceCentavos: 38990 };
const GALAO = { litres: 3.6, priceCentavos: 11990 };
const none = { count: 0, width: 0, height: 0 };
const door = (count: number) => ({ count, ...STANDARD_DOOR });
const window = (count: number) => ({ count, ...STANDARD_WINDOW });

describe('the table of yields', () => {
  it('reads the published coverage as m² per litre per coat', () => {
    // 18 L cover 120 m² in two coats; a 3,6 L gallon 40 m² in two coats.
    expect(paintM2PerLitrePerCoat(premium)).toBeCloseTo(13.333, 3);
    expect(paintM2PerLitrePerCoat(semigloss)).toBeCloseTo(22.222, 3);
  });

  it('knows only its own keys', () => {
    expect(materialYield('argamassa-colante')?.kind).toBe('argamassa');
    expect(materialYield('toString')).toBeUndefined();
    expect(materialYield(null)).toBeUndefined();
  });
});

describe('wall area', () => {
  it('adds the walls and takes off standard doors and windows', () => {
    // A 3 x 4 m room, 2,7 m high: 37,8 m²; one door (1,68 m²) and one window (1,2 m²).
    const area = wallArea({
      walls: [
        { width: 3, height: 2.7 },
        { width: 4, height: 2.7 },
        { width: 3, height: 2.7 },
        { width: 4, height: 2.7 },
      ],
      doors: door(1),
      windows: window(1),
    });
    expect(area).toEqual({ ok: true, value: 34.92 });
  });

  it('takes a total in m² and edited opening sizes', () => {
    expect(wallArea({ totalM2: 50, doors: { count: 2, width: 0.9, height: 2.1 }, windows: none })).toEqual({
      ok: true,
      value: 46.22,
    });
  });

  it('refuses openings as large as the wall or larger', () => {
    const refused = wallArea({ totalM2: 3, doors: door(1), windows: window(2) });
    expect(refused).toEqual({
      ok: false,
      error: 'As portas e janelas somam a área das paredes ou mais: confira as medidas.',
    });
  });

  it('refuses a missing wall measure and a broken count', () => {
    expect(wallArea({ walls: [{ width: 3, height: Number.NaN }], doors: none, windows: none }).ok).toBe(
      false,
    );
    expect(wallArea({ totalM2: 20, doors: { ...door(1), count: 1.5 }, windows: none })).toEqual({
      ok: false,
      error: 'Informe o número de portas (0 ou mais).',
    });
  });
});

describe('paint', () => {
  it('a small room takes gallons: 34,92 m², 2 coats, +10 % = 5,76 L, two 3,6 L gallons', () => {
    expect(paintNeeded(premium, 34.92, 2, [LATA, GALAO])).toEqual({
      ok: true,
      value: { litres: 5.76, cans: [0, 2], totalCentavos: 23980 },
    });
  });

  it('takes one 18 L can where five gallons would cost more', () => {
    // 100 m² x 2 coats / 13,33 m²/L = 15 L, +10 % = 16,5 L: 1 can (R$ 389,90) beats 5 gallons (R$ 599,50).
    expect(paintNeeded(premium, 100, 2, [LATA, GALAO])).toEqual({
      ok: true,
      value: { litres: 16.5, cans: [1, 0], totalCentavos: 38990 },
    });
  });

  it('mixes sizes: 19,8 L are one can and one gallon', () => {
    expect(paintNeeded(premium, 120, 2, [LATA, GALAO])).toEqual({
      ok: true,
      value: { litres: 19.8, cans: [1, 1], totalCentavos: 50980 },
    });
  });

  it('on a price tie takes the fewer cans', () => {
    const cheapGallon = { litres: 3.6, priceCentavos: 7798 }; // five gallons cost what one can does
    expect(paintNeeded(premium, 100, 2, [LATA, cheapGallon])).toMatchObject({
      ok: true,
      value: { cans: [1, 0] },
    });
  });

  it('rounds up: a wall needing a drop more than one gallon gets two', () => {
    // 3,6 L hold 3,6 / 1,1 x 22,22 / 2 = 36,36 m² in two coats; 37 m² needs a second gallon.
    expect(paintNeeded(semigloss, 37, 2, [GALAO])).toMatchObject({ ok: true, value: { cans: [2] } });
    expect(paintNeeded(semigloss, 36, 2, [GALAO])).toMatchObject({ ok: true, value: { cans: [1] } });
  });

  it('refuses zero coats and an empty area', () => {
    expect(paintNeeded(premium, 30, 0, [LATA, GALAO])).toEqual({
      ok: false,
      error: 'Informe pelo menos 1 demão.',
    });
    expect(paintNeeded(premium, 0, 2, [LATA, GALAO]).ok).toBe(false);
  });
});

describe('adhesive mortar', () => {
  it('5 kg/m² single spread: 12 m² + 10 % = 66 kg, four 20 kg bags', () => {
    expect(mortarNeeded(mortar, 12, 'simples', 20)).toEqual({ ok: true, value: { amount: 66, units: 4 } });
  });

  it('8 kg/m² double spread: 12 m² + 10 % = 105,6 kg, six bags', () => {
    expect(mortarNeeded(mortar, 12, 'dupla', 20)).toEqual({ ok: true, value: { amount: 105.6, units: 6 } });
  });
});

describe('grout', () => {
  it("follows the makers' formula: 60 x 60 cm, 3 mm joint, 8 mm deep = 0,1264 kg/m²", () => {
    expect(groutKgPerM2(grout, { tileWidthCm: 60, tileLengthCm: 60, jointMm: 3, depthMm: 8 })).toBeCloseTo(
      0.1264,
      4,
    );
    // 30 x 30 cm, 5 mm x 8 mm: 0,4213 kg/m² (Quartzolit's calculator gives 0,42).
    expect(groutKgPerM2(grout, { tileWidthCm: 30, tileLengthCm: 30, jointMm: 5, depthMm: 8 })).toBeCloseTo(
      0.4213,
      4,
    );
  });

  it('20 m² of 60 x 60 cm: 2,78 kg with the margin, three 1 kg packs', () => {
    const input = { areaM2: 20, tileWidthCm: 60, tileLengthCm: 60, jointMm: 3, depthMm: 8 };
    expect(groutNeeded(grout, input, 1)).toEqual({ ok: true, value: { amount: 2.78, units: 3 } });
  });

  it('refuses a joint wider than 20 mm', () => {
    const input = { areaM2: 20, tileWidthCm: 60, tileLengthCm: 60, jointMm: 25, depthMm: 8 };
    expect(groutNeeded(grout, input, 1)).toEqual({ ok: false, error: 'Informe a junta entre 0,5 e 20 mm.' });
  });
});

describe('blocks', () => {
  it('25 ceramic 9 x 19 x 19 blocks per m², +5 %: 20 m² are exactly 525', () => {
    expect(blocksNeeded(MATERIAL_YIELDS['bloco-ceramico-9x19x19'], 20)).toEqual({
      ok: true,
      value: { amount: 525, units: 525 },
    });
  });

  it('12,5 concrete 14 x 19 x 39 blocks per m², rounded up: 10 m² are 132', () => {
    expect(blocksNeeded(MATERIAL_YIELDS['bloco-concreto-14x19x39'], 10)).toEqual({
      ok: true,
      value: { amount: 132, units: 132 },
    });
  });
});
