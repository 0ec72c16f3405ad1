import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forecastDate,
  freightLabel,
  SHIPPING_MOTOBOY,
  SHIPPING_PICKUP,
  shippingLabelLines,
} from '../../../src/domain/shipping';

// Friday, 20 November 2026, 15:30 in São Paulo (UTC-3).
const friday = new Date('2026-11-20T18:30:00Z');
// Friday 20 November, 22:00 in São Paulo: already Saturday the 21st in UTC.
const fridayNight = new Date('2026-11-21T01:00:00Z');

describe.each(['UTC', 'Asia/Tokyo', 'America/Los_Angeles'])('forecasts on a host in %s', (zone) => {
  const hostZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = hostZone;
  });

  it('counts from the day it is in São Paulo, not on the host', () => {
    // Friday 22:00 is past the motoboy's cut-off: Monday, not Friday nor the UTC Saturday.
    expect(forecastDate({ id: 100 }, fridayNight)).toBe('2026-11-23');
    expect(forecastDate({ id: 7, delivery_time: 5 }, fridayNight)).toBe('2026-11-25');
    expect(forecastDate({ id: 7, delivery_time: '12' }, friday)).toBe('2026-12-02');
    expect(forecastDate({ id: 7, delivery_time: 3 }, new Date('2026-12-30T12:00:00Z'))).toBe('2027-01-02');
  });

  it('skips Saturdays and Sundays in business days, and the holidays it is told of', () => {
    expect(forecastDate({ id: 102 }, fridayNight)).toBe('2026-11-24');
    expect(forecastDate({ id: 101 }, new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-25');
    expect(forecastDate({ id: 102 }, fridayNight, (date) => date === '2026-11-23')).toBe('2026-11-25');
  });

  it("keeps the motoboy's same day to business days up to 18:00", () => {
    // Thursday 19 November 2026 in São Paulo.
    expect(forecastDate({ id: 100 }, new Date('2026-11-19T20:59:00Z'))).toBe('2026-11-19'); // 17:59
    expect(forecastDate({ id: 100 }, new Date('2026-11-19T21:00:59Z'))).toBe('2026-11-19'); // 18:00
    expect(forecastDate({ id: 100 }, new Date('2026-11-19T21:01:00Z'))).toBe('2026-11-20'); // 18:01
    // Sunday 22 November, 10:00, and Saturday 21 November, 10:00: Monday.
    expect(forecastDate({ id: 100 }, new Date('2026-11-22T13:00:00Z'))).toBe('2026-11-23');
    expect(forecastDate({ id: 100 }, new Date('2026-11-21T13:00:00Z'))).toBe('2026-11-23');
    // A holiday it is told of, 10:00: the next business day.
    expect(forecastDate({ id: 100 }, new Date('2026-11-20T13:00:00Z'), (date) => date === '2026-11-20')).toBe(
      '2026-11-23',
    );
  });

  it('offers a pickup from the next business day on', () => {
    expect(forecastDate({ id: SHIPPING_PICKUP, delivery_time: 1 }, fridayNight)).toBe('2026-11-23');
    expect(forecastDate({ id: SHIPPING_PICKUP, delivery_time: 1 }, new Date('2026-11-24T12:00:00Z'))).toBe(
      '2026-11-25',
    );
  });
});

describe('shipping labels', () => {
  it('uses the fixed shipping ids', () => {
    expect(SHIPPING_MOTOBOY).toBe(100);
    expect(SHIPPING_PICKUP).toBe(103);
  });

  it('promises same-day delivery for the motoboy', () => {
    expect(shippingLabelLines({ id: 100, delivery_time: 0 }, friday)).toEqual([
      'Receba no mesmo dia até as 18:00.',
    ]);
  });

  it('states two business days for 101', () => {
    expect(shippingLabelLines({ id: '101', delivery_time: 2 }, friday)).toEqual([
      'O prazo de entrega é de 2 dias úteis.',
    ]);
  });

  it('adds a forecast for 102, the server’s when it sent one', () => {
    expect(shippingLabelLines({ id: 102, delivery_time: 2 }, friday)).toEqual([
      'O prazo de entrega é de 2 dias úteis.',
      'Previsão de entrega: 24/11/2026',
    ]);
    expect(shippingLabelLines({ id: 102, delivery_time: 2, prev_delivery: '2026-11-25' }, friday)).toEqual([
      'O prazo de entrega é de 2 dias úteis.',
      'Previsão de entrega: 25/11/2026',
    ]);
  });

  it("shows an estimate and 'Chega até' for other options", () => {
    expect(shippingLabelLines({ id: 7, delivery_time: 5 }, friday)).toEqual([
      'Entrega em até 5 dias.',
      'Chega até 25/11/2026',
    ]);
    expect(shippingLabelLines({ id: 8, delivery_time: 3, estimate: 'PAC - 3 dias' }, friday)).toEqual([
      'PAC - 3 dias',
      'Chega até 23/11/2026',
    ]);
    expect(shippingLabelLines({ id: 7, delivery_time: 5, prev_delivery: '2026-11-26' }, friday)).toEqual([
      'Entrega em até 5 dias.',
      'Chega até 26/11/2026',
    ]);
  });

  it("says when a pickup can be collected: 'Retire a partir de', never 'Chega até'", () => {
    expect(shippingLabelLines({ id: 103, delivery_time: 1 }, friday)).toEqual([
      'Retirada em uma de nossas lojas.',
      'Retire a partir de 23/11/2026',
    ]);
    expect(shippingLabelLines({ id: 103, delivery_time: 1, prev_delivery: '2026-11-24' }, friday)).toEqual([
      'Retirada em uma de nossas lojas.',
      'Retire a partir de 24/11/2026',
    ]);
  });
});

describe('freight label', () => {
  it("shows 'Grátis' for free freight and BRL otherwise", () => {
    expect(freightLabel(0)).toBe('Grátis');
    expect(freightLabel(2590)).toBe('R$\u00a025,90');
  });
});
