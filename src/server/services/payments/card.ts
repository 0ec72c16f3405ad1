import { randomBytes } from 'node:crypto';
import {
  cardBrand,
  cardNumberProblem,
  isExpiryInFuture,
  lastFour,
  type CardBrand,
} from '../../../domain/card';

// Card payments go through this interface. The default is a sandbox that runs in the server and
// charges nothing; a real acquirer would implement the same `charge`. The card number and CVV
// reach `charge` and go no further: callers keep only brand and last four digits.

export interface CardChargeRequest {
  cardNumber: string;
  expiry: string;
  cvv: string;
  holder: string;
  amountCentavos: number;
  installments: number;
  /** The checkout key: a real acquirer would use it to refuse a duplicate charge. */
  idempotencyKey: string;
}

export type CardChargeResult =
  | { approved: true; authorization: string; brand: CardBrand; last4: string }
  | { approved: false; reason: string };

/**
 * The acquirer. `charge` runs with no database transaction open (src/server/services/payments/pay.ts):
 * the order's units are already reserved. It must settle within CARD_RESERVATION_MS, after which an
 * unconfirmed reservation is released and its charge voided. `void` cancels whatever was authorised
 * under the key (nothing when nothing was); it is called when the outcome is unknown or the order
 * could not be confirmed, and may be called more than once.
 */
export interface CardGateway {
  charge(request: CardChargeRequest): Promise<CardChargeResult>;
  void(idempotencyKey: string): Promise<void>;
}

export { BRAND_LABELS } from '../../../domain/card';

/**
 * Test numbers the sandbox declines (all pass the Luhn check), with the reason the shopper reads.
 * Any other number the checkout accepts (an accepted brand, its length, the Luhn digit) with a
 * future expiry is approved: the same rule (src/domain/card.ts) as the card form's.
 */
export const SANDBOX_DECLINES: Readonly<Record<string, string>> = {
  '4000000000000002': 'Pagamento recusado pelo banco emissor. Use outro cartão ou pague com PIX.',
  '4000000000009995': 'Pagamento recusado: saldo ou limite insuficiente. Use outro cartão ou pague com PIX.',
  '4000000000000127': 'Pagamento recusado: código de segurança (CVV) incorreto.',
  '4000000000000069': 'Pagamento recusado: cartão vencido.',
  '4000000000000119': 'Não foi possível processar o pagamento agora. Tente novamente em instantes.',
};

export function createSandboxCardGateway(now: () => Date = () => new Date()): CardGateway {
  return {
    async charge(request) {
      const digits = request.cardNumber.replace(/\D/g, '');
      const problem = cardNumberProblem(digits);
      if (problem) return { approved: false, reason: problem };
      const brand = cardBrand(digits);
      if (!isExpiryInFuture(request.expiry, now()))
        return { approved: false, reason: 'Pagamento recusado: cartão vencido.' };
      const declined = SANDBOX_DECLINES[digits];
      if (declined) return { approved: false, reason: declined };
      return {
        approved: true,
        authorization: `SBX${randomBytes(6).toString('hex').toUpperCase()}`,
        brand,
        last4: lastFour(digits),
      };
    },
    // The sandbox keeps no money, so there is nothing to give back.
    async void() {},
  };
}
