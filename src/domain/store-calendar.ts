// Dates as the store lives them: in Brazil's time (America/Sao_Paulo), whatever the zone of the
// machine that runs the code. A calendar date travels as an ISO 'YYYY-MM-DD' string and is
// computed with UTC arithmetic, so no host zone can move it by a day.

export const STORE_TIME_ZONE = 'America/Sao_Paulo';

/** A calendar date, 'YYYY-MM-DD', with no time and no zone. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

let dayFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** The store's calendar date at an instant (e.g. 02:30 UTC on the 21st is still the 20th there). */
export function storeDate(instant: Date | number): IsoDate {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: STORE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(dayFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** São Paulo's offset from UTC all year since 2019 (no daylight saving: Decreto 9.772/2019). */
const STORE_UTC_OFFSET_MS = -3 * 3_600_000;

/**
 * The store's year at an instant, for the footer's copyright line on every page. It uses the fixed
 * offset, not Intl: a time-zone format loads the zone database, about 100 ms of a slow phone's CPU
 * while the app takes the page over. A tested oracle (storeDate) keeps the two in step.
 */
export function storeYear(instant: Date | number): number {
  return new Date(Number(instant) + STORE_UTC_OFFSET_MS).getUTCFullYear();
}

function utcOf(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new Error(`not an ISO date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(utcOf(value));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(utcOf(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 Sunday ... 6 Saturday. */
export function weekdayOf(date: IsoDate): number {
  return new Date(utcOf(date)).getUTCDay();
}

export function isWeekend(date: IsoDate): boolean {
  const day = weekdayOf(date);
  return day === 0 || day === 6;
}

/** Is this date a national holiday? The server knows (src/server/services/calendar.ts). */
export type HolidayCheck = (date: IsoDate) => boolean;

const noHolidays: HolidayCheck = () => false;

/** Monday to Friday and not a holiday: what 'dias úteis' counts. */
export function isBusinessDay(date: IsoDate, isHoliday: HolidayCheck = noHolidays): boolean {
  return !isWeekend(date) && !isHoliday(date);
}

/** n business days after `date` (n = 0: the date itself). */
export function addBusinessDays(date: IsoDate, n: number, isHoliday: HolidayCheck = noHolidays): IsoDate {
  let result = date;
  let left = Math.max(0, Math.floor(n));
  while (left > 0) {
    result = addDays(result, 1);
    if (isBusinessDay(result, isHoliday)) left -= 1;
  }
  return result;
}

/** The first business day on or after `date`. */
export function nextBusinessDay(date: IsoDate, isHoliday: HolidayCheck = noHolidays): IsoDate {
  let result = date;
  while (!isBusinessDay(result, isHoliday)) result = addDays(result, 1);
  return result;
}

/** 'dd/mm/aaaa' of an ISO date; anything else is given back as it came. */
export function formatIsoDate(date: IsoDate): string {
  const match = ISO_DATE.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : date;
}

/** 'dd/mm/aaaa' of an instant (an order's date-time), in the store's time. */
export function formatStoreDate(instant: Date | number | string): string {
  const at = typeof instant === 'string' ? Date.parse(instant) : instant;
  if (typeof at === 'number' && Number.isNaN(at)) return String(instant);
  return formatIsoDate(storeDate(at));
}

/** 'hh:mm' of an instant, in the store's time (24 h). */
export function storeClockTime(instant: Date | number): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: STORE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return dateTimeFormat.format(instant);
}

/** 'dd/mm/aaaa às hh:mm' of an instant, in the store's time. */
export function formatStoreDateTime(instant: Date | number | string): string {
  const at = typeof instant === 'string' ? Date.parse(instant) : instant;
  if (typeof at === 'number' && Number.isNaN(at)) return String(instant);
  return `${formatStoreDate(at)} às ${storeClockTime(at)}`;
}
