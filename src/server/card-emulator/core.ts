import { randomBytes } from 'node:crypto';
import {
  BRAND_LABELS,
  cardBrand,
  cardNumberProblem,
  cvvLength,
  cvvMessage,
  isExpiryInFuture,
  lastFour,
} from '../../domain/card';
import { priceTablePayment, type InterestPayer } from '../../domain/payment-options';
import type { ProviderPayment, QuotedInstallment, RefusalCode } from '../services/payments/cards/provider';
import { CHALLENGE_CODE, scenarioOf, type Scenario } from './test-cards';

// The card provider's side, in memory: tokens of the card fields, payments, captures, refunds.
// It holds card numbers because it plays the provider, on its own origin; the store never does.

/** The store's plan as the provider is configured with it (docs/payments.md). */
export interface PlanConfig {
  interestFree: number;
  max: number;
  monthlyRate: number;
  minInstallmentCentavos: number;
}

export interface Payment extends ProviderPayment {
  key: string;
  reference: string;
  scenario: Scenario;
  capture: boolean;
  returnOrigin: string;
}

interface TokenRecord {
  number: string;
  expiry: string;
  used: boolean;
}

export class EmulatorFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

export class CardEmulatorCore {
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly payments = new Map<string, Payment>();
  /** Payments by the key of the authorization that made them. */
  private readonly byKey = new Map<string, Payment>();
  /** Captures, cancels and refunds already done, by their own key: the id each answered. */
  private readonly operations = new Map<string, string>();

