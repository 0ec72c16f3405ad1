import Holidays from 'date-holidays';
import { forecastDate, type ShippingOptionLike } from '../../domain/shipping';
import type { HolidayCheck, IsoDate } from '../../domain/store-calendar';

// Brazil's national holidays, fixed and moving (Carnaval, Sexta-feira Santa, Corpus Christi), from
// date-holidays rather than a hand-kept list. Only the server loads it: shoppers' screens get the
// dates computed here (a shipping option's prev_delivery, an order's delivery forecast).

// 'public' holds the national holidays; Carnaval's Monday and Tuesday and Corpus Christi are
// 'bank' holidays there (no banking, no deliveries). Ash Wednesday's morning is 'optional': a
// working day.
const CLOSED_TYPES = new Set(['public', 'bank']);

let calendar: Holidays | undefined;
const byYear = new Map<number, Set<IsoDate>>();

function holidaysOf(year: number): Set<IsoDate> {
  let dates = byYear.get(year);
  if (!dates) {
    calendar ??= new Holidays('BR');
    dates = new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => CLOSED_TYPES.has(holiday.type))
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    byYear.set(year, dates);
  }
  return dates;
}

export const isNationalHoliday: HolidayCheck = (date) => holidaysOf(Number(date.slice(0, 4))).has(date);

/** The forecast date of a shipping option at `now`, with Brazil's national holidays. */
export function deliveryForecast(option: ShippingOptionLike, now: Date = new Date()): IsoDate {
  return forecastDate(option, now, isNationalHoliday);
}

/** Each option with its forecast date (`prev_delivery`, ISO), for the shopper's 'Chega até'. */
export function withForecasts<Option extends ShippingOptionLike>(
  options: Option[],
  now: Date = new Date(),
): (Option & { prev_delivery: IsoDate })[] {
  return options.map((option) => ({ ...option, prev_delivery: deliveryForecast(option, now) }));
}
