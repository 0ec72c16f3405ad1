import { describe, expect, it } from 'vitest';
import { priceTablePayment } from '../../../src/domain/payment-options';
import { ProviderUnavailable } from '../../../src/server/services/payments/cards/provider';
import { adapter, attempt, MERCHANT } from './adyen-adapter';
import { adyenDouble, answerExample, requestExample, type Answer } from './adyen-published';

// The Adyen adapter judged by Adyen's published Checkout API v71 (tests/fixtures/adyen): every
// request it sends validates against the file's request schema for its path and method, it is
// answered with the file's examples (or answers made from them, validated against the response
// schema), and each answer's mapping to the card port is asserted. No network: the double stands
// where Adyen's servers would. The webhooks are judged in adyen-webhooks-contract.test.ts.

type Json = Record<string, unknown>;

const authorised = () => answerExample('/payments', 200, 'card-securedfields');
const withResult = (changes: Json): Json => ({ ...authorised(), ...changes });
/** What Adyen's component gives in onAdditionalDetails after a native challenge (the file's example). */
const nativeDetails = () =>
  requestExample('/payments/details', '3d-secure-2-native').details as Record<string, string>;

describe('the Adyen adapter against Adyen’s published Checkout API v71', () => {
  it('has a judge that refuses what the file forbids (a request and an answer)', async () => {
    const t = await adyenDouble(() => ({ status: 200, body: { resultCode: 'Approved' } }));
    await t.fetch('https://checkout-test.adyen.com/v71/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...requestExample('/payments', 'card-securedfields'), channel: 'Browser' }),
    });
    expect(t.problems).toHaveLength(2);
    expect(t.problems[0]).toMatch(/^post-payments: .*channel/);
    expect(t.problems[1]).toMatch(/^answer to post-payments: .*resultCode/);
  });

  it('quotes the store’s plan for a credit BIN, and 1x for a debit one (POST /cardDetails)', async () => {
    let funding = 'CREDIT';
    const t = await adapter(() => ({
      status: 200,
      body: { ...answerExample('/cardDetails', 200, 'basic'), fundingSource: funding },
    }));
    const credit = await t.provider.quoteInstallments({
      bin: '545454',
      amountCentavos: 10_000,
      interestPaidBy: 'shopper',
    });
    expect(credit.map((q) => q.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(credit[5]).toEqual({ count: 6, installmentCentavos: 1667, totalCentavos: 10_000, monthlyRate: 0 });
    const seven = priceTablePayment(10_000, 7, 0.0199);
    expect(credit[6]).toEqual({
      count: 7,
      installmentCentavos: seven,
      totalCentavos: seven * 7,
      monthlyRate: 0.0199,
    });
    funding = 'DEBIT';
    expect(
      await t.provider.quoteInstallments({
        bin: '545454',
        amountCentavos: 10_000,
        interestPaidBy: 'shopper',
      }),
    ).toHaveLength(1);
    expect(t.sent[0].body).toEqual({ merchantAccount: MERCHANT, cardNumber: '545454', countryCode: 'BR' });
    expect(t.problems).toEqual([]);
  });

  it('authorizes with the component’s encrypted fields, native 3DS 2, instalments and the key', async () => {
    const t = await adapter(() => ({ status: 200, body: authorised() }));
    const payment = await t.provider.authorize(attempt('key-a'));
    expect(payment).toMatchObject({
      providerId: '993617895215577D',
      status: 'authorized',
      amountCentavos: 10_000,
    });
    const [sent] = t.sent;
    expect(sent.operation).toBe('post-payments');
    expect(sent.headers['idempotency-key']).toBe('key-a');
    expect(sent.body).toMatchObject({
      merchantAccount: MERCHANT,
      reference: 'pedido-1234',
      amount: { currency: 'BRL', value: 10_000 },
      paymentMethod: {
        type: 'scheme',
        encryptedCardNumber: 'adyenjs_0_1_25$opaque-number',
        holderName: 'Maria da Silva',
      },
      installments: { value: 3 },
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } },
      channel: 'Web',
      origin: 'https://loja.example.com.br',
      returnUrl: 'https://loja.example.com.br/checkout/3ds',
      additionalData: { manualCapture: 'true' },
      metadata: { attemptKey: 'key-a' },
    });
    // Only encrypted fields leave the server: no run of digits long enough to be a card number.
    expect(JSON.stringify(t.sent)).not.toMatch(/\d{13,19}/);
    expect(t.problems).toEqual([]);
  });

  it('captures at once when asked, and charges an interest-bearing plan’s total', async () => {
    const t = await adapter(() => ({ status: 200, body: authorised() }));
    const payment = await t.provider.authorize(attempt('key-b', { installments: 10, capture: true }));
    const total = priceTablePayment(10_000, 10, 0.0199) * 10;
    expect(payment).toMatchObject({ status: 'captured', amountCentavos: total, capturedCentavos: total });
    expect(t.sent[0].body).toMatchObject({ amount: { value: total }, captureDelayHours: 0 });
    expect(t.sent[0].body).not.toHaveProperty('additionalData');
    expect(t.problems).toEqual([]);
  });

  it('maps Refused with its refusal code, Pending, Error and Adyen’s own 422', async () => {
    const answers: Answer[] = [
      {
        status: 200,
        body: withResult({ resultCode: 'Refused', refusalReason: 'CVC Declined', refusalReasonCode: '24' }),
      },
      {
        status: 200,
        body: withResult({
          resultCode: 'Refused',
          refusalReason: 'Not enough balance',
          refusalReasonCode: '12',
        }),
      },
      { status: 200, body: withResult({ resultCode: 'Pending' }) },
      { status: 200, body: withResult({ resultCode: 'Error', refusalReason: 'Acquirer Error' }) },
      { status: 422, body: answerExample('/payments', 422, 'generic') },
    ];
    const t = await adapter(() => answers.shift()!);
    const results = [];
    for (const key of ['r1', 'r2', 'r3', 'r4', 'r5']) results.push(await t.provider.authorize(attempt(key)));
    expect(results.map((p) => [p.status, p.refusal])).toEqual([
      ['refused', 'cvv'],
      ['refused', 'insufficient-funds'],
      ['pending', undefined],
      ['error', undefined],
      ['error', undefined],
    ]);
    expect(t.problems).toEqual([]);
  });

  it('passes a 3DS 2 challenge to the component, then completes it with POST /payments/details', async () => {
    const fingerprint = answerExample('/payments', 200, 'card-3d-secure-2-web');
    const challenge = {
      ...fingerprint,
      resultCode: 'ChallengeShopper',
      pspReference: 'JLCMPCQ8HXSKGK82',
      action: { ...(fingerprint.action as Json), subtype: 'challenge' },
    };
    const t = await adapter((sent) =>
      sent.operation === 'post-payments'
        ? { status: 200, body: challenge }
        : { status: 200, body: answerExample('/payments/details', 200, '00.redirect') },
    );
    const payment = await t.provider.authorize(attempt('key-c'));
    expect(payment.status).toBe('challenge');
    expect(payment.challengeAction).toMatchObject({ type: 'threeDS2', subtype: 'challenge' });
    const done = await t.provider.completeChallenge('key-c', { details: nativeDetails() });
    expect(done).toMatchObject({
      providerId: 'V4HZ4RBFJGXXGN82',
      status: 'authorized',
      amountCentavos: 10_000,
    });
    expect(t.sent[1].body).toEqual({ details: nativeDetails() });
    // Its own key, derived from the attempt's: not the authorization's.
    expect(t.sent[1].headers['idempotency-key']).toMatch(/^key-c:d:[0-9a-f]{16}$/);
    expect(t.problems).toEqual([]);
  });

  it('runs a fingerprint then a challenge, each step under its own key, and a repeated answer sends nothing', async () => {
    const fingerprint = answerExample('/payments', 200, 'card-3d-secure-2-web');
    // PaymentDetailsResponse may ask for another step: the challenge after the device fingerprint.
    const secondStep = {
      resultCode: 'ChallengeShopper',
      pspReference: 'JLCMPCQ8HXSKGK82',
      action: { ...(fingerprint.action as Json), subtype: 'challenge', token: 'eyJjaGFsbGVuZ2Ui...' },
    };
    const answers: Answer[] = [
      { status: 200, body: fingerprint },
      { status: 200, body: secondStep },
      { status: 200, body: answerExample('/payments/details', 200, '00.redirect') },
    ];
    const t = await adapter(() => answers.shift()!);
    const first = await t.provider.authorize(attempt('key-h'));
    // IdentifyShopper gives no pspReference yet: the attempt's key stands for the payment.
    expect(first).toMatchObject({ providerId: 'attempt:key-h', status: 'challenge' });
    expect(first.challengeAction).toMatchObject({ type: 'threeDS2', subtype: 'fingerprint' });
    const fingerprinted = { 'threeds2.fingerprint': 'eyJ0aHJlZURTQ29tcEluZCI6IlkifQ==' };
    const second = await t.provider.completeChallenge('key-h', {
      details: fingerprinted,
      paymentData: 'Ab02b4c0!BQABAgCuZFJrQOjSsl\\/zt+...',
    });
    expect(second).toMatchObject({ providerId: 'JLCMPCQ8HXSKGK82', status: 'challenge' });
    expect(second.challengeAction).toMatchObject({ type: 'threeDS2', subtype: 'challenge' });
    const done = await t.provider.completeChallenge('key-h', { details: nativeDetails() });
    expect(done).toMatchObject({ providerId: 'V4HZ4RBFJGXXGN82', status: 'authorized' });
    expect(await t.provider.completeChallenge('key-h', { details: nativeDetails() })).toEqual(done);
    expect(t.sent.map((s) => s.operation)).toEqual([
      'post-payments',
      'post-payments-details',
      'post-payments-details',
    ]);
    expect(t.sent[1].body).toEqual({
      details: fingerprinted,
      paymentData: 'Ab02b4c0!BQABAgCuZFJrQOjSsl\\/zt+...',
    });
    const keys = t.sent.slice(1).map((s) => s.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
    expect(t.problems).toEqual([]);
  });

  it('sends only the keys PaymentCompletionDetails declares, and maps a refused challenge', async () => {
    const t = await adapter((sent) =>
      sent.operation === 'post-payments'
        ? { status: 200, body: answerExample('/payments', 200, 'card-3d-secure-2-web') }
        : {
            status: 200,
            body: {
              ...answerExample('/payments/details', 200, '00.redirect'),
              resultCode: 'Refused',
              refusalReason: '3D Not Authenticated',
              refusalReasonCode: '11',
            },
          },
    );
    await t.provider.authorize(attempt('key-i'));
    const refused = await t.provider.completeChallenge('key-i', {
      details: { ...nativeDetails(), cardNumber: '4111111111111111' },
    });
    expect(refused).toMatchObject({ status: 'refused', refusal: 'challenge-failed' });
    expect(t.sent[1].body).toEqual({ details: nativeDetails() });
    expect(t.problems).toEqual([]);
  });

  it('frames a redirect challenge (RedirectShopper) at the URL Adyen gives', async () => {
    const t = await adapter(() => ({
      status: 200,
      body: answerExample('/payments', 200, 'card-3d-secure-redirect'),
    }));
    const payment = await t.provider.authorize(attempt('key-d'));
    expect(payment).toMatchObject({ status: 'challenge', brand: 'mastercard', last4: '5454' });
    expect(payment.challengeUrl).toMatch(/^https:\/\/checkoutshopper-test\.adyen\.com\//);
    expect(t.problems).toEqual([]);
  });

  it('throws ProviderUnavailable on a 500, a timeout and a lost connection', async () => {
    for (const reply of [
      { status: 500, body: answerExample('/payments', 500, 'generic') },
      'timeout',
      'network',
    ] as Answer[]) {
      const t = await adapter(() => reply);
      await expect(t.provider.authorize(attempt('key-e'))).rejects.toBeInstanceOf(ProviderUnavailable);
      expect(t.problems).toEqual([]);
    }
  });

  it('captures, refunds and cancels on the payment’s paths, each with its own key', async () => {
    const t = await adapter((sent) => {
      if (sent.operation === 'post-payments')
        return {
          status: 200,
          body: { ...authorised(), pspReference: `PSP-${sent.headers['idempotency-key']}` },
        };
      const path = sent.path.split('/').pop()!;
      const example = { captures: 'capture', refunds: 'refund', cancels: 'cancel-with-psp-reference' }[path]!;
      return { status: 201, body: answerExample(`/payments/{paymentPspReference}/${path}`, 201, example) };
    });
    const { providerId } = await t.provider.authorize(attempt('key-f'));
    const captured = await t.provider.capture({
      providerId,
      amountCentavos: 10_000,
      idempotencyKey: 'key-f-capture',
    });
    expect(captured).toMatchObject({ status: 'captured', capturedCentavos: 10_000 });
    const refund = await t.provider.refund({
      providerId,
      amountCentavos: 2_500,
      idempotencyKey: 'key-f-refund',
    });
    expect(refund).toEqual({ providerId: '993617894906488A', status: 'pending' });
    const other = await t.provider.authorize(attempt('key-g'));
    const cancelled = await t.provider.cancel({
      providerId: other.providerId,
      idempotencyKey: 'key-g-cancel',
    });
    expect(cancelled.status).toBe('cancelled');
    expect(t.sent.map((s) => [s.path, s.headers['idempotency-key']])).toEqual([
      ['/payments', 'key-f'],
      [`/payments/${providerId}/captures`, 'key-f-capture'],
      [`/payments/${providerId}/refunds`, 'key-f-refund'],
      ['/payments', 'key-g'],
      [`/payments/${other.providerId}/cancels`, 'key-g-cancel'],
    ]);
    expect(t.sent[1].body).toEqual({
      merchantAccount: MERCHANT,
      amount: { currency: 'BRL', value: 10_000 },
      reference: 'key-f-capture',
    });
    expect(t.problems).toEqual([]);
  });
});
