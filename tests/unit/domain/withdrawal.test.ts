import { describe, expect, it } from 'vitest';
import { withdrawalDeadline, withdrawalWindow } from '../../../src/domain/withdrawal';

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
