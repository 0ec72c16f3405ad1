import { inArray } from 'drizzle-orm';
import { isCepInStoreCity, PHYSICAL_STORE_COUNT, STORE_CITY, WHATSAPP_PHONE } from '../../domain/store';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { refuse } from './domain-error';
import { stateOfCep } from './cep';
import { withPickupStores } from './store-stock';
import { lineTotal } from '../../domain/quantity';
import { motoboyDeliversToday } from '../../domain/shipping';
import { isNationalHoliday } from './calendar';

// Every freight rule lives here, in one object a maintainer can read and change (docs/catalogue.md).
// Amounts are centavos, weights grams, times days.

export interface Carrier {
  id: number;
  name: string;
  /** Heaviest order the carrier takes, grams (Infinity = any). */
  maxWeightGrams: number;
  /** Fixed part and per-started-kg part, per zone. */
  baseCentavos: Record<Zone, number>;
  perKgCentavos: Record<Zone, number>;
  deliveryDays: Record<Zone, number>;
}

/** Zones outside the store city: 1 = rest of the state, 2 = neighbouring states, 3 = farther. */
export type Zone = 1 | 2 | 3;

export const FREIGHT_RULES = {
  storeCity: STORE_CITY.name,
  /** In the store city, own delivery (101) is free from this order subtotal up. */
  freeShippingFromCentavos: 29_900,
  /** States served and their zone; a CEP elsewhere answers 404 (custom delivery by WhatsApp). */
  zones: {
    SP: 1,
    RJ: 2,
    MG: 2,
    PR: 2,
    ES: 2,
    SC: 3,
    RS: 3,
    DF: 3,
    GO: 3,
    MS: 3,
  } as Record<string, Zone>,
  motoboy: {
    id: 100,
    name: 'Motoboy Expresso',
    maxWeightGrams: 20_000,
    priceCentavos: 1_990,
    deliveryDays: 0,
  },
  ownDelivery: {
    id: 101,
    name: 'Entrega Casa & Obra',
    baseCentavos: 1_490,
    perKgCentavos: 25,
    deliveryDays: 2,
  },
  truck: { id: 102, name: 'Entrega Programada', baseCentavos: 3_990, perKgCentavos: 8, deliveryDays: 2 },
  pickup: { id: 103, name: `Retirar em uma das ${PHYSICAL_STORE_COUNT} lojas`, deliveryDays: 1 },
  carriers: [
    {
      id: 200,
      name: 'Correios PAC',
      maxWeightGrams: 30_000,
      baseCentavos: { 1: 1_890, 2: 2_490, 3: 3_290 },
      perKgCentavos: { 1: 190, 2: 290, 3: 390 },
      deliveryDays: { 1: 4, 2: 6, 3: 8 },
    },
    {
      id: 201,
      name: 'Correios SEDEX',
      maxWeightGrams: 30_000,
      baseCentavos: { 1: 2_990, 2: 3_990, 3: 4_990 },
      perKgCentavos: { 1: 350, 2: 490, 3: 650 },
      deliveryDays: { 1: 1, 2: 2, 3: 3 },
    },
    {
      id: 202,
      name: 'Transportadora Rodonorte',
      maxWeightGrams: Number.POSITIVE_INFINITY,
      baseCentavos: { 1: 4_990, 2: 7_990, 3: 11_990 },
      perKgCentavos: { 1: 60, 2: 90, 3: 130 },
      deliveryDays: { 1: 3, 2: 5, 3: 7 },
    },
  ] as Carrier[],
  notServed: `Ainda não entregamos neste CEP pela loja online. Fale com a gente pelo WhatsApp ${WHATSAPP_PHONE} para combinar uma entrega personalizada.`,
} as const;

export interface FreightLine {
  idprd: number;
  quantity: number;
}

export type FreightOption = {
  id: number;
  name: string;
  delivery_time: number;
  price: number;
  company: { picture: string; name: string };
  /** Pickup (103) only: the stores that hold the whole cart (store mode). */
  lojas?: { id: number; nome: string }[];
};

