// The card provider port: what the store asks of whoever holds the card (the bundled emulator, or a
// real provider chosen by CARD_PROVIDER). Shaped like the payment providers of mature commerce
// servers (Medusa's AbstractPaymentProvider): quote, authorize, capture, cancel, refund, get, and a
// notification turned into a hint. The store never sees a card number: only the provider's token,
// the brand, the last four digits and the BIN.
//
// Every call that moves money carries an idempotency key the caller stored on its row before the
// call (docs/decisions/032-card-trust-model.md), so a retried or crashed call never charges twice.

import type { InterestPayer } from '../../../../domain/payment-options';

/** Where the card provider posts its notifications (the emulator's, or a real provider's webhook). */
export const CARD_NOTIFICATIONS_PATH = '/cartao/notificacoes';

/** What a provider says of a payment. `unknown` is never a provider's answer: it is ours. */
export type ProviderPaymentStatus =
  'authorized' | 'captured' | 'refused' | 'challenge' | 'pending' | 'cancelled' | 'refunded' | 'error';

/** Why a card was refused, as the store tells it (src/domain/card-refusals.ts words each one). */
export type RefusalCode =
  'issuer' | 'insufficient-funds' | 'cvv' | 'expired' | 'challenge-failed' | 'fraud' | 'processing' | 'other';

export interface InstallmentQuoteRequest {
  /** The first 6 to 8 digits of the card (the fields give them with the token). */
  bin: string;
  amountCentavos: number;
  /** CARD_INTEREST_PAID_BY, as Brazilian acquirers take it on the request (Cielo's `Interest`). */
  interestPaidBy: InterestPayer;
}

/** One plan the provider offers for that card and amount. */
export interface QuotedInstallment {
  count: number;
  /** One instalment, centavos. */
  installmentCentavos: number;
  /** What the shopper pays in all, centavos (the amount when interest-free). */
  totalCentavos: number;
  /** Monthly interest as a fraction (0.0199); 0 when interest-free. */
  monthlyRate: number;
}

export interface AuthorizeRequest {
  /** The provider's single-use token of the card fields. */
  token: string;
  /** What is charged, centavos: for an interest-bearing plan the provider adds the interest itself. */
  amountCentavos: number;
  installments: number;
  /** Who pays the plan's interest: the same as the quote the shopper chose from. */
  interestPaidBy: InterestPayer;
  /** Our attempt's key, stored before this call: the provider's Idempotency-Key. */
  idempotencyKey: string;
  /** Our reference for the payment (the order id), shown in the provider's dashboard. */
  reference: string;
  holderName: string;
  /** Where the 3-D Secure challenge page returns (the page posts a message to this origin). */
  returnOrigin: string;
  capture: boolean;
}

export interface ProviderPayment {
  /** The provider's id of the payment (Adyen's pspReference). */
  providerId: string;
  status: ProviderPaymentStatus;
  amountCentavos: number;
  capturedCentavos: number;
  refundedCentavos: number;
  brand?: string;
  last4?: string;
  installments?: number;
  /** With `challenge`: the issuer's page to open inside the checkout. */
  challengeUrl?: string;
  /**
   * With `challenge`, when the provider's own script runs it inside the checkout rather than a
   * page we frame (Adyen's `threeDS2` action for its component): passed to the browser as is.
   */
  challengeAction?: Record<string, unknown>;
  refusal?: RefusalCode;
}

export interface MoneyRequest {
  providerId: string;
  amountCentavos: number;
  idempotencyKey: string;
}

export interface ProviderRefund {
  providerId: string;
  status: 'pending' | 'done' | 'failed';
}

/** A provider's notification, authenticated; only a hint of which payment to read back. */
export interface NotificationHint {
  providerId: string;
  /** The notification's own id, to drop replays. */
  eventId: string;
}

/**
 * What the provider's script in the checkout gave when the shopper finished a challenge it ran
 * there (Adyen's `onAdditionalDetails` state.data): opaque to us, sent on to the provider, which
 * alone says how the payment ended.
 */
export interface ChallengeAnswer {
  details: Record<string, string>;
  paymentData?: string;
}

/** Thrown when the provider's answer is not known (timeout, 5xx, connection lost). */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

export interface CardProvider {
  /** 'emulator' or the real provider's name, for logs and the staff commands. */
  readonly name: string;
  /** What the checkout's browser needs: the fields' page or script, a public key. */
  readonly client: CardClientSetup;
  quoteInstallments(request: InstallmentQuoteRequest): Promise<QuotedInstallment[]>;
  authorize(request: AuthorizeRequest): Promise<ProviderPayment>;
  capture(request: MoneyRequest): Promise<ProviderPayment>;
  /** Cancels an authorization not captured (nothing when there is none). */
  cancel(request: Omit<MoneyRequest, 'amountCentavos'>): Promise<ProviderPayment>;
  refund(request: MoneyRequest): Promise<ProviderRefund>;
  /**
   * Completes a 3-D Secure challenge that the provider's own script ran in the checkout (Adyen's
   * POST /payments/details). Absent when the challenge is a page of the provider's that tells it
   * the outcome itself (the emulator's). `attemptKey` is the attempt's key: the call's own
   * idempotency key is derived from it and the answer, so a replay is answered, not charged.
   */
  completeChallenge?(attemptKey: string, answer: ChallengeAnswer): Promise<ProviderPayment>;
  /** The payment's true state, by the provider's id. */
  get(providerId: string): Promise<ProviderPayment>;
  /** A payment by our attempt's key, when the call that made it never answered. */
  findByKey(idempotencyKey: string): Promise<ProviderPayment | null>;
  /**
   * Authenticates a notification as that provider signs it; null when it is not genuine. Never
   * changes anything: the payment is read back with `get`.
   */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): NotificationHint[] | null;
}

/** What the browser is told: the origin to frame and to trust messages from, and the fields' URL. */
export interface CardClientSetup {
  provider: string;
  /** The provider's origin (CSP frame-src and script-src, and postMessage's origin). */
  origin: string;
  fieldsUrl: string;
  publicKey: string;
}
