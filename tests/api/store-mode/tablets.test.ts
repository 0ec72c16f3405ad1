import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  storeStockOperation,
  storeCatalogueStockOperation,
  pairTabletOperation,
  handOffCartOperation,
  tabletStatusOperation,
  NOT_PAIRED_MESSAGE,
  PAIRING_INVALID_MESSAGE,
  REVOKED_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '../../../src/api/store-mode';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { ADMIN_TOKEN, admin, pairedTablet, pairingCode } from './tablet';

describe.each(databaseKinds)('paired tablets on %s', (kind) => {
  let t: TestApp;
  let idprd: number;

  beforeAll(async () => {
    t = await buildTestApp(kind, { ADMIN_TOKEN });
    const found = (await t.database.db.execute(
      sql`SELECT p.idprd FROM products p JOIN lotes l ON l.idprd = p.idprd ORDER BY p.idprd LIMIT 1`,
    )) as unknown as { rows: { idprd: number }[] };
    idprd = Number(found.rows[0].idprd);
  });
  afterAll(async () => {
    await t.close();
  });

  it('pairs with a one-time code: an HttpOnly credential, and the code cannot pair twice', async () => {
    const codigo = await pairingCode(t.app, 2);
    expect(codigo).toMatch(/^[A-Z2-9]{8}$/);
    // Typed in lower case with a space, as a person might.
    const typed = `${codigo.slice(0, 4).toLowerCase()} ${codigo.slice(4)}`;
    const paired = await call(t.app, pairTabletOperation, { body: { codigo: typed } });
    expect(paired.status, paired.raw).toBe(200);
    expect(paired.json.loja).toEqual({ id: 2, nome: 'Loja Taquaral' });
    const setCookie = String(paired.headers['set-cookie']);
    expect(setCookie).toMatch(/^tablet=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(paired.headers['cache-control']).toBe('no-store');

    const again = await call(t.app, pairTabletOperation, { body: { codigo } });
    expect(again.status).toBe(401);
    expect(again.json.resposta).toBe(PAIRING_INVALID_MESSAGE);
    // The database keeps the code's hash only.
    const stored = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM tablet_pairing_codes WHERE code_hash = ${codigo}`,
    )) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0].n).toBe(0);
  });

  it('refuses an expired code', async () => {
    const codigo = await pairingCode(t.app, 1);
    await t.database.db.execute(
      sql`UPDATE tablet_pairing_codes SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    const late = await call(t.app, pairTabletOperation, { body: { codigo } });
    expect(late.status).toBe(401);
    expect(late.json.resposta).toBe(PAIRING_INVALID_MESSAGE);
  });

  it('answers staff calls only with a live credential, never from the cache', async () => {
    const tablet = await pairedTablet(t.app, 3);
    const status = await call(t.app, tabletStatusOperation, { cookie: tablet.cookie });
    expect(status.status).toBe(200);
    expect(status.json).toEqual({ loja: { id: 3, nome: 'Loja Barão Geraldo' }, tablet: { id: tablet.id } });
    expect(status.headers['cache-control']).toBe('no-store');

    const stock = await call(t.app, storeStockOperation, { query: { codigo: idprd }, cookie: tablet.cookie });
    expect(stock.status, stock.raw).toBe(200);
    expect(stock.headers['cache-control']).toBe('no-store');
    // This tablet's store first, then the four others; a tile's store total is its lotes' sum.
    expect(stock.json.lojas.map((loja) => loja.id)).toEqual([3, 1, 2, 4, 5]);
    for (const loja of stock.json.lojas) {
      expect(loja.lotes.length).toBeGreaterThan(0);
      expect(loja.estoque).toBe(loja.lotes.reduce((sum, lote) => sum + lote.estoque, 0));
    }

    const without = [
      await call(t.app, tabletStatusOperation),
      await call(t.app, storeStockOperation, { query: { codigo: idprd } }),
      await call(t.app, storeCatalogueStockOperation),
      await call(t.app, handOffCartOperation, { body: { produtos: [{ id: idprd, quantity: 1 }] } }),
      await call(t.app, tabletStatusOperation, { cookie: 'tablet=forjado-0123456789' }),
    ];
    for (const answer of without) {
      expect(answer.status).toBe(401);
      expect(answer.json.resposta).toBe(NOT_PAIRED_MESSAGE);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('lists and revokes a tablet; the revoked credential is refused', async () => {
    const tablet = await pairedTablet(t.app, 5);
    const listed = await admin(t.app, 'GET', '/tablets');
    expect(listed.json.tablets).toContainEqual(
      expect.objectContaining({ id: tablet.id, loja: 'Loja Amoreiras', revogadoEm: null }),
    );
    const revoked = await admin(t.app, 'POST', `/tablets/${tablet.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toEqual({ id: tablet.id, loja: 'Loja Amoreiras' });
    for (const answer of [
      await call(t.app, tabletStatusOperation, { cookie: tablet.cookie }),
      await call(t.app, storeStockOperation, { query: { codigo: idprd }, cookie: tablet.cookie }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.json.resposta).toBe(REVOKED_MESSAGE);
    }
    expect((await admin(t.app, 'POST', '/tablets/999999/revoke')).status).toBe(404);
    expect((await admin(t.app, 'POST', '/tablets/pairing-codes', { loja: 6 })).status).toBe(400);
  });

  it('gives the downloaded catalogue every product with five store figures', async () => {
    const tablet = await pairedTablet(t.app, 1);
    const all = await call(t.app, storeCatalogueStockOperation, { cookie: tablet.cookie });
    expect(all.status).toBe(200);
    expect(all.json.lojas.map((loja) => loja.id)).toEqual([1, 2, 3, 4, 5]);
    const single = await call(t.app, storeStockOperation, {
      query: { codigo: idprd },
      cookie: tablet.cookie,
    });
    expect(all.json.estoque[String(idprd)]).toEqual(
      [1, 2, 3, 4, 5].map((id) => single.json.lojas.find((loja) => loja.id === id)!.estoque),
    );
  });

  it('limits pairing attempts per address', async () => {
    const from = { remoteAddress: '10.9.8.7' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/datasnap/rest/TFireFlay/LOJA_PAREAR',
        payload: { codigo: 'ABCDEFGH' },
        ...from,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Even the right code waits out the window from that address.
    const codigo = await pairingCode(t.app, 1);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/datasnap/rest/TFireFlay/LOJA_PAREAR',
      payload: { codigo },
      ...from,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().resposta).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it('counts only wrong codes: a store pairs more tablets than the limit from one address', async () => {
    const from = { remoteAddress: '10.9.8.6' };
    const pair = async (codigo: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/datasnap/rest/TFireFlay/LOJA_PAREAR',
          payload: { codigo },
          ...from,
        })
      ).statusCode;
    const statuses: number[] = [];
    for (let tablet = 0; tablet < 12; tablet += 1) statuses.push(await pair(await pairingCode(t.app, 2)));
    expect(statuses).toEqual(Array(12).fill(200));
    // Wrong codes from that address still count to the limit.
    const wrong: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) wrong.push(await pair('ABCDEFGH'));
    expect(wrong.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(wrong[10]).toBe(429);
  });
});
