import { priceTablePayment, type InterestPayer } from '../../../../domain/payment-options';
import type { AuthorizeRequest, QuotedInstallment } from './provider';

// Adyen quotes no instalments. Its Checkout API (v71) has no operation that answers "which plans,
// at what interest, for this BIN and amount": `installments` on POST /payments only carries the
// count the shopper chose, the Card Component's `installmentOptions` are whatever the merchant
// configures, and in Brazil Adyen charges exactly `amount.value` (it adds no interest). So the
// store's plan is configuration given to the adapter (ADYEN_INSTALLMENTS_* in the lead's config),
// the quote is computed here with the same price table as src/domain/payment-options.ts, and
// `authorize` charges the quoted total for the chosen count. What Adyen does tell per BIN is
// whether the card is credit (POST /cardDetails): a debit or prepaid card is quoted 1x only.

export interface AdyenInstallmentPlan {
  /** The highest count offered (the acquirer caps it, usually at 12 in Brazil). */
  maxCount: number;
  /** Counts up to this one are interest-free for the shopper (the store pays the acquirer's fee). */
  interestFreeCount: number;
  /** Monthly rate of the counts above, as a fraction (0.0199). 0 when the store pays all interest. */
  monthlyRate: number;
  /** No instalment below this, centavos (R$ 10,00 = 1000). */
  minInstallmentCentavos: number;
}

/** Every plan of `plan` for an amount: 1x always, then each count whose instalment is not too small. */
export function quotePlan(
  amountCentavos: number,
  plan: AdyenInstallmentPlan,
  credit: boolean,
): QuotedInstallment[] {
  const amount = Math.max(0, Math.round(amountCentavos));
  const quotes: QuotedInstallment[] = [
    { count: 1, installmentCentavos: amount, totalCentavos: amount, monthlyRate: 0 },
  ];
  if (!credit) return quotes;
  for (let count = 2; count <= plan.maxCount; count += 1) {
    const interestFree = count <= plan.interestFreeCount || plan.monthlyRate === 0;
    const installmentCentavos = interestFree
      ? Math.round(amount / count)
      : priceTablePayment(amount, count, plan.monthlyRate);
    if (installmentCentavos < plan.minInstallmentCentavos) break;
    quotes.push({
      count,
      installmentCentavos,
      totalCentavos: interestFree ? amount : installmentCentavos * count,
      monthlyRate: interestFree ? 0 : plan.monthlyRate,
    });
  }
  return quotes;
}

/** What Adyen is asked to charge for the request's instalments of its amount (the quote's total). */
export function chargedTotal(
  request: Pick<AuthorizeRequest, 'amountCentavos' | 'installments' | 'interestPaidBy'>,
  plan: AdyenInstallmentPlan,
): number {
  const count = request.installments;
  const quote = quotePlan(request.amountCentavos, planPaidBy(plan, request.interestPaidBy), true).find(
    (q) => q.count === count,
  );
  // A count the quote never offered is the caller's mistake: charging it would break the plan shown.
  if (!quote) throw new Error(`Adyen: ${count} instalments are not offered for this amount`);
  return quote.totalCentavos;
}

/** The plan as the shopper sees it: with the store paying the interest, every count is interest-free. */
export function planPaidBy(plan: AdyenInstallmentPlan, payer: InterestPayer): AdyenInstallmentPlan {
  return payer === 'store' ? { ...plan, interestFreeCount: plan.maxCount } : plan;
}