  constructor(
    private readonly plan: PlanConfig,
    /** Called after every change of a payment (the signed notification). */
    private readonly changed: (payment: Payment) => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The fields' page: a single-use token for a card, and what the store may know of it. */
  tokenize(number: string, expiry: string, cvv: string) {
    const digits = number.replace(/\D/g, '');
    const problem = cardNumberProblem(digits);
    if (problem) throw new EmulatorFailure(422, problem);
    if (!new RegExp(`^\\d{${cvvLength(digits)}}$`).test(cvv))
      throw new EmulatorFailure(422, cvvMessage(digits));
    if (!/^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/.test(expiry.trim()))
      throw new EmulatorFailure(422, 'Validade inválida: use MM/AA.');
    const token = id('tok');
    this.tokens.set(token, { number: digits, expiry: expiry.trim(), used: false });
    return {
      token,
      brand: BRAND_LABELS[cardBrand(digits)],
      last4: lastFour(digits),
      bin: digits.slice(0, 6),
    };
  }

  /** The plans for a card and an amount; with the store paying the interest, every one is interest-free. */
  quote(bin: string, amountCentavos: number, interestPaidBy: InterestPayer = 'shopper'): QuotedInstallment[] {
    if (!/^\d{6,8}$/.test(bin) || cardBrand(bin) === 'unknown')
      throw new EmulatorFailure(422, 'BIN não reconhecido.');
    // The plan is this provider's configuration (the store negotiates it with its acquirer); the
    // price table is the acquirers' formula for interest on instalments. 'parcelado loja' (the
    // store pays): the shopper's plans are interest-free up to the plan's maximum.
    const interestFreeUpTo = interestPaidBy === 'store' ? this.plan.max : this.plan.interestFree;
    const quoted: QuotedInstallment[] = [];
    for (let count = 1; count <= this.plan.max; count += 1) {
      const interestFree = count <= interestFreeUpTo;
      const monthlyRate = interestFree ? 0 : this.plan.monthlyRate;
      const installment = priceTablePayment(amountCentavos, count, monthlyRate);
      if (count > 1 && installment < this.plan.minInstallmentCentavos) break;
      quoted.push({
        count,
        installmentCentavos: installment,
        totalCentavos: interestFree ? amountCentavos : installment * count,
        monthlyRate,
      });
    }
    return quoted;
  }

  authorize(request: {
    token: string;
    amountCentavos: number;
    installments: number;
    interestPaidBy: InterestPayer;
    key: string;
    reference: string;
    capture: boolean;
    returnOrigin: string;
    challengeBase: string;
  }): Payment {
    const seen = this.byKey.get(request.key);
    if (seen) return seen;
    const card = this.tokens.get(request.token);
    if (!card || card.used) throw new EmulatorFailure(422, 'Token do cartão inválido ou já usado.');
    card.used = true;
    const plan = this.quote(card.number.slice(0, 6), request.amountCentavos, request.interestPaidBy).find(
      (row) => row.count === request.installments,
    );
    if (!plan) throw new EmulatorFailure(422, 'Parcelamento não oferecido para este cartão e valor.');
    const scenario = scenarioOf(card.number);
    const payment: Payment = {
      providerId: id('pay'),
      status: 'authorized',
      amountCentavos: plan.totalCentavos,
      capturedCentavos: 0,
      refundedCentavos: 0,
      brand: BRAND_LABELS[cardBrand(card.number)],
      last4: lastFour(card.number),
      installments: plan.count,
      key: request.key,
      reference: request.reference,
      scenario,
      capture: request.capture,
      returnOrigin: request.returnOrigin,
    };
    if (!isExpiryInFuture(card.expiry, this.now())) this.refuse(payment, 'expired');
    else if (scenario.kind === 'refuse') this.refuse(payment, scenario.refusal);
    else if (scenario.kind === 'error') this.refuse(payment, 'processing');
    else if (scenario.kind === 'review') payment.status = 'pending';
    else if (scenario.kind === 'challenge') {
      payment.status = 'challenge';
      payment.challengeUrl = `${request.challengeBase}/3ds/${payment.providerId}`;
    } else this.approve(payment);
    this.payments.set(payment.providerId, payment);
    this.byKey.set(request.key, payment);
    this.changed(payment);
    return payment;
  }

  /** The issuer's page answered: the code typed, or the shopper gave up. */
  completeChallenge(providerId: string, code: string | null): Payment {
    const payment = this.get(providerId);
    if (payment.status !== 'challenge') return payment;
    payment.challengeUrl = undefined;
    const passes =
      payment.scenario.kind === 'challenge' && payment.scenario.passes && code === CHALLENGE_CODE;
    if (passes) this.approve(payment);
    else this.refuse(payment, 'challenge-failed');
    this.changed(payment);
    return payment;
  }

  /** The issuer's review ends (the tests and `card:review` of the staff commands say how). */
  finishReview(providerId: string, approves?: boolean): Payment {
    const payment = this.get(providerId);
    if (payment.status !== 'pending') return payment;
    const verdict = approves ?? (payment.scenario.kind === 'review' && payment.scenario.approves);
    if (verdict) this.approve(payment);
    else this.refuse(payment, 'fraud');
    this.changed(payment);
    return payment;
  }

  capture(providerId: string, amountCentavos: number, key: string): Payment {
    return this.once(key, providerId, (payment) => {
      if (payment.status === 'captured') return;
      if (payment.status !== 'authorized')
        throw new EmulatorFailure(422, `Pagamento ${payment.status}: não pode ser capturado.`);
      if (amountCentavos > payment.amountCentavos)
        throw new EmulatorFailure(422, 'Captura acima do valor autorizado.');
      payment.capturedCentavos = amountCentavos;
      payment.status = 'captured';
    });
  }

  cancel(providerId: string, key: string): Payment {
    return this.once(key, providerId, (payment) => {
      if (payment.status === 'captured' || payment.status === 'refunded')
        throw new EmulatorFailure(422, 'Pagamento capturado: estorne em vez de cancelar.');
      if (payment.status !== 'refused') payment.status = 'cancelled';
    });
  }

  refund(providerId: string, amountCentavos: number, key: string): { providerId: string; status: 'done' } {
    this.once(key, providerId, (payment) => {
      const left = payment.capturedCentavos - payment.refundedCentavos;
      if (amountCentavos <= 0 || amountCentavos > left)
        throw new EmulatorFailure(422, `Estorno acima do capturado: restam ${left} centavos.`);
      payment.refundedCentavos += amountCentavos;
      if (payment.refundedCentavos === payment.capturedCentavos) payment.status = 'refunded';
    });
    return { providerId: this.operations.get(key)!, status: 'done' };
  }

  get(providerId: string): Payment {
    const payment = this.payments.get(providerId);
    if (!payment) throw new EmulatorFailure(404, 'Pagamento não encontrado.');
    return payment;
  }

  findByKey(key: string): Payment | null {
    return this.byKey.get(key) ?? null;
  }

  list(): Payment[] {
    return [...this.payments.values()];
  }

  /** A change of a payment done once per key: the same key again changes nothing. */
  private once(key: string, providerId: string, change: (payment: Payment) => void): Payment {
    const payment = this.get(providerId);
    if (!key) throw new EmulatorFailure(400, 'Idempotency-Key obrigatório.');
    if (this.operations.has(key)) return payment;
    change(payment);
    this.operations.set(key, id('op'));
    this.changed(payment);
    return payment;
  }

  private approve(payment: Payment): void {
    payment.status = payment.capture ? 'captured' : 'authorized';
    if (payment.capture) payment.capturedCentavos = payment.amountCentavos;
  }

  private refuse(payment: Payment, refusal: RefusalCode): void {
    payment.status = 'refused';
    payment.refusal = refusal;
  }
}
