import { describe, expect, it } from 'vitest';
import {
  boletoPrice,
  installmentByCount,
  installments,
  interestFreeLabel,
  lastInstallment,
  MAX_INSTALLMENTS,
  priceOptions,
  pixPrice,
  toWireInstallment,
} from '../../../src/domain/payment-options';

describe('Pix and boleto', () => {
  it('takes 5% off for Pix', () => {
    expect(pixPrice(10000)).toBe(9500);
    expect(pixPrice(8990)).toBe(8541); // 85.405 -> 85.41
    expect(pixPrice(1290)).toBe(1226); // 12.255 -> 12.26
    expect(pixPrice(0)).toBe(0);
  });

  it('charges boleto at full price', () => {
    expect(boletoPrice(8990)).toBe(8990);
  });
});

describe('card instalments', () => {
  const list = installments(10000);

  it('offers 1 to 10 instalments', () => {
    expect(list).toHaveLength(MAX_INSTALLMENTS);
    expect(list.map((item) => item.nParcelas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(list.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('makes 1x to 6x interest-free at the price', () => {
    for (const item of list.slice(0, 6)) {
      expect(item.semJuros).toBe(true);
      expect(item.total).toBe(10000);
    }
    expect(list[2].valorParcela).toBe(3333);
    expect(list[2].descricao).toBe('3x de R$ 33,33 sem juros');
    expect(list[0].descricao).toBe('1x de R$ 100,00 sem juros');
    expect(list[5].valorParcela).toBe(1667);
  });

  it('charges 7x to 10x on the price table at 1.99% a.m.', () => {
    // PMT = 10000 * 0.0199 / (1 - 1.0199^-7) = 1544.53 -> 1545
    expect(list[6]).toMatchObject({ nParcelas: 7, valorParcela: 1545, total: 10815, semJuros: false });
    // PMT(10) = 10000 * 0.0199 / (1 - 1.0199^-10) = 1112.68 -> 1113
    expect(list[9]).toMatchObject({ nParcelas: 10, valorParcela: 1113, total: 11130, semJuros: false });
    for (const item of list.slice(6)) {
      expect(item.descricao).toContain('com tarifa de 1.99% a.m.');
      expect(item.total).toBeGreaterThan(10000);
    }
    expect(list[6].descricao).toBe('7x de R$ 15,45 com tarifa de 1.99% a.m. (total R$ 108,15)');
  });

  it('finds an instalment by count (the checkout summary shows 5x)', () => {
    expect(installmentByCount(list, 5)?.descricao).toBe('5x de R$ 20,00 sem juros');
    expect(installmentByCount(list, 11)).toBeUndefined();
  });

  it('handles a zero price', () => {
    expect(installments(0).every((item) => item.total === 0 && item.valorParcela === 0)).toBe(true);
  });

  it('writes the wire row with à vista for one payment and reais', () => {
    expect(toWireInstallment(list[0])).toEqual({
      id: 1,
      nParcelas: 'à vista',
      valorParcela: 100,
      descricao: '1x de R$ 100,00 sem juros',
    });
    expect(toWireInstallment(list[2])).toMatchObject({ nParcelas: 3, valorParcela: 33.33 });
  });
});

describe('price options list', () => {
  it('orders pix, boleto, cartão, normal', () => {
    const options = priceOptions(8990);
    expect(options.map((option) => option.kind)).toEqual(['pix', 'boleto', 'cartao', 'normal']);
    expect(options[0]).toEqual({ kind: 'pix', nParcelas: 1, valorParcela: 8541 });
    expect(options[1]).toEqual({ kind: 'boleto', nParcelas: 1, valorParcela: 8990 });
    expect(options[2].parcelas).toHaveLength(10);
    expect(options[3]).toEqual({ kind: 'normal', nParcelas: 1, valorParcela: 8990 });
  });

  it("says 'até 6x sem juros' from the last interest-free entry", () => {
    const options = priceOptions(8990);
    expect(lastInstallment(options)?.nParcelas).toBe(6);
    expect(lastInstallment(options[2].parcelas)?.valorParcela).toBe(1498);
    expect(interestFreeLabel(options)).toBe('até 6x sem juros');
    expect(interestFreeLabel([])).toBe('');
    expect(lastInstallment([])).toBeUndefined();
  });
});
