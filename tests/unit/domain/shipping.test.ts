import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  deliveryDate,
  formatDateBR,
  freightLabel,
  SHIPPING_MOTOBOY,
  SHIPPING_PICKUP,
  shippingLabelLines,
} from '../../../src/domain/shipping';

// Friday, 20 November 2026
const friday = new Date(2026, 10, 20, 15, 30);

describe('dates', () => {
  it('writes dd/mm/aaaa', () => {
    expect(formatDateBR(new Date(2026, 0, 5))).toBe('05/01/2026');
    expect(formatDateBR(friday)).toBe('20/11/2026');
  });

  it('adds delivery_time calendar days to today', () => {
    expect(formatDateBR(deliveryDate(friday, 5))).toBe('25/11/2026');
    expect(formatDateBR(deliveryDate(friday, '12'))).toBe('02/12/2026');
    expect(formatDateBR(deliveryDate(friday, 0))).toBe('20/11/2026');
    expect(formatDateBR(deliveryDate(new Date(2026, 11, 30), 3))).toBe('02/01/2027');
  });

  it('skips weekends when adding business days', () => {
    expect(formatDateBR(addBusinessDays(friday, 2))).toBe('24/11/2026');
    expect(formatDateBR(addBusinessDays(new Date(2026, 10, 23), 2))).toBe('25/11/2026');
    expect(formatDateBR(addBusinessDays(new Date(2026, 10, 21), 1))).toBe('23/11/2026');
    expect(formatDateBR(addBusinessDays(friday, 0))).toBe('20/11/2026');
  });
});

describe('shipping labels', () => {
  it('uses the ids of spec §9', () => {
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

  it('adds a forecast for 102', () => {
    expect(shippingLabelLines({ id: 102, delivery_time: 2 }, friday)).toEqual([
      'O prazo de entrega é de 2 dias úteis.',
      'Previsão de entrega: 24/11/2026',
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
    expect(shippingLabelLines({ id: 103, delivery_time: 1 }, friday)).toEqual([
      'Retirada em uma de nossas lojas.',
      'Chega até 21/11/2026',
    ]);
  });
});

describe('freight label', () => {
  it("shows 'Grátis' for free freight and BRL otherwise", () => {
    expect(freightLabel(0)).toBe('Grátis');
    expect(freightLabel(2590)).toBe('R$\u00a025,90');
  });
});
