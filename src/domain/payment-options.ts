import { centavosToReais, formatBRLPlain } from './money';
import { lineTotal } from './quantity';

// Payment terms. Every amount here is integer centavos.

export const PIX_DISCOUNT = 0.05;
/** '5% de desconto': what every screen says of the Pix price, from PIX_DISCOUNT. */
export const PIX_DISCOUNT_LABEL = `${Math.round(PIX_DISCOUNT * 100)}% de desconto`;
export const MAX_INSTALLMENTS = 10;
/**
 * Who pays an instalment plan's interest (CARD_INTEREST_PAID_BY): the shopper ('parcelado
 * emissor': the plan's rate past the interest-free counts), or the store ('parcelado loja': every
 * plan offered is interest-free to the shopper, total = the cash price; the store bears the cost in
 * its fee). The card provider is told on every quote and authorization (payments/cards/provider.ts).
 */
export const INTEREST_PAYERS = ['shopper', 'store'] as const;
export type InterestPayer = (typeof INTEREST_PAYERS)[number];
export const INTEREST_FREE_INSTALLMENTS = 6;
export const MONTHLY_RATE = 0.0199;
/** The rate as the store's texts write it ('1.99% a.m.', with a dot). */
export const MONTHLY_RATE_LABEL = '1.99% a.m.';
/**
 * The smallest instalment offered, centavos: a card plan is offered only while every instalment is
 * at least this much (1x is always offered). Change it here: the client build, the product answers
 * (APP_0027 `precos`) and the server's card validation (APP_0050) all read this one value.
 */
export const MIN_INSTALLMENT_CENTAVOS = 1000;

/** Pix price: 5% off, rounded to the nearest centavo (half up). */
export function pixPrice(centavos: number): number {
  // Integer arithmetic (x95/100) so 1290 gives 1225.5 -> 1226 without float noise.
  return Math.round((centavos * Math.round((1 - PIX_DISCOUNT) * 100)) / 100);
}

/**
 * What an order costs by Pix: the discount is on the price of the products (the spec: 'Pix: 5%
 * discount on price'), never on the freight. The cart, the checkout and the charge all read this.
 */
export function pixTotal(subtotalCentavos: number, freightCentavos: number): number {
  return pixPrice(subtotalCentavos) + freightCentavos;
}

/** Boleto is charged at full price. */
export function boletoPrice(centavos: number): number {
  return centavos;
}

export interface Installment {
  id: number;
  nParcelas: number;
  /** One instalment, centavos. */
  valorParcela: number;
  /** What the customer pays in all, centavos. */
  total: number;
  semJuros: boolean;
  descricao: string;
  /** Rates per month and year, CET and total of a plan with interest; null when interest-free. */
  terms: InterestTerms | null;
}

/** Price-table (Tabela Price) payment for a principal, rounded to the centavo. */
export function priceTablePayment(principalCentavos: number, n: number, rate = MONTHLY_RATE): number {
  if (rate === 0) return Math.round(principalCentavos / n);
  return Math.round((principalCentavos * rate) / (1 - Math.pow(1 + rate, -n)));
}

/**
 * Card instalments for a total: 1x, then 2x to 10x while one instalment stays at least
 * MIN_INSTALLMENT_CENTAVOS (R$ 3,90 gives 1x only, R$ 100,00 gives 1x to 10x). With the store
 * paying the interest every one of them is interest-free.
 *
 * Rounding: 1x to 6x are interest-free; valorParcela is total / n rounded to the centavo and the
 * total stays the price, so the LAST instalment charged absorbs the difference
 * (R$ 100,00 in 3x = 33,33 + 33,33 + 33,34). 7x to 10x use the price table at 1.99% a.m.;
 * every instalment is the rounded PMT and the total is exactly PMT x n, so nothing is left over.
 */
