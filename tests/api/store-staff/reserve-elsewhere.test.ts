import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderOperation } from '../../../src/api/place-order';
import { pickupListOperation } from '../../../src/api/store-pickup';
import { signedInCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { buildPayload, makeProduct, newMov, rows } from '../orders/checkout';
import { ADMIN_TOKEN, pairedTablet } from '../store-mode/tablet';
import { addStaff, signInStaff } from './staff';

// 'Reservar na Loja X': a tablet of one store sells a pickup at another; the units come from that
// store's stock in the order's transaction, so concurrent reservations never oversell it.

describe.each(databaseKinds)('reserving at another store on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the units from that store once each, never below zero, and the orders reach its counter', async () => {
    const mixer = await makeProduct(t.database, { price: 30_000, stock: 50 });
    await t.database.db.execute(
      sql`INSERT INTO store_stock (store_id, idprd, quantity) VALUES (1, ${mixer.idprd}, 0), (3, ${mixer.idprd}, 3)
          ON CONFLICT (store_id, idprd) DO UPDATE SET quantity = excluded.quantity`,
    );
    const here = await pairedTablet(t.app, 1);
    const seller = await addStaff(t.app, 1);
    const tabletCookies = `${here.cookie}; ${await signInStaff(t.app, here.cookie, seller)}`;

    // Five shoppers at the store-1 tablet reserve one unit each at store 3, all at once.
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => signedInCustomer(t.app)));
    const payloads = await Promise.all(
      shoppers.map(async (shopper) => {
        const mov = await newMov(t.app, shopper);
        const built = await buildPayload(t, shopper, mov, {
          lines: [{ product: mixer, quantity: 1 }],
          tipo: 'credit',
          shippingId: 103,
          loja: 3,
        });
        return { shopper, payload: built.payload };
      }),
    );
    const answers = await Promise.all(
      payloads.map(({ shopper, payload }) =>
        call(t.app, placeOrderOperation, { body: payload, cookie: `${shopper.cookie}; ${tabletCookies}` }),
      ),
    );
    const placed = answers.filter((answer) => answer.status === 200);
    expect(placed).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.status !== 200))
      expect([refused.status, refused.json.resposta]).toEqual([
        406,
        expect.stringMatching(/estoque|dispon/i),
      ]);

    const [left] = await rows<{ quantity: number }>(
      t.database,
      sql`SELECT quantity FROM store_stock WHERE store_id = 3 AND idprd = ${mixer.idprd}`,
    );
    expect(Number(left.quantity)).toBe(0);
    const ids = placed.map((answer) => answer.json.id);
    const recorded = await rows<{ pickup_store: number; sale_store_id: number; sale_staff_id: number }>(
      t.database,
      sql`SELECT pickup_store, sale_store_id, sale_staff_id FROM orders WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )})`,
    );
    // Picked up at store 3; sold by store 1 and its seller.
    expect(
      recorded.map((row) => [Number(row.pickup_store), Number(row.sale_store_id), Number(row.sale_staff_id)]),
    ).toEqual(ids.map(() => [3, 1, seller.id]));

    const there = await pairedTablet(t.app, 3);
    const colleague = await addStaff(t.app, 3);
    const counter = await call(t.app, pickupListOperation, {
      cookie: `${there.cookie}; ${await signInStaff(t.app, there.cookie, colleague)}`,
    });
    expect(counter.json.pedidos.map((row) => row.id)).toEqual(expect.arrayContaining(ids));
  });
});
