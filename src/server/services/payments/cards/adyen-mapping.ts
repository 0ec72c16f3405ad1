import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { CardBrand } from '../../../../domain/card';
import type { ChallengeAnswer, ProviderPaymentStatus, RefusalCode } from './provider';

// How Adyen's Checkout API (v71, tests/fixtures/adyen/CheckoutService-v71.json) words things, in the
// port's words. Pure functions: adyen.ts does the calls.

/**
 * The card token, as the checkout's browser hands it over: the JSON text of what Adyen's Card
 * Component gives in `onSubmit`'s `state.data`, reduced to its `paymentMethod` (the card fields
 * encrypted in Adyen's iframes with the client key's public key, so our server never reads the
 * number, expiry or CVV) and `browserInfo` (which 3-D Secure 2 in a browser requires).
 */
const cardTokenSchema = z.object({
  paymentMethod: z.object({
    type: z.literal('scheme'),
    encryptedCardNumber: z.string().min(1),
    encryptedExpiryMonth: z.string().min(1),
    encryptedExpiryYear: z.string().min(1),
    encryptedSecurityCode: z.string().min(1).optional(),
    brand: z.string().optional(),
  }),
  browserInfo: z.object({
    acceptHeader: z.string(),
    colorDepth: z.number().int(),
    javaEnabled: z.boolean(),
    javaScriptEnabled: z.boolean().optional(),
    language: z.string(),
    screenHeight: z.number().int(),
    screenWidth: z.number().int(),
    timeZoneOffset: z.number().int(),
    userAgent: z.string(),
  }),
});

export type AdyenCardToken = z.infer<typeof cardTokenSchema>;

/** The token's parts; a token that is not the component's JSON is refused without echoing it. */
export function parseCardToken(token: string): AdyenCardToken {
  let parsed: unknown;
  try {
    parsed = JSON.parse(token);
  } catch {
    throw new Error('Adyen: the card token is not JSON');
  }
  const result = cardTokenSchema.safeParse(parsed);
  // The message names the fields that failed, never their values (encrypted card data).
  if (!result.success)
    throw new Error(
      `Adyen: the card token lacks ${result.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  return result.data;
}

// PaymentCompletionDetails (the `details` of PaymentDetailsRequest) admits only its own keys
// (additionalProperties false): those a card's 3-D Secure can give are sent on, nothing else.
const COMPLETION_KEYS = [
  'threeDSResult',
  'threeds2.fingerprint',
  'threeds2.challengeResult',
  'redirectResult',
  'payload',
  'MD',
  'PaRes',
] as const;

/**
 * POST /payments/details of what the component's onAdditionalDetails gave: `details` reduced to the
 * keys Adyen's PaymentCompletionDetails declares, and its Idempotency-Key: the attempt's key and a
 * digest of what is sent (at most 64 characters, Adyen's limit). Each step of a challenge (a
 * fingerprint, then the challenge) has its own key, and the same step sent again the same one,
 * which Adyen answers with its first answer.
 */
export function detailsRequest(attemptKey: string, { details, paymentData }: ChallengeAnswer) {
  const body = {
    details: Object.fromEntries(
      COMPLETION_KEYS.filter((name) => typeof details[name] === 'string').map((name) => [
        name,
        details[name],
      ]),
    ),
    ...(paymentData ? { paymentData } : {}),
  };
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  return { body, key: `${attemptKey}:d:${digest}` };
}

/** resultCode of PaymentResponse / PaymentDetailsResponse → the port's status. */
export function statusOfResult(resultCode: string | undefined, capture: boolean): ProviderPaymentStatus {
  switch (resultCode) {
    case 'Authorised':
      // Asked with captureDelayHours 0, Adyen captures at once and sends no CAPTURE of its own.
      return capture ? 'captured' : 'authorized';
    case 'Refused':
      return 'refused';
    case 'IdentifyShopper':
    case 'ChallengeShopper':
    case 'RedirectShopper':
      return 'challenge';
    case 'Pending':
    case 'Received':
    case 'PresentToShopper':
      return 'pending';
    case 'Cancelled':
      return 'cancelled';
    default:
      // Error, and what a card payment never asked for: PartiallyAuthorised (we never enable partial
      // authorisation), AuthenticationFinished / AuthenticationNotRequired (authentication-only).
      return 'error';
  }
}

// Adyen's refusalReasonCode values (the list PaymentResponse.refusalReasonCode links to in
// tests/fixtures/adyen/CheckoutService-v71.json), grouped as the store words a refusal
// (RefusalCode in provider.ts).
const REFUSALS: Record<string, RefusalCode> = {
  '2': 'issuer', // Refused
  '3': 'issuer', // Referral
  '4': 'processing', // Acquirer Error
  '5': 'issuer', // Blocked Card
  '6': 'expired', // Expired Card
  '7': 'issuer', // Invalid Amount
  '8': 'issuer', // Invalid Card Number
  '9': 'processing', // Issuer Unavailable
  '11': 'challenge-failed', // 3D Not Authenticated
  '12': 'insufficient-funds', // Not enough balance
  '14': 'fraud', // Acquirer Fraud
  '20': 'fraud', // FRAUD
  '22': 'fraud', // FRAUD-CANCELLED
  '23': 'issuer', // Transaction Not Permitted
  '24': 'cvv', // CVC Declined
  '25': 'issuer', // Restricted Card
  '27': 'issuer', // Declined Non Generic
  '28': 'insufficient-funds', // Withdrawal Amount Exceeded
  '31': 'fraud', // Issuer Suspected Fraud
  '42': 'challenge-failed', // 3DS Authentication Error
};

export function refusalOfCode(code: string | undefined): RefusalCode {
  return (code && REFUSALS[code]) || 'other';
}

/**
 * A refused AUTHORISATION notification carries the reason as text (its `reason`), not the code:
 * the texts are the names of the codes above.
 */
export function refusalOfReason(reason: string | undefined): RefusalCode {
  const text = (reason ?? '').toLowerCase();
  if (text.includes('cvc')) return 'cvv';
  if (text.includes('expired')) return 'expired';
  if (text.includes('balance') || text.includes('amount exceeded')) return 'insufficient-funds';
  if (text.includes('fraud')) return 'fraud';
  if (text.includes('3d') || text.includes('authentication')) return 'challenge-failed';
  if (text.includes('unavailable') || text.includes('acquirer error')) return 'processing';
  if (text.includes('refused') || text.includes('declined') || text.includes('blocked')) return 'issuer';
  return 'other';
}

// Adyen's payment-method variants for the brands the store accepts (ACCEPTED_BRANDS).
const BRANDS: Record<string, CardBrand> = {
  visa: 'visa',
  mc: 'mastercard',
  elo: 'elo',
  hipercard: 'hipercard',
  amex: 'amex',
};

/** Adyen names variants ('visa', 'mc', 'elodebit', 'visa_applepay'): the prefix is the brand. */
export function brandOf(variant: string | undefined): CardBrand | undefined {
  if (!variant) return undefined;
  const key = Object.keys(BRANDS).find((brand) => variant.toLowerCase().startsWith(brand));
  return key ? BRANDS[key] : 'unknown';
}

/** `cardSummary` (additionalData) is the card's last four digits when the account returns it. */
export function last4Of(cardSummary: string | undefined): string | undefined {
  return cardSummary && /^\d{4}$/.test(cardSummary) ? cardSummary : undefined;
}
