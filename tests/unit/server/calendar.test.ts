import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryForecast, isNationalHoliday } from '../../../src/server/services/calendar';

// 'dias úteis' skip Brazil's national holidays, fixed and moving, from date-holidays.
// Instants are São Paulo times written in UTC (UTC-3).

describe('national holidays', () => {
  it('knows the fixed and the moving ones', () => {
    for (const date of [
      '2026-01-01', // Confraternização Universal
      '2026-02-16', // Carnaval (Monday)
      '2026-02-17', // Carnaval (Tuesday)
      '2026-04-03', // Sexta-feira Santa
      '2026-04-21', // Tiradentes
      '2026-06-04', // Corpus Christi
      '2026-11-20', // Dia da Consciência Negra
      '2027-02-09', // Carnaval 2027 (Tuesday)
      '2027-03-26', // Sexta-feira Santa 2027
      '2027-05-27', // Corpus Christi 2027
    ])
      expect(isNationalHoliday(date), date).toBe(true);
    for (const date of ['2026-02-18', '2026-04-02', '2026-06-05', '2026-11-19'])
      expect(isNationalHoliday(date), date).toBe(false);
  });
});

describe.each(['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles'])(
  'business days on a host in %s',
  (zone) => {
    const hostZone = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      process.env.TZ = hostZone;
    });

    it('skips Carnaval: ordered on the Friday before, it arrives on Thursday', () => {
      expect(deliveryForecast({ id: 101 }, new Date('2026-02-13T15:00:00Z'))).toBe('2026-02-19');
    });

    it('skips Sexta-feira Santa and the weekend after it', () => {
      expect(deliveryForecast({ id: 102 }, new Date('2026-04-02T15:00:00Z'))).toBe('2026-04-07');
    });

    it('skips Corpus Christi', () => {
      expect(deliveryForecast({ id: 102 }, new Date('2026-06-03T15:00:00Z'))).toBe('2026-06-08');
    });

    it('counts from the São Paulo day at 23:30 on the eve of a holiday (already the holiday in UTC)', () => {
      // Thursday 19 November 2026, 23:30 in São Paulo = Friday 20 November (a holiday) 02:30 UTC.
      expect(deliveryForecast({ id: 102 }, new Date('2026-11-20T02:30:00Z'))).toBe('2026-11-24');
      // Past the motoboy's 18:00 cut-off on the 19th: the next business day after the holiday.
      expect(deliveryForecast({ id: 100 }, new Date('2026-11-20T02:30:00Z'))).toBe('2026-11-23');
    });

    it("gives the motoboy's same day only on a business day up to 18:00", () => {
      // Thursday 19 November 2026, 17:59 and 18:01; Friday 20 (Dia da Consciência Negra), 10:00;
      // Sunday 22, 10:00.
      expect(deliveryForecast({ id: 100 }, new Date('2026-11-19T20:59:00Z'))).toBe('2026-11-19');
      expect(deliveryForecast({ id: 100 }, new Date('2026-11-19T21:01:00Z'))).toBe('2026-11-23');
      expect(deliveryForecast({ id: 100 }, new Date('2026-11-20T13:00:00Z'))).toBe('2026-11-23');
      expect(deliveryForecast({ id: 100 }, new Date('2026-11-22T13:00:00Z'))).toBe('2026-11-23');
    });

    it('offers a pickup on the first business day after the holiday', () => {
      // Wednesday 3 June 2026 + 1 day = Corpus Christi: collect from Friday the 5th.
      expect(deliveryForecast({ id: 103, delivery_time: 1 }, new Date('2026-06-03T15:00:00Z'))).toBe(
        '2026-06-05',
      );
    });
  },
);
