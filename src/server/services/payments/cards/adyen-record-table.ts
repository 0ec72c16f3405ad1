import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { adyenPayments } from '../../../db/schema';
import type { AdyenPaymentRecord, AdyenRecordStore } from './adyen-records';

// The Adyen adapter's records (adyen-records.ts) in the database (migrations/0092_adyen_payments.sql),
// so what Adyen said survives a restart and is read by every process and the card worker. One row
// per payment, found by Adyen's pspReference or by our attempt's key, whichever the record has.

/** Tries before giving up on a row another process inserts under the same name meanwhile. */
const SAVE_TRIES = 3;

export function createTableRecordStore(db: Db): AdyenRecordStore {
  const read = async (where: ReturnType<typeof eq>) => {
    const [row] = await db.select({ record: adyenPayments.record }).from(adyenPayments).where(where).limit(1);
    return row?.record;
  };
  return {
    load: (pspReference) => read(eq(adyenPayments.pspReference, pspReference)),
    loadByKey: (attemptKey) => read(eq(adyenPayments.attemptKey, attemptKey)),
    async save(record: AdyenPaymentRecord) {
      const { pspReference, attemptKey } = record;
      const names = [
        attemptKey ? eq(adyenPayments.attemptKey, attemptKey) : undefined,
        pspReference ? eq(adyenPayments.pspReference, pspReference) : undefined,
      ].filter((name) => name !== undefined);
      if (names.length === 0) throw new Error('Adyen: a record needs a pspReference or an attempt key');
      for (let tries = 0; tries < SAVE_TRIES; tries += 1) {
        // The row by our key first (it was saved before the call), else by Adyen's reference.
        const [row] = await db
          .select({ id: adyenPayments.id })
          .from(adyenPayments)
          .where(or(...names))
          .orderBy(sql`${adyenPayments.attemptKey} IS NULL`)
          .limit(1);
        if (row) {
          await db
            .update(adyenPayments)
            .set({
              record,
              updatedAt: new Date(),
              ...(pspReference ? { pspReference } : {}),
              ...(attemptKey ? { attemptKey } : {}),
            })
            .where(eq(adyenPayments.id, row.id));
          return;
        }
        const inserted = await db
          .insert(adyenPayments)
          .values({ pspReference, attemptKey, record })
          .onConflictDoNothing()
          .returning({ id: adyenPayments.id });
        if (inserted.length > 0) return;
      }
      throw new Error('Adyen: the payment record could not be saved');
    },
  };
}