export function installments(
  totalCentavos: number,
  interestPaidBy: InterestPayer = 'shopper',
): Installment[] {
  const price = Math.max(0, Math.round(totalCentavos));
  const interestFreeUpTo = interestPaidBy === 'store' ? MAX_INSTALLMENTS : INTEREST_FREE_INSTALLMENTS;
  const list: Installment[] = [];
  for (let n = 1; n <= MAX_INSTALLMENTS; n += 1) {
    const semJuros = n <= interestFreeUpTo;
    const valorParcela = semJuros ? Math.round(price / n) : priceTablePayment(price, n);
    if (n > 1 && valorParcela < MIN_INSTALLMENT_CENTAVOS) break;
    const total = semJuros ? price : valorParcela * n;
    const terms = semJuros ? null : interestTerms(price, valorParcela, n, MONTHLY_RATE);
    const descricao = installmentText(n, valorParcela, terms);
    list.push({ id: n, nParcelas: n, valorParcela, total, semJuros, descricao, terms });
  }
  return list;
}

/**
 * The card plans of one unit as it is sold: one box for an item priced per m² (`multiploprdvenda`
 * m² a box), else one unit. The product page and the product cards both read it, so their
 * 'até {n}x' agree (a tile's m² price against the minimum instalment would understate them).
 */
export function saleUnitInstallments(
  priceCentavos: number,
  multiploprdvenda?: number | string | null,
  interestPaidBy: InterestPayer = 'shopper',
): Installment[] {
  return installments(lineTotal(priceCentavos, 1, multiploprdvenda), interestPaidBy);
}

/** An instalment row as the legacy contract carries it: 'à vista' for 1x, values in reais. */
export interface WireInstallment {
  id: number;
  nParcelas: 'à vista' | number;
  valorParcela: number;
  descricao: string;
}

export function toWireInstallment(installment: Installment): WireInstallment {
  return {
    id: installment.id,
    nParcelas: installment.nParcelas === 1 ? 'à vista' : installment.nParcelas,
    valorParcela: centavosToReais(installment.valorParcela),
    descricao: installment.descricao,
  };
}

export interface SinglePaymentOption {
  kind: 'pix' | 'boleto' | 'normal';
  nParcelas: 1;
  /** centavos */
  valorParcela: number;
}

export interface CardPaymentOption {
  kind: 'cartao';
  parcelas: Installment[];
}

export type PriceOption = SinglePaymentOption | CardPaymentOption;
export type PriceOptions = [SinglePaymentOption, SinglePaymentOption, CardPaymentOption, SinglePaymentOption];

/** Always in this order: 0 pix, 1 boleto, 2 cartão (with parcelas), 3 normal price. */
export function priceOptions(centavos: number, interestPaidBy: InterestPayer = 'shopper'): PriceOptions {
  return [
    { kind: 'pix', nParcelas: 1, valorParcela: pixPrice(centavos) },
    { kind: 'boleto', nParcelas: 1, valorParcela: boletoPrice(centavos) },
    { kind: 'cartao', parcelas: installments(centavos, interestPaidBy) },
    { kind: 'normal', nParcelas: 1, valorParcela: centavos },
  ];
}

function installmentsOf(options: readonly PriceOption[] | readonly Installment[]): Installment[] {
  const list: Installment[] = [];
  for (const option of options) {
    if ('parcelas' in option) list.push(...option.parcelas);
    else if ('semJuros' in option) list.push(option);
  }
  return list;
}

/**
 * The entry behind 'até {n}x sem juros': the last interest-free one (6x). The literal last entry is
 * 10x WITH interest, which would make the text false (docs/decisions/008-interest-free-label.md).
 * Accepts the price-options list or a plain instalment list.
 */
export function lastInstallment(
  options: readonly PriceOption[] | readonly Installment[],
): Installment | undefined {
  return installmentsOf(options)
    .filter((item) => item.semJuros)
    .at(-1);
}

/** 'até 6x sem juros' (the cards), 'à vista no cartão' when only 1x is offered, '' when nothing is. */
export function interestFreeLabel(options: readonly PriceOption[] | readonly Installment[]): string {
  const last = lastInstallment(options);
  if (!last) return '';
  return last.nParcelas > 1 ? `até ${last.nParcelas}x sem juros` : 'à vista no cartão';
}

