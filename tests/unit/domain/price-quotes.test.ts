import { describe, expect, it } from 'vitest';
import { lowestPrice, quotesToAnswerLabel } from '../../../src/domain/price-quotes';

describe('the quote rules shared by the seller screens and the server', () => {
  it("names the seller panel's button with the requests waiting for an answer", () => {
    expect(quotesToAnswerLabel(null)).toBe('Orçamentos');
    expect(quotesToAnswerLabel(0)).toBe('Orçamentos');
    expect(quotesToAnswerLabel(1)).toBe('Orçamentos (1 a responder)');
    expect(quotesToAnswerLabel(12)).toBe('Orçamentos (12 a responder)');
  });

  it('lowers a list price by at most the cap, rounded up to the centavo', () => {
    expect(lowestPrice(10000, 5)).toBe(9500);
    expect(lowestPrice(999, 15)).toBe(850); // 849,15 rounded up: never below the cap
  });
});
