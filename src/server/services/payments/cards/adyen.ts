import { adyenUrls, createAdyenHttp, type AdyenAnswer } from './adyen-http';
import { chargedTotal, planPaidBy, quotePlan, type AdyenInstallmentPlan } from './adyen-installments';
import {
  brandOf,
  detailsRequest,
  last4Of,
  parseCardToken,
  refusalOfCode,
  statusOfResult,
} from './adyen-mapping';
import { checkHmacKey, genuineItems, hintOf } from './adyen-notifications';
import {
  attemptKeyOf,
  createMemoryRecordStore,
  paymentOf,
  withNotification,
  type AdyenPaymentRecord,
  type AdyenRecordStore,
} from './adyen-records';
import { ProviderUnavailable, type CardProvider, type ProviderPayment } from './provider';

// The real card provider: Adyen's Checkout API v71, checked against its published OpenAPI file by
// tests/api/orders/adyen-contract.test.ts. Card fields are Adyen's Card Component (iframes on
// Adyen's origin, SAQ A), 3-D Secure 2 runs natively in that component inside the checkout, and
// Brazilian instalments are sent as `installments.value`. What the port asks and Adyen cannot give
// (an instalment quote, a GET of a payment, a look-up by idempotency key) is said where it is done.

export interface AdyenOptions {
  apiKey: string;
  merchantAccount: string;
  /** The public client key the Card Component is started with. */
  clientKey: string;
  /** The webhook's HMAC key, hex, as the Customer Area shows it. */
  hmacKey: string;
  /** Basic auth the webhook is configured with, when it is. */
  notificationAuth?: { username: string; password: string };
  environment: 'test' | 'live';
  /** The live endpoint's prefix from the Customer Area (Developers > API URLs); live only. */
  liveUrlPrefix?: string;
  timeoutMs: number;
  installmentPlan: AdyenInstallmentPlan;
  /** Path on the checkout's origin that a redirect-based 3DS page returns to. */
  returnPath?: string;
  /** Adyen Web's version the checkout loads (the CSP and fieldsUrl name it). */
  webVersion?: string;
  records?: AdyenRecordStore;
  log?: { warn(details: object, message: string): void };
  fetch?: typeof fetch;
}

/** The port, with the step Adyen needs after a 3DS challenge its component ran (POST /payments/details). */
export type AdyenProvider = CardProvider & Required<Pick<CardProvider, 'completeChallenge'>>;

const BRL = 'BRL';
/** @adyen/adyen-web's latest release when the adapter was written (npm, 2026-11-28). */
const ADYEN_WEB_VERSION = '6.45.2';