/**
 * 'em até 6x de R$ 16,67 sem juros no cartão' (product page, checkout summary), or
 * 'R$ 3,90 à vista no cartão' when only 1x is offered; '' when nothing is.
 */
export function interestFreeOffer(options: readonly PriceOption[] | readonly Installment[]): string {
  const last = lastInstallment(options);
  if (!last) return '';
  const value = formatBRLPlain(last.valorParcela);
  return last.nParcelas > 1
    ? `em até ${last.nParcelas}x de ${value} sem juros no cartão`
    : `${value} à vista no cartão`;
}

/** The card terms in words, for the FAQ and help texts. */
export function cardTermsText(interestPaidBy: InterestPayer = 'shopper'): string {
  if (interestPaidBy === 'store')
    return `parcele em até ${MAX_INSTALLMENTS}x sem juros, com parcela mínima de ${formatBRLPlain(MIN_INSTALLMENT_CENTAVOS)}`;
  return (
    `parcele em até ${INTEREST_FREE_INSTALLMENTS}x sem juros ou em até ${MAX_INSTALLMENTS}x com tarifa ` +
    `(${MONTHLY_RATE_LABEL}), com parcela mínima de ${formatBRLPlain(MIN_INSTALLMENT_CENTAVOS)}`
  );
}

/** A monthly rate compounded over a year: 1.99% a.m. is 26.68% a.a. */
export function annualRate(monthlyRate: number): number {
  return Math.pow(1 + monthlyRate, 12) - 1;
}

/**
 * The monthly rate at which `count` instalments of `installmentCentavos` pay back `principalCentavos`
 * (the internal rate of return of the shopper's cash flow): the CET's monthly figure. With no fee
 * beyond the interest it differs from the quoted rate only by the instalment's rounding.
 */
export function effectiveMonthlyRate(
  principalCentavos: number,
  installmentCentavos: number,
  count: number,
): number {
  if (installmentCentavos * count <= principalCentavos) return 0;
  const presentValue = (rate: number) => (installmentCentavos * (1 - Math.pow(1 + rate, -count))) / rate;
  let low = 1e-9;
  let high = 1;
  for (let step = 0; step < 100; step += 1) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > principalCentavos) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** '26.68%': two decimals with a dot, as the store's texts write rates (MONTHLY_RATE_LABEL). */
export function rateLabel(rate: number): string {
  return `${(rate * 100).toFixed(2)}%`;
}

/** What CDC art. 52 asks of an instalment plan with interest, beside the cash price. */
export interface InterestTerms {
  monthlyRate: number;
  annualRate: number;
  /** Custo Efetivo Total, per year, from the instalments as charged. */
  cetAnnual: number;
  totalCentavos: number;
}

export function interestTerms(
  cashCentavos: number,
  installmentCentavos: number,
  count: number,
  monthlyRate: number,
): InterestTerms {
  return {
    monthlyRate,
    annualRate: annualRate(monthlyRate),
    cetAnnual: annualRate(effectiveMonthlyRate(cashCentavos, installmentCentavos, count)),
    totalCentavos: installmentCentavos * count,
  };
}

/**
 * '8x de R$ 43,02 com tarifa de 1.99% a.m. (26.68% a.a.), CET 26.67% a.a., total R$ 344,16' or
 * '3x de R$ 33,33 sem juros': the words of one plan, for a quote from the card provider as for the
 * store's own plan.
 */
export function installmentText(
  count: number,
  installmentCentavos: number,
  terms: InterestTerms | null,
): string {
  const value = formatBRLPlain(installmentCentavos);
  if (!terms) return `${count}x de ${value} sem juros`;
  return (
    `${count}x de ${value} com tarifa de ${rateLabel(terms.monthlyRate)} a.m. (${rateLabel(terms.annualRate)} a.a.), ` +
    `CET ${rateLabel(terms.cetAnnual)} a.a., total ${formatBRLPlain(terms.totalCentavos)}`
  );
}
