import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSignature, signedData } from '../../../src/server/services/payments/cards/adyen-notifications';
import type { AdyenNotificationItem } from '../../../src/server/services/payments/cards/adyen-records';
import { ProviderUnavailable } from '../../../src/server/services/payments/cards/provider';
import { adapter, attempt, notification } from './adyen-adapter';
import { webhooksApi } from './adyen-published';

// Adyen's standard webhooks as the Adyen adapter authenticates them: the examples of Adyen's
// published Webhooks-v1.json (tests/fixtures/adyen), validated against its schemas, signed with the
// documented HMAC (checked against Adyen's own library's known answer), then forged, changed or
// left unsigned; and the read-back that Adyen's missing GET leaves to these notifications.

describe('Adyen’s standard webhooks (HMAC) and the read-back they allow', () => {
  it('signs as Adyen’s own library does (its published known answer)', () => {
    const item = {
      pspReference: 'pspReference',
      originalReference: 'originalReference',
      merchantAccountCode: 'merchantAccount',
      merchantReference: 'reference',
      amount: { currency: 'EUR', value: 1000 },
      eventCode: 'CAPTURE',
      success: 'true',
    };
    expect(signedData(item)).toBe(
      'pspReference:originalReference:merchantAccount:reference:1000:EUR:CAPTURE:true',
    );
    const key = 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00';
    expect(hmacSignature(item, key)).toBe('xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=');
  });

  it('accepts a genuine notification and refuses a forged, a changed and an unsigned one', async () => {
    const hooks = await webhooksApi();
    const { provider } = await adapter(() => 'network');
    const genuine = notification('AUTHORISATION', {
      pspReference: 'QFQTPCQ8HXSKGK82',
      merchantReference: 'pedido-1234',
    });
    for (const body of [genuine, notification('CAPTURE', { originalReference: 'QFQTPCQ8HXSKGK82' })]) {
      const op = hooks.matchOperation({
        method: 'post',
        path: `/${(body.notificationItems[0].NotificationRequestItem as AdyenNotificationItem).eventCode}`,
        headers: {},
      })!;
      expect(
        hooks.validateRequest(
          { method: 'post', path: op.path, body, headers: { 'content-type': 'application/json' } },
          op,
        ).errors ?? [],
      ).toEqual([]);
    }
    expect(provider.verifyNotification({}, genuine)).toEqual([
      { providerId: 'QFQTPCQ8HXSKGK82', eventId: 'QFQTPCQ8HXSKGK82:AUTHORISATION:true' },
    ]);
    const forged = structuredClone(genuine);
    forged.notificationItems[0].NotificationRequestItem.additionalData!.hmacSignature = createHmac(
      'sha256',
      'not-the-key',
    )
      .update(signedData(forged.notificationItems[0].NotificationRequestItem))
      .digest('base64');
    const changed = structuredClone(genuine);
    changed.notificationItems[0].NotificationRequestItem.amount.value = 1;
    expect(provider.verifyNotification({}, forged)).toBeNull();
    expect(provider.verifyNotification({}, changed)).toBeNull();
    expect(provider.verifyNotification({}, notification('AUTHORISATION', {}, false))).toBeNull();
    expect(
      provider.verifyNotification({}, notification('AUTHORISATION', { merchantAccountCode: 'SomeoneElse' })),
    ).toBeNull();
    const live = { ...notification('AUTHORISATION'), live: 'true' };
    expect(provider.verifyNotification({}, live)).toBeNull();
  });

  it('refuses to start with an HMAC key that is not hex (it would sign with a shorter key)', async () => {
    await expect(adapter(() => 'network', { hmacKey: 'segredo-da-loja' })).rejects.toThrow(/hex/);
  });

  it('checks basic auth when the webhook is configured with it', async () => {
    const auth = { username: 'adyen', password: 'segredo' };
    const { provider } = await adapter(() => 'network', { notificationAuth: auth });
    const body = notification('AUTHORISATION');
    const basic = `Basic ${Buffer.from('adyen:segredo').toString('base64')}`;
    expect(provider.verifyNotification({ authorization: basic }, body)).toHaveLength(1);
    expect(provider.verifyNotification({ authorization: 'Basic eDp5' }, body)).toBeNull();
    expect(provider.verifyNotification({}, body)).toBeNull();
  });

  it('finds a payment whose answer was lost by the AUTHORISATION that echoes the key', async () => {
    const { provider } = await adapter(() => 'timeout');
    await expect(provider.authorize(attempt('key-lost', { capture: true }))).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    // Adyen has said nothing yet: not found, and its state is unknown (not 'pending').
    expect(await provider.findByKey('key-lost')).toBeNull();
    await expect(provider.get('attempt:key-lost')).rejects.toBeInstanceOf(ProviderUnavailable);
    const authorisation = notification('AUTHORISATION', {
      pspReference: 'QFQTPCQ8HXSKGK82',
      paymentMethod: 'visa',
      additionalData: { metadata: { attemptKey: 'key-lost' }, cardSummary: '1111' } as never,
    });
    expect(provider.verifyNotification({}, authorisation)).toHaveLength(1);
    // What was asked (capture at once) is known from the record kept before the call.
    expect(await provider.findByKey('key-lost')).toMatchObject({
      providerId: 'QFQTPCQ8HXSKGK82',
      status: 'captured',
      capturedCentavos: 10_000,
      // Adyen's word on the card, over the component's guess in the token ('mc').
      brand: 'visa',
      last4: '1111',
    });
    // A retry of the same attempt that is lost again forgets nothing Adyen said.
    await expect(provider.authorize(attempt('key-lost', { capture: true }))).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    expect(await provider.findByKey('key-lost')).toMatchObject({ status: 'captured' });
    provider.verifyNotification(
      {},
      notification('REFUND', {
        pspReference: 'REFUND0000000001',
        originalReference: 'QFQTPCQ8HXSKGK82',
        amount: { currency: 'BRL', value: 2_500 },
        success: 'true',
      }),
    );
    expect(await provider.get('QFQTPCQ8HXSKGK82')).toMatchObject({
      status: 'captured',
      refundedCentavos: 2_500,
    });
  });

  it('reads back a capture Adyen confirms, once however often the webhook comes', async () => {
    const { provider } = await adapter(() => ({
      status: 200,
      body: { resultCode: 'Authorised', pspReference: 'QFQTPCQ8HXSKGK82' },
    }));
    expect(await provider.authorize(attempt('key-manual'))).toMatchObject({ status: 'authorized' });
    const capture = notification('CAPTURE', {
      pspReference: 'CAPTURE000000001',
      originalReference: 'QFQTPCQ8HXSKGK82',
    });
    expect(provider.verifyNotification({}, capture)).toEqual([
      { providerId: 'QFQTPCQ8HXSKGK82', eventId: 'CAPTURE000000001:CAPTURE:true' },
    ]);
    provider.verifyNotification({}, structuredClone(capture));
    expect(await provider.get('QFQTPCQ8HXSKGK82')).toMatchObject({
      status: 'captured',
      capturedCentavos: 10_000,
    });
  });
});
