import { describe, expect, it } from 'vitest';
import { withdrawalDeadline, withdrawalWindow, withdrawnShare } from '../../../src/domain/withdrawal';

// CDC art. 49: 7 days from receipt; before dispatch a cancellation.

const received = new Date('2026-11-10T15:00:00Z');
const daysLater = (days: number) => new Date(received.getTime() + days * 86_400_000);

describe('right of withdrawal', () => {
  it('is a cancellation before dispatch and a return in transit', () => {
    expect(withdrawalWindow({ paid: true, dispatched: false, receivedAt: null }, received)).toEqual({
      open: true,
      how: 'cancel',
      until: null,
    });
    expect(withdrawalWindow({ paid: true, dispatched: true, receivedAt: null }, received)).toMatchObject({
      open: true,
      how: 'return',
    });
  });

  it('is open for 7 days after receipt and closed on day 8, saying when it ended', () => {
    const order = { paid: true, dispatched: true, receivedAt: received };
    expect(withdrawalWindow(order, daysLater(7))).toEqual({
      open: true,
      how: 'return',
      until: withdrawalDeadline(received).toISOString(),
    });
    expect(withdrawalWindow(order, daysLater(8))).toEqual({
      open: false,
      why: 'O prazo de 7 dias para desistir da compra terminou em 17/11 (7 dias após o recebimento, CDC art. 49).',
    });
  });

  it('has nothing to withdraw before the payment', () => {
    expect(withdrawalWindow({ paid: false, dispatched: false, receivedAt: null }, received).open).toBe(false);
  });
});

describe('what a withdrawal gives back', () => {
  const line = (totalCentavos: number, customMade = false) => ({ totalCentavos, customMade });

  it('is everything paid when nothing is made to order', () => {
    expect(withdrawnShare(34_368, [line(20_000), line(11_482)])).toBe(34_368);
  });

  it("is the withdrawn lines' share of everything paid, freight and interest with them", () => {
    // R$ 300 + R$ 100 tinted paint, R$ 40 freight: R$ 440 paid, 3/4 of it goes back.
    expect(withdrawnShare(44_000, [line(30_000), line(10_000, true)])).toBe(33_000);
    // Pix: 5 % off the products only (R$ 380 + R$ 40 = R$ 420): the share keeps the discount.
    expect(withdrawnShare(42_000, [line(30_000), line(10_000, true)])).toBe(31_500);
    // Rounded to the centavo, never past what was paid.
    expect(withdrawnShare(10_001, [line(1), line(2, true)])).toBe(3_334);
  });

  it('is nothing when every line is made to order', () => {
    expect(withdrawnShare(44_000, [line(30_000, true)])).toBe(0);
  });
});