export function createAdyenProvider(options: AdyenOptions): AdyenProvider {
  checkHmacKey(options.hmacKey);
  const http = createAdyenHttp({
    baseUrl: adyenUrls(options).checkout,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch ?? fetch,
  });
  const records = options.records ?? createMemoryRecordStore();
  const merchantAccount = options.merchantAccount;
  const shopperOrigin = adyenUrls(options).shopper;
  // Notifications recorded after verifyNotification answered; get and findByKey wait for them.
  const recording = new Set<Promise<void>>();
  const settled = () => Promise.all([...recording]);

  /** A payment answer (PaymentResponse or PaymentDetailsResponse) folded into its record. */
  async function recordAnswer(base: AdyenPaymentRecord, answer: AdyenAnswer): Promise<ProviderPayment> {
    const body = answer.body as {
      pspReference?: string;
      resultCode?: string;
      refusalReasonCode?: string;
      action?: Record<string, unknown> & { type?: string; url?: string; method?: string };
      paymentMethod?: { brand?: string };
      additionalData?: Record<string, string>;
    };
    const record: AdyenPaymentRecord = {
      ...base,
      pspReference: body.pspReference ?? base.pspReference,
      heard: true,
    };
    if (answer.status >= 400) {
      // Adyen refused the request itself (validation, configuration): nothing was authorised.
      record.status = 'error';
    } else {
      record.status = statusOfResult(body.resultCode, base.capture);
      if (record.status === 'refused') record.refusal = refusalOfCode(body.refusalReasonCode);
      record.brand = brandOf(body.paymentMethod?.brand ?? body.additionalData?.paymentMethod) ?? record.brand;
      record.last4 = last4Of(body.additionalData?.cardSummary) ?? record.last4;
      // A redirect (3DS1 or a 3DS2 fallback) is a page to frame; threeDS2 is for Adyen's component.
      record.challengeUrl =
        body.action?.type === 'redirect' && body.action.method === 'GET' ? body.action.url : undefined;
      record.challengeAction = body.action;
    }
    await records.save(record);
    return paymentOf(record);
  }

  /** A payment Adyen has told us of, by its pspReference or, before it has one, our key. */
  async function known(providerId: string): Promise<AdyenPaymentRecord | undefined> {
    await settled();
    const record = providerId.startsWith('attempt:')
      ? await records.loadByKey(providerId.slice('attempt:'.length))
      : await records.load(providerId);
    return record?.heard ? record : undefined;
  }

  async function modificationOf(
    kind: 'capture' | 'refund',
    providerId: string,
    amountCentavos: number,
    answer: AdyenAnswer,
  ): Promise<{ record: AdyenPaymentRecord; accepted: boolean; pspReference?: string }> {
    const record = (await known(providerId)) ?? {
      pspReference: providerId,
      status: 'authorized',
      amountCentavos,
      capture: false,
      cancelled: false,
      heard: true,
      modifications: {},
    };
    const psp = answer.body.pspReference;
    const accepted = answer.status < 400 && answer.body.status === 'received' && typeof psp === 'string';
    if (accepted)
      record.modifications = { ...record.modifications, [psp]: { kind, amountCentavos, state: 'received' } };
    await records.save(record);
    return { record, accepted, pspReference: accepted ? psp : undefined };
  }

  return {
    name: 'adyen',
    client: {
      provider: 'adyen',
      origin: shopperOrigin,
      fieldsUrl: `${shopperOrigin}/checkoutshopper/sdk/${options.webVersion ?? ADYEN_WEB_VERSION}/adyen.js`,
      publicKey: options.clientKey,
    },

    async quoteInstallments({ bin, amountCentavos, interestPaidBy }) {
      // POST /cardDetails with the BIN alone (Adyen's own example sends "411111"): a BIN is not card
      // data under PCI DSS. Only the funding source is used: debit and prepaid are not split.
      const answer = await http.post('/cardDetails', { merchantAccount, cardNumber: bin, countryCode: 'BR' });
      const credit = answer.status < 400 && answer.body.fundingSource === 'CREDIT';
      return quotePlan(amountCentavos, planPaidBy(options.installmentPlan, interestPaidBy), credit);
    },

    async authorize(request) {
      const token = parseCardToken(request.token);
      const total = chargedTotal(request, options.installmentPlan);
      // A retry of the same attempt keeps what Adyen already said of it (a webhook may have come).
      const before = await records.loadByKey(request.idempotencyKey);
      const base: AdyenPaymentRecord = before ?? {
        attemptKey: request.idempotencyKey,
        reference: request.reference,
        status: 'pending',
        amountCentavos: total,
        capture: request.capture,
        installments: request.installments,
        brand: brandOf(token.paymentMethod.brand),
        cancelled: false,
        heard: false,
        modifications: {},
      };
      if (!before) await records.save(base);
      const answer = await http.post(
        '/payments',
        {
          merchantAccount,
          reference: request.reference,
          amount: { currency: BRL, value: total },
          paymentMethod: { ...token.paymentMethod, holderName: request.holderName },
          browserInfo: token.browserInfo,
          ...(request.installments > 1 ? { installments: { value: request.installments } } : {}),
          authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } },
          channel: 'Web',
          origin: request.returnOrigin,
          returnUrl: `${request.returnOrigin}${options.returnPath ?? '/checkout/3ds'}`,
          countryCode: 'BR',
          shopperInteraction: 'Ecommerce',
          // Echoed by the AUTHORISATION webhook: how findByKey finds a payment whose answer was lost.
          metadata: { attemptKey: request.idempotencyKey },
          // Capture now, or hold the authorisation until the order is invoiced (whatever the
          // account's default capture delay is).
          ...(request.capture ? { captureDelayHours: 0 } : { additionalData: { manualCapture: 'true' } }),
        },
        request.idempotencyKey,
      );
      return recordAnswer(base, answer);
    },

    async completeChallenge(attemptKey, answer) {
      const base = await records.loadByKey(attemptKey);
      if (!base) throw new ProviderUnavailable(`Adyen has not told us of attempt ${attemptKey}`);
      // Adyen has already said how it ended: a late or repeated answer changes nothing.
      if (base.status !== 'challenge') return paymentOf(base);
      const { body, key } = detailsRequest(attemptKey, answer);
      return recordAnswer(base, await http.post('/payments/details', body, key));
    },

    async capture({ providerId, amountCentavos, idempotencyKey }) {
      const answer = await http.post(
        `/payments/${encodeURIComponent(providerId)}/captures`,
        { merchantAccount, amount: { currency: BRL, value: amountCentavos }, reference: idempotencyKey },
        idempotencyKey,
      );
      const { record, accepted } = await modificationOf('capture', providerId, amountCentavos, answer);
      // Adyen confirms a capture later (CAPTURE webhook); a received one counts until it fails.
      const payment = paymentOf(record);
      return accepted ? payment : { ...payment, status: 'error' };
    },

    async cancel({ providerId, idempotencyKey }) {
      const answer = await http.post(
        `/payments/${encodeURIComponent(providerId)}/cancels`,
        { merchantAccount, reference: idempotencyKey },
        idempotencyKey,
      );
      const record = await known(providerId);
      const accepted = answer.status < 400 && answer.body.status === 'received';
      if (!record) {
        if (!accepted) throw new Error(`Adyen refused to cancel ${providerId} (${answer.status})`);
        return {
          providerId,
          status: 'cancelled',
          amountCentavos: 0,
          capturedCentavos: 0,
          refundedCentavos: 0,
        };
      }
      // A cancel Adyen received is as good as done: it fails only on a payment already captured,
      // which the CANCELLATION webhook (success false) and the record's captures then tell.
      if (accepted) record.cancelled = true;
      await records.save(record);
      const payment = paymentOf(record);
      return accepted ? payment : { ...payment, status: 'error' };
    },

    async refund({ providerId, amountCentavos, idempotencyKey }) {
      const answer = await http.post(
        `/payments/${encodeURIComponent(providerId)}/refunds`,
        { merchantAccount, amount: { currency: BRL, value: amountCentavos }, reference: idempotencyKey },
        idempotencyKey,
      );
      const { accepted, pspReference } = await modificationOf('refund', providerId, amountCentavos, answer);
      // The REFUND webhook says when the money went back; until then Adyen has only received it.
      return accepted && pspReference
        ? { providerId: pspReference, status: 'pending' }
        : { providerId, status: 'failed' };
    },

    async get(providerId) {
      const record = await known(providerId);
      // Adyen has no GET of a payment: what it has not told us (by an answer or a webhook) is unknown.
      if (!record) throw new ProviderUnavailable(`Adyen has not told us of payment ${providerId} yet`);
      return paymentOf(record);
    },

    async findByKey(idempotencyKey) {
      // Adyen answers a repeated Idempotency-Key with its first answer, but asking again means
      // sending the request again, with the encrypted card fields we do not keep. So a lost answer
      // is found by the AUTHORISATION webhook that echoes metadata.attemptKey; null until it comes.
      const record = await known(`attempt:${idempotencyKey}`);
      return record ? paymentOf(record) : null;
    },

    verifyNotification(headers, body) {
      const items = genuineItems(headers, body, {
        hmacKey: options.hmacKey,
        merchantAccount,
        live: options.environment === 'live',
        basicAuth: options.notificationAuth,
      });
      if (!items) return null;
      // Only the adapter's own records change (what Adyen said); the order changes after a `get`.
      const task = (async () => {
        for (const item of items) {
          const key = attemptKeyOf(item);
          const id = item.originalReference || item.pspReference;
          const record = (await records.load(id)) ?? (key ? await records.loadByKey(key) : undefined);
          const next = withNotification(record, item);
          if (next) await records.save(next);
        }
      })()
        .catch((error: unknown) =>
          options.log?.warn({ err: error }, 'Adyen: a notification was not recorded'),
        )
        .finally(() => recording.delete(task));
      recording.add(task);
      return items.map(hintOf);
    },
  };
}