/** Carrier logos are drawn like product images (see images.ts). */
export const carrierPicture = (id: number) => `/imagens/transportadoras/${id}.png`;

const option = (id: number, name: string, days: number, centavos: number): FreightOption => ({
  id,
  name,
  delivery_time: days,
  price: centavos / 100,
  company: { picture: carrierPicture(id), name },
});

const startedKg = (grams: number) => Math.max(1, Math.ceil(grams / 1000));

/** Subtotal (centavos) and weight (grams) of the lines, from the database, never from the client. */
export async function measureLines(
  db: Db,
  lines: FreightLine[],
): Promise<{ subtotal: number; weight: number }> {
  const ids = [...new Set(lines.map((line) => line.idprd))];
  const found = await db
    .select({
      idprd: products.idprd,
      price: products.priceCentavos,
      boxM2: products.boxM2,
      weight: products.weightGrams,
    })
    .from(products)
    .where(inArray(products.idprd, ids));
  const byId = new Map(found.map((row) => [row.idprd, row]));
  let subtotal = 0;
  let weight = 0;
  for (const line of lines) {
    const product = byId.get(line.idprd);
    if (!product) throw refuse('invalid', `Produto ${line.idprd} não encontrado.`);
    // The same line total as the order's (it decides free shipping at the threshold).
    subtotal += lineTotal(
      product.price,
      line.quantity,
      product.boxM2 === null ? null : Number(product.boxM2),
    );
    weight += product.weight * line.quantity;
  }
  return { subtotal, weight };
}

/**
 * The options for a CEP, subtotal and weight at `now`; pure, so the rules are easy to test and
 * explain. The motoboy's same day is sold only while it can be kept (business day, cut-off).
 */
export function freightOptions(cep: string, subtotal: number, weight: number, now: Date): FreightOption[] {
  const rules = FREIGHT_RULES;
  if (isCepInStoreCity(cep)) {
    const list: FreightOption[] = [];
    if (weight <= rules.motoboy.maxWeightGrams && motoboyDeliversToday(now, isNationalHoliday))
      list.push(
        option(rules.motoboy.id, rules.motoboy.name, rules.motoboy.deliveryDays, rules.motoboy.priceCentavos),
      );
    const own =
      subtotal >= rules.freeShippingFromCentavos
        ? 0
        : rules.ownDelivery.baseCentavos + rules.ownDelivery.perKgCentavos * startedKg(weight);
    list.push(option(rules.ownDelivery.id, rules.ownDelivery.name, rules.ownDelivery.deliveryDays, own));
    list.push(
      option(
        rules.truck.id,
        rules.truck.name,
        rules.truck.deliveryDays,
        rules.truck.baseCentavos + rules.truck.perKgCentavos * startedKg(weight),
      ),
    );
    list.push(option(rules.pickup.id, rules.pickup.name, rules.pickup.deliveryDays, 0));
    return list;
  }
  const uf = stateOfCep(cep);
  if (!uf) throw refuse('invalid', 'CEP não encontrado.');
  const zone = Object.hasOwn(rules.zones, uf) ? rules.zones[uf] : undefined;
  if (!zone) throw refuse('not-found', rules.notServed);
  return rules.carriers
    .filter((carrier) => weight <= carrier.maxWeightGrams)
    .map((carrier) =>
      option(
        carrier.id,
        carrier.name,
        carrier.deliveryDays[zone],
        carrier.baseCentavos[zone] + carrier.perKgCentavos[zone] * startedKg(weight),
      ),
    );
}

export async function quoteFreight(
  db: Db,
  cep: string,
  lines: FreightLine[],
  now: Date,
): Promise<FreightOption[]> {
  const { subtotal, weight } = await measureLines(db, lines);
  return withPickupStores(db, freightOptions(cep, subtotal, weight, now), lines);
}
