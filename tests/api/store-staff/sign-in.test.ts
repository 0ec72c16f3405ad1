import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupListOperation } from '../../../src/api/store-pickup';
import {
  STAFF_OTHER_STORE_MESSAGE,
  staffListOperation,
  staffSignInOperation,
  staffSignOutOperation,
  staffStatusOperation,
} from '../../../src/api/store-staff';
import { profileOperation } from '../../../src/api/customers';
import { signedInCustomer } from '../customers/accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { rows } from '../orders/checkout';
import { ADMIN_TOKEN, admin, pairedTablet } from '../store-mode/tablet';
import { addStaff, signInStaff, wrongPin } from './staff';

describe.each(databaseKinds)('staff sign-in on a paired tablet on %s', (kind) => {
  let t: TestApp;
  let tablet: { cookie: string; id: number };

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
    tablet = await pairedTablet(t.app, 3);
  });
  afterAll(async () => {
    await t.close();
  });

  const status = (cookie: string) => call(t.app, staffStatusOperation, { cookie });

  it('adds staff with a 6-digit PIN shown once and kept only as scrypt', async () => {
    const added = await admin(t.app, 'POST', '/staff', {
      nome: '  Ana   Souza ',
      loja: 3,
      papel: 'vendedor',
    });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ nome: 'Ana Souza', loja: 3, papel: 'vendedor' });
    expect(String(added.json.pin)).toMatch(/^\d{6}$/);
    const [stored] = await rows<{ pin_hash: string }>(
      t.database,
      sql`SELECT pin_hash FROM store_staff WHERE id = ${Number(added.json.id)}`,
    );
    expect(stored.pin_hash).toMatch(/^scrypt\$/);
    expect(stored.pin_hash).not.toContain(String(added.json.pin));

    const listed = await admin(t.app, 'GET', '/staff?loja=3');
    expect(JSON.stringify(listed.json)).not.toContain(String(added.json.pin));
    expect(listed.json.equipe).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: added.json.id, nome: 'Ana Souza' })]),
    );
    expect((await admin(t.app, 'POST', '/staff', { nome: 'X', loja: 3, papel: 'dono' })).status).toBe(400);
    expect((await admin(t.app, 'POST', '/staff', { nome: 'X', loja: 9, papel: 'vendedor' })).status).toBe(
      400,
    );

    // The tablet offers this store's staff by name, nothing else of them.
    const team = await call(t.app, staffListOperation, { cookie: tablet.cookie });
    expect(team.json.equipe).toContainEqual({ id: added.json.id, nome: 'Ana Souza', papel: 'vendedor' });
    expect((await call(t.app, staffListOperation)).status).toBe(401);
  });

  it('signs in with the PIN, shows who is signed in, and signs out with Sair only the seller', async () => {
    const ana = await addStaff(t.app, 3, 'vendedor', 'Ana');
    const shopper = await signedInCustomer(t.app);
    expect((await status(tablet.cookie)).json.vendedor).toBeNull();
    const staffCookie = await signInStaff(t.app, tablet.cookie, ana);
    const both = `${tablet.cookie}; ${staffCookie}; ${shopper.cookie}`;
    const signedIn = await status(both);
    expect(signedIn.json.vendedor).toEqual({ id: ana.id, nome: 'Ana', papel: 'vendedor' });
    expect(signedIn.headers['cache-control']).toBe('no-store');

    // The staff cookie is not a customer session, and the customer's is not a staff one.
    expect((await call(t.app, profileOperation, { cookie: `${staffCookie}` })).status).toBe(401);
    expect((await status(`${tablet.cookie}; ${shopper.cookie}`)).json.vendedor).toBeNull();

    const out = await call(t.app, staffSignOutOperation, { cookie: both });
    expect(out.status).toBe(200);
    expect((await status(both)).json.vendedor).toBeNull();
    expect((await call(t.app, pickupListOperation, { cookie: both })).status).toBe(401);
    // The shopper on the same tablet is still signed in.
    expect((await call(t.app, profileOperation, { cookie: both })).status).toBe(200);
  });

  it('locks a member for 15 minutes after five wrong PINs, even for the right one, until the lock ends', async () => {
    const bruno = await addStaff(t.app, 3);
    const attempt = (pin: string) =>
      call(t.app, staffSignInOperation, { body: { vendedor: bruno.id, pin }, cookie: tablet.cookie });
    for (let index = 0; index < 4; index += 1) expect((await attempt(wrongPin(bruno.pin))).status).toBe(401);
    const fifth = await attempt(wrongPin(bruno.pin));
    expect(fifth.status).toBe(429);
    expect(fifth.json.resposta).toMatch(/PIN bloqueado/);
    expect((await attempt(bruno.pin)).status).toBe(429);
    const listed = await admin(t.app, 'GET', '/staff?loja=3');
    expect(
      (listed.json.equipe as { id: number; bloqueadoAte: string | null }[]).find((s) => s.id === bruno.id)
        ?.bloqueadoAte,
    ).not.toBeNull();

    // 15 minutes later (moved in the database, not waited for).
    await t.database.db.execute(
      sql`UPDATE store_staff SET locked_until = now() - interval '1 second' WHERE id = ${bruno.id}`,
    );
    expect((await attempt(bruno.pin)).status).toBe(200);

    // Another member is not locked by someone else's misses; a right PIN resets the count.
    for (let index = 0; index < 4; index += 1) expect((await attempt(wrongPin(bruno.pin))).status).toBe(401);
    expect((await attempt(bruno.pin)).status).toBe(200);
    expect((await attempt(wrongPin(bruno.pin))).status).toBe(401);
  });

  it('lets a new PIN from staff:reset-pin in (lock lifted) and ends the member with staff:remove', async () => {
    const carla = await addStaff(t.app, 3);
    const staffCookie = await signInStaff(t.app, tablet.cookie, carla);
    const reset = await admin(t.app, 'POST', `/staff/${carla.id}/reset-pin`);
    expect(reset.status).toBe(200);
    const pin = String(reset.json.pin);
    // The reset ends the session signed in with the old PIN, and the old PIN stops working.
    expect((await status(`${tablet.cookie}; ${staffCookie}`)).json.vendedor).toBeNull();
    if (pin !== carla.pin)
      expect(
        (
          await call(t.app, staffSignInOperation, {
            body: { vendedor: carla.id, pin: carla.pin },
            cookie: tablet.cookie,
          })
        ).status,
      ).toBe(401);
    const again = await signInStaff(t.app, tablet.cookie, { ...carla, pin });
    expect((await admin(t.app, 'POST', `/staff/${carla.id}/remove`)).status).toBe(200);
    expect((await status(`${tablet.cookie}; ${again}`)).json.vendedor).toBeNull();
    expect(
      (await call(t.app, staffSignInOperation, { body: { vendedor: carla.id, pin }, cookie: tablet.cookie }))
        .status,
    ).toBe(401);
    expect((await admin(t.app, 'POST', `/staff/${carla.id}/remove`)).status).toBe(404);
  });

  it('refuses a member of another store, and a staff cookie on another tablet or without one', async () => {
    const elsewhere = await addStaff(t.app, 1);
    const refused = await call(t.app, staffSignInOperation, {
      body: { vendedor: elsewhere.id, pin: elsewhere.pin },
      cookie: tablet.cookie,
    });
    expect(refused.status).toBe(403);
    expect(refused.json.resposta).toBe(STAFF_OTHER_STORE_MESSAGE);

    const dora = await addStaff(t.app, 3);
    const staffCookie = await signInStaff(t.app, tablet.cookie, dora);
    const sameStore = await pairedTablet(t.app, 3);
    expect((await status(`${sameStore.cookie}; ${staffCookie}`)).json.vendedor).toBeNull();
    expect((await call(t.app, pickupListOperation, { cookie: staffCookie })).status).toBe(401);
    expect(
      (await call(t.app, staffSignInOperation, { body: { vendedor: dora.id, pin: dora.pin } })).status,
    ).toBe(401);
    expect(
      (
        await call(t.app, staffSignInOperation, {
          body: { vendedor: dora.id, pin: '12' },
          cookie: tablet.cookie,
        })
      ).status,
    ).toBe(400);
  });

  it('ends a staff session after 5 minutes without a staff call, as the tablet idle sign-out does', async () => {
    const edu = await addStaff(t.app, 3);
    const staffCookie = await signInStaff(t.app, tablet.cookie, edu);
    const cookie = `${tablet.cookie}; ${staffCookie}`;
    await t.database.db.execute(
      sql`UPDATE staff_sessions SET last_seen_at = now() - interval '4 minutes' WHERE staff_id = ${edu.id}`,
    );
    expect((await call(t.app, pickupListOperation, { cookie })).status).toBe(200);
    await t.database.db.execute(
      sql`UPDATE staff_sessions SET last_seen_at = now() - interval '301 seconds' WHERE staff_id = ${edu.id}`,
    );
    expect((await call(t.app, pickupListOperation, { cookie })).status).toBe(401);
  });
});
