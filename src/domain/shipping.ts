import { formatBRL, parseMoney } from './money';
import {
  addBusinessDays,
  addDays,
  formatIsoDate,
  isBusinessDay,
  isIsoDate,
  nextBusinessDay,
  storeClockTime,
  storeDate,
  type HolidayCheck,
  type IsoDate,
} from './store-calendar';

// Shipping labels and dates of the cart and the checkout.

export const SHIPPING_MOTOBOY = 100;
export const SHIPPING_PICKUP = 103;
/**
 * The motoboy's cut-off ('hh:mm', São Paulo): an order confirmed by then on a business day arrives
 * the same day. The option's label, the FAQ and the delivery policy all read it from here.
 */
export const MOTOBOY_CUTOFF = '18:00';
/** 101 and 102: 'O prazo de entrega é de 2 dias úteis.' */
const SHIPPING_TWO_DAYS: readonly number[] = [101, 102];

export interface ShippingOptionLike {
  id: number | string;
  delivery_time?: number | string | null;
  /** Estimate text the server may send for the option. */
  estimate?: string | null;
  /** The forecast date (ISO) the server computed with Brazil's holidays, when it sent one. */
  prev_delivery?: string | null;
}

function deliveryDays(option: ShippingOptionLike): number {
  return Math.max(0, Math.round(parseMoney(option.delivery_time ?? 0)));
}

/**
 * Can the motoboy (100) still deliver today? Only on a business day (Monday to Friday, not a
 * holiday) up to the cut-off minute; otherwise the option is not sold (src/server/services/freight.ts).
 */
export function motoboyDeliversToday(now: Date, isHoliday?: HolidayCheck): boolean {
  return isBusinessDay(storeDate(now), isHoliday) && storeClockTime(now) <= MOTOBOY_CUTOFF;
}

/**
 * When the goods of an option arrive, or can be picked up (103), in the store's calendar: 100 the
 * same day up to the cut-off on a business day, else the next business day (an order placed
 * before the cut-off and paid after it); 101 and 102 two business days; pickup the first business day from delivery_time days
 * on; any other option today plus delivery_time days. Without `isHoliday` only weekends
 * are skipped: the server passes Brazil's national holidays.
 */
export function forecastDate(option: ShippingOptionLike, now: Date, isHoliday?: HolidayCheck): IsoDate {
  const today = storeDate(now);
  const id = Number(option.id);
  if (id === SHIPPING_MOTOBOY)
    return motoboyDeliversToday(now, isHoliday) ? today : nextBusinessDay(addDays(today, 1), isHoliday);
  if (SHIPPING_TWO_DAYS.includes(id)) return addBusinessDays(today, 2, isHoliday);
  if (id === SHIPPING_PICKUP) return nextBusinessDay(addDays(today, deliveryDays(option)), isHoliday);
  return addDays(today, deliveryDays(option));
}

/** The server's forecast when it sent one (it knows the holidays), else the same rule without them. */
function shownForecast(option: ShippingOptionLike, now: Date): string {
  return formatIsoDate(isIsoDate(option.prev_delivery) ? option.prev_delivery : forecastDate(option, now));
}

/** The estimate line for options without a special label. */
export function shippingEstimate(option: ShippingOptionLike): string {
  if (option.estimate) return option.estimate;
  const days = deliveryDays(option);
  if (Number(option.id) === SHIPPING_PICKUP) return 'Retirada em uma de nossas lojas.';
  return days === 1 ? 'Entrega em até 1 dia.' : `Entrega em até ${days} dias.`;
}

/** The lines shown under an option's name, in order. */
export function shippingLabelLines(option: ShippingOptionLike, now: Date): string[] {
  const id = Number(option.id);
  if (id === SHIPPING_MOTOBOY) return [`Receba no mesmo dia até as ${MOTOBOY_CUTOFF}.`];
  if (id === 101) return ['O prazo de entrega é de 2 dias úteis.'];
  if (id === 102)
    return ['O prazo de entrega é de 2 dias úteis.', `Previsão de entrega: ${shownForecast(option, now)}`];
  if (id === SHIPPING_PICKUP)
    return [shippingEstimate(option), `Retire a partir de ${shownForecast(option, now)}`];
  return [shippingEstimate(option), `Chega até ${shownForecast(option, now)}`];
}

/** 'Grátis' for free freight, otherwise BRL. */
export function freightLabel(centavos: number): string {
  return centavos === 0 ? 'Grátis' : formatBRL(centavos);
}
