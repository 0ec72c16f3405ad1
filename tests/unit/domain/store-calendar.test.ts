import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  formatIsoDate,
  formatStoreDate,
  formatStoreDateTime,
  storeDate,
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
