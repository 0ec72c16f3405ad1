import { describe, expect, it } from 'vitest';
import {
  annualRate,
  effectiveMonthlyRate,
  rateLabel,
  boletoPrice,
  cardTermsText,
  installments,
  interestFreeLabel,
  interestFreeOffer,
  lastInstallment,
  MAX_INSTALLMENTS,
  MIN_INSTALLMENT_CENTAVOS,
  priceOptions,
  pixPrice,
  pixTotal,
  toWireInstallment,
} from '../../../src/domain/payment-options';

describe('Pix and boleto', () => {
  it('takes 5% off for Pix', () => {
    expect(pixPrice(10000)).toBe(9500);
    expect(pixPrice(8990)).toBe(8541); // 85.405 -> 85.41
    expect(pixPrice(1290)).toBe(1226); // 12.255 -> 12.26
    expect(pixPrice(0)).toBe(0);
    // An order by Pix: 5% off the products, the freight in full (R$ 21,00 + R$ 19,05 = R$ 40,05).
    expect(pixTotal(2100, 1905)).toBe(1995 + 1905);
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
    expect(list[6].descricao).toBe(
      '7x de R$ 15,45 com tarifa de 1.99% a.m. (26.68% a.a.), CET 26.79% a.a., total R$ 108,15',
    );
  });

  it('states the rate per year, the CET and the total of a plan with interest (CDC art. 52)', () => {
    // 1.99% a.m. compounded: 1.0199^12 - 1 = 26.675...% a.a.
    expect(annualRate(0.0199)).toBeCloseTo(0.26675, 5);
    expect(rateLabel(annualRate(0.0199))).toBe('26.68%');
    // The CET is the rate at which the instalments as charged (rounded up to 15,45) pay back the cash
    // price: the present value of 7 x 15,45 at that rate is R$ 100,00.
    const monthly = effectiveMonthlyRate(10000, 1545, 7);
    const presentValue = (1545 * (1 - Math.pow(1 + monthly, -7))) / monthly;
    expect(presentValue).toBeCloseTo(10000, 6);
    expect(monthly).toBeGreaterThan(0.0199);
    expect(list[6].terms).toEqual({
      monthlyRate: 0.0199,
      annualRate: annualRate(0.0199),
      cetAnnual: annualRate(monthly),
      totalCentavos: 10815,
    });
    expect(list[5].terms).toBeNull();
    // The order: R$ 314,82 in 8x is R$ 343,68 charged.
    expect(installments(31482)[7].descricao).toBe(
      '8x de R$ 42,96 com tarifa de 1.99% a.m. (26.68% a.a.), CET 26.70% a.a., total R$ 343,68',
    );
  });

  it('handles a zero price with one payment', () => {
    expect(installments(0)).toMatchObject([{ nParcelas: 1, total: 0, valorParcela: 0 }]);
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

describe('minimum instalment (R$ 10,00)', () => {
  it('is R$ 10,00', () => {
    expect(MIN_INSTALLMENT_CENTAVOS).toBe(1000);
  });

  it('offers a R$ 3,90 item in 1x only, and says so', () => {
    expect(installments(390).map((item) => item.descricao)).toEqual(['1x de R$ 3,90 sem juros']);
    expect(interestFreeLabel(priceOptions(390))).toBe('à vista no cartão');
    expect(interestFreeOffer(installments(390))).toBe('R$ 3,90 à vista no cartão');
  });

  it('stops where one instalment would be under R$ 10,00', () => {
    // R$ 35,00: 3x of 11,67 is offered, 4x of 8,75 is not.
    expect(installments(3500).map((item) => item.nParcelas)).toEqual([1, 2, 3]);
    expect(interestFreeLabel(installments(3500))).toBe('até 3x sem juros');
    // R$ 60,00 in 6x is exactly R$ 10,00: offered; 7x with interest (9,27) is not.
    expect(installments(6000).map((item) => item.nParcelas)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(installments(6000).at(-1)?.valorParcela).toBe(1000);
    for (const price of [390, 1999, 2000, 3500, 5999, 6000, 8990, 10000, 123457])
      for (const item of installments(price).slice(1))
        expect(item.valorParcela, `${price} in ${item.nParcelas}x`).toBeGreaterThanOrEqual(1000);
  });

  it('keeps 7x to 10x with interest when each is at least R$ 10,00', () => {
    // PMT(10) of R$ 89,90 is 10,00; of R$ 89,00, 9,90.
    expect(installments(8990).at(-1)).toMatchObject({ nParcelas: 10, valorParcela: 1000 });
    expect(installments(8900).at(-1)?.nParcelas).toBe(9);
  });
});

describe('one reading of the card terms', () => {
  it('says up to 6x without interest everywhere', () => {
    expect(interestFreeOffer(installments(10000))).toBe('em até 6x de R$ 16,67 sem juros no cartão');
    expect(interestFreeLabel(installments(10000))).toBe('até 6x sem juros');
    expect(cardTermsText()).toBe(
      'parcele em até 6x sem juros ou em até 10x com tarifa (1.99% a.m.), com parcela mínima de R$ 10,00',
    );
  });
});

describe('the store paying the interest (CARD_INTEREST_PAID_BY=store)', () => {
  it('makes every plan interest-free, its total the cash price', () => {
    const list = installments(10_000, 'store');
    expect(list.map((item) => item.nParcelas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(list.every((item) => item.semJuros && item.total === 10_000 && item.terms === null)).toBe(true);
    expect(list[7].descricao).toBe('8x de R$ 12,50 sem juros');
  });

  it("says 'até 10x sem juros' on the product, the cart and the FAQ", () => {
    expect(interestFreeLabel(installments(10_000, 'store'))).toBe('até 10x sem juros');
    expect(interestFreeOffer(priceOptions(10_000, 'store'))).toBe(
      'em até 10x de R$ 10,00 sem juros no cartão',
    );
    expect(cardTermsText('store')).toBe('parcele em até 10x sem juros, com parcela mínima de R$ 10,00');
  });

  it('still stops where one instalment would be under R$ 10,00', () => {
    expect(installments(3_500, 'store').map((item) => item.nParcelas)).toEqual([1, 2, 3]);
  });
});
