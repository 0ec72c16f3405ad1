// The calculators beyond tiles (paint, mortar, grout, blocks): ONE declared table of yields, keyed
// by the `material` a product carries (products.material, migration 0105). Every figure below is the
// one its source publishes; the seed's brands are fictional, so each line takes the published figure
// of the kind of product it is.

interface Source {
  /** Who publishes the figure (the table's comment quotes it), named to the shopper. */
  source: string;
}

/** A paint line: its coverage as published (area painted by a can, in that many coats). */
export interface PaintYield extends Source {
  kind: 'tinta';
  /** m² the can covers... */
  coverageM2: number;
  /** ...with this many litres... */
  coverageLitres: number;
  /** ...in this many coats. */
  coverageCoats: number;
  /** Added for touch-ups, cutting in and the roller's loss. */
  wastePercent: number;
  /** Coats the calculator starts with (the maker's recommendation). */
  defaultCoats: number;
}

/** An adhesive mortar (argamassa colante): kg per m² by how it is spread. */
export interface MortarYield extends Source {
  kind: 'argamassa';
  /** Single spread, 8 x 8 x 8 mm notched trowel (pieces up to 900 cm²). */
  kgPerM2Single: number;
  /** Double spread (back-buttering: pieces over 900 cm², outside, floors with traffic). */
  kgPerM2Double: number;
  wastePercent: number;
}

/** A grout (rejunte): consumption from the joint, by the makers' formula. */
export interface GroutYield extends Source {
  kind: 'rejunte';
  /** kg/dm³ of the applied grout, the formula's density. */
  density: number;
  wastePercent: number;
}

/** A masonry block: units per m² of wall with its 1 cm joints. */
export interface BlockYield extends Source {
  kind: 'bloco';
  /** Face length x height, cm (the nominal size, without the joint). */
  faceCm: readonly [number, number];
  unitsPerM2: number;
  wastePercent: number;
}

export type MaterialYield = PaintYield | MortarYield | GroutYield | BlockYield;

/**
 * The yields. Sources (each figure as its page states it):
 * - Paint: 'uma lata de 18 litros de tinta acrílica pode render entre 120 m² e 150 m² (aplicando
 *   duas demãos)' (Casa & Construção / UOL, with Suvinil's and Coral's guidance on the can); the
 *   lower figure, so a wall is never short. Semi-gloss: Telhas Perkus' guide, 'galão de 3,6 litros
 *   [...] rendimento de aproximadamente 40 m²' in two coats (the same 2-coat basis as the 18 L).
 * - Adhesive mortar: Quartzolit (Saint-Gobain) Cimentcola data sheets, consumption 'aproximadamente
 *   5 kg/m²' with the 8 x 8 x 8 mm trowel in a single spread, 'aproximadamente 8 kg/m²' in a double
 *   spread; Votomassa (Votorantim) publishes the same ranges.
 * - Grout: Quartzolit's and Portokoll's published formula, kg/m² = ((L + C) / (L x C)) x J x E x D
 *   (L, C the tile's sides, J the joint's width, E its depth, all in mm; D the density, 1,58 kg/dm³
 *   for Quartzolit's flexible grout).
 * - Blocks: ABNT NBR 15270 (ceramic) and NBR 6136 (concrete) modular sizes with a 1 cm joint:
 *   9 x 19 x 19 cm → 20 x 20 cm a piece, 25 per m²; 14 x 19 x 29 → 30 x 20 cm, 16,67 per m²;
 *   14 x 19 x 39 → 40 x 20 cm, 12,5 per m² ('rende cerca de 12,5 unidades por m²'); 5 % for
 *   breakage and cuts, as the makers recommend.
 */
export const MATERIAL_YIELDS = {
  'tinta-acrilica-premium-fosca': {
    kind: 'tinta',
    coverageM2: 120,
    coverageLitres: 18,
    coverageCoats: 2,
    wastePercent: 10,
    defaultCoats: 2,
    source: 'Casa & Construção / UOL',
  },
  'tinta-acrilica-semibrilho': {
    kind: 'tinta',
    coverageM2: 40,
    coverageLitres: 3.6,
    coverageCoats: 2,
    wastePercent: 10,
    defaultCoats: 2,
    source: 'Telhas Perkus',
  },
  'argamassa-colante': {
    kind: 'argamassa',
    kgPerM2Single: 5,
    kgPerM2Double: 8,
    wastePercent: 10,
    source: 'Quartzolit Cimentcola',
  },
  'rejunte-flexivel': {
    kind: 'rejunte',
    density: 1.58,
    wastePercent: 10,
    source: 'Quartzolit',
  },
  'bloco-ceramico-9x19x19': {
    kind: 'bloco',
    faceCm: [19, 19],
    unitsPerM2: 25,
    wastePercent: 5,
    source: 'ABNT NBR 15270',
  },
  'bloco-ceramico-14x19x29': {
    kind: 'bloco',
    faceCm: [29, 19],
    unitsPerM2: 16.67,
    wastePercent: 5,
    source: 'ABNT NBR 15270',
  },
  'bloco-concreto-14x19x39': {
    kind: 'bloco',
    faceCm: [39, 19],
    unitsPerM2: 12.5,
    wastePercent: 5,
    source: 'ABNT NBR 6136',
  },
} as const satisfies Record<string, MaterialYield>;

export type MaterialKey = keyof typeof MATERIAL_YIELDS;

/** The yield of a product's `material`; undefined for a key this build does not know. */
export function materialYield(material: string | null | undefined): MaterialYield | undefined {
  if (!material || !Object.hasOwn(MATERIAL_YIELDS, material)) return undefined;
  return MATERIAL_YIELDS[material as MaterialKey];
}
