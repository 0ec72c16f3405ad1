import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { adyenPayments } from '../../../src/server/db/schema';
import { createTableRecordStore } from '../../../src/server/services/payments/cards/adyen-record-table';
import { ProviderUnavailable } from '../../../src/server/services/payments/cards/provider';
import { databaseKinds } from '../helpers';
import { freshDatabase } from '../databases';
import { adapter, attempt, notification } from './adyen-adapter';

// Adyen has no GET of a payment: what it said (answers and webhooks) is kept in adyen_payments,
// and the adapter's `get` and `findByKey` read it there, in another process or after a restart.

describe.each(databaseKinds)('the Adyen adapter’s records in the database on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.close());

  const rows = () => database.db.select().from(adyenPayments);

  it('keeps a lost answer’s webhook for a restarted store, one row per payment, no card data', async () => {
    const records = createTableRecordStore(database.db);
    const first = await adapter(() => 'network', { records });
    await expect(first.provider.authorize(attempt('key-table', { capture: true }))).rejects.toBeInstanceOf(
      ProviderUnavailable,
    );
    const authorisation = notification('AUTHORISATION', {
      pspReference: 'QFQTPCQ8HXSKGK99',
      paymentMethod: 'mc',
      additionalData: { metadata: { attemptKey: 'key-table' }, cardSummary: '4444' } as never,
    });
    expect(first.provider.verifyNotification({}, authorisation)).toHaveLength(1);
    expect(await first.provider.findByKey('key-table')).toMatchObject({ providerId: 'QFQTPCQ8HXSKGK99' });

    // Another process (or the store after a restart): a new adapter on the same table.
    const second = await adapter(() => 'network', { records: createTableRecordStore(database.db) });
    expect(await second.provider.findByKey('key-table')).toMatchObject({
      providerId: 'QFQTPCQ8HXSKGK99',
      status: 'captured',
      capturedCentavos: 10_000,
      brand: 'mastercard',
      last4: '4444',
    });
    const refund = notification('REFUND', {
      pspReference: 'REFUND0000000099',
      originalReference: 'QFQTPCQ8HXSKGK99',
      amount: { currency: 'BRL', value: 4_000 },
      success: 'true',
    });
    second.provider.verifyNotification({}, refund);
    // The same webhook again (Adyen retries until it is answered) counts once.
    second.provider.verifyNotification({}, structuredClone(refund));
    expect(await second.provider.get('QFQTPCQ8HXSKGK99')).toMatchObject({
      status: 'captured',
      refundedCentavos: 4_000,
    });

    const kept = await rows();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ pspReference: 'QFQTPCQ8HXSKGK99', attemptKey: 'key-table' });
    // The encrypted card fields of the token are sent to Adyen, never kept.
    expect(JSON.stringify(kept[0].record)).not.toMatch(/adyenjs_|encrypted/);
  });

  it('records a payment Adyen answered, found by its pspReference with no key', async () => {
    const records = createTableRecordStore(database.db);
    const { provider } = await adapter(
      () => ({
        status: 200,
        body: { resultCode: 'Refused', pspReference: 'REFUSED000000099', refusalReasonCode: '24' },
      }),
      { records },
    );
    expect(await provider.authorize(attempt('key-refused'))).toMatchObject({
      status: 'refused',
      refusal: 'cvv',
    });
    expect(await records.load('REFUSED000000099')).toMatchObject({
      attemptKey: 'key-refused',
      status: 'refused',
    });
    expect(await records.load('NOT-A-PAYMENT')).toBeUndefined();
  });
});
