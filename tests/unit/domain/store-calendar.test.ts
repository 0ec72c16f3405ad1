import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  formatIsoDate,
  formatStoreDate,
  formatStoreDateTime,
  storeDate,
  storeYear,
} from '../../../src/domain/store-calendar';

describe.each(['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles'])('store dates on a host in %s', (zone) => {
  const hostZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = hostZone;
  });

  it('gives the São Paulo calendar day around midnight UTC', () => {
    // 23:59 on 31 December in São Paulo is already 1 January in UTC.
    expect(storeDate(new Date('2027-01-01T02:59:00Z'))).toBe('2026-12-31');
    expect(storeDate(new Date('2027-01-01T03:00:00Z'))).toBe('2027-01-01');
    expect(formatStoreDate('2026-11-21T01:00:00.000Z')).toBe('20/11/2026');
    expect(formatStoreDateTime('2026-11-21T01:05:00.000Z')).toBe('20/11/2026 às 22:05');
  });

  it('writes a calendar day as dd/mm/aaaa without moving it', () => {
    expect(formatIsoDate('2026-11-24')).toBe('24/11/2026');
    expect(formatIsoDate('a definir')).toBe('a definir');
  });

  it('adds business days across a month and a year', () => {
    expect(addBusinessDays('2026-12-31', 2)).toBe('2027-01-04');
    expect(addBusinessDays('2026-11-20', 0)).toBe('2026-11-20');
  });
});

describe('the store year without the zone database', () => {
  it("is São Paulo's year, as Intl gives it, through each new year's night and across the year", () => {
    const hour = 3_600_000;
    const instants: number[] = [];
    for (let year = 2024; year <= 2031; year++) {
      const newYearUtc = Date.UTC(year, 0, 1);
      for (let offset = -6; offset <= 6; offset += 0.5) instants.push(newYearUtc + offset * hour);
      for (let month = 0; month < 12; month++) instants.push(Date.UTC(year, month, 15, 12));
    }
    for (const instant of instants)
      expect(storeYear(instant), new Date(instant).toISOString()).toBe(
        Number(storeDate(instant).slice(0, 4)),
      );
  });
});
