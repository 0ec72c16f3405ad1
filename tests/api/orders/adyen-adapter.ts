import { createAdyenProvider, type AdyenOptions } from '../../../src/server/services/payments/cards/adyen';
import type { AuthorizeRequest } from '../../../src/server/services/payments/cards/provider';
import { hmacSignature } from '../../../src/server/services/payments/cards/adyen-notifications';
import type { AdyenNotificationItem } from '../../../src/server/services/payments/cards/adyen-records';
import { adyenDouble, notificationExample, requestExample, type Answer, type Sent } from './adyen-published';

// The Adyen adapter as the contract tests build it: test credentials, the store's plan (6x sem
// juros, up to 10x at 1.99% a.m., R$ 10,00 minimum) and Adyen's servers played by adyen-published.ts.

export const MERCHANT = 'CasaObraBR';
export const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const PLAN = { maxCount: 10, interestFreeCount: 6, monthlyRate: 0.0199, minInstallmentCentavos: 1000 };

// What Adyen's Card Component gives in state.data: encrypted fields (opaque here) and browserInfo,
// which is the published example's.
export const componentToken = JSON.stringify({
  paymentMethod: {
    type: 'scheme',
    encryptedCardNumber: 'adyenjs_0_1_25$opaque-number',
    encryptedExpiryMonth: 'adyenjs_0_1_25$opaque-month',
    encryptedExpiryYear: 'adyenjs_0_1_25$opaque-year',
    encryptedSecurityCode: 'adyenjs_0_1_25$opaque-cvc',
    brand: 'mc',
  },
  browserInfo: requestExample('/payments', 'card-3d-secure-2-web').browserInfo,
});

export async function adapter(answer: (sent: Sent) => Answer, extra: Partial<AdyenOptions> = {}) {
  const double = await adyenDouble(answer);
  const provider = createAdyenProvider({
    apiKey: 'test-api-key',
    merchantAccount: MERCHANT,
    clientKey: 'test_CLIENTKEY',
    hmacKey: HMAC_KEY,
    environment: 'test',
    timeoutMs: 200,
    installmentPlan: PLAN,
    fetch: double.fetch,
    ...extra,
  });
  return { provider, ...double };
}

export const attempt = (key: string, changes: Partial<AuthorizeRequest> = {}): AuthorizeRequest => ({
  token: componentToken,
  amountCentavos: 10_000,
  installments: 3,
  interestPaidBy: 'shopper',
  idempotencyKey: key,
  reference: 'pedido-1234',
  holderName: 'Maria da Silva',
  returnOrigin: 'https://loja.example.com.br',
  capture: false,
  ...changes,
});

/** The published file's example of an event (Webhooks-v1.json), made ours and signed as Adyen documents. */
export function notification(event: string, item: Partial<AdyenNotificationItem> = {}, sign = true) {
  const body = notificationExample(event) as {
    notificationItems: { NotificationRequestItem: AdyenNotificationItem }[];
  };
  const request = body.notificationItems[0].NotificationRequestItem;
  Object.assign(request, { merchantAccountCode: MERCHANT, amount: { currency: 'BRL', value: 10_000 } }, item);
  request.additionalData = { ...request.additionalData, ...item.additionalData };
  delete request.additionalData.hmacSignature;
  if (sign) request.additionalData.hmacSignature = hmacSignature(request, HMAC_KEY);
  return body;
}
