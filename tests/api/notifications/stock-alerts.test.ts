// 'Avise-me quando chegar' (issue 41 item 3, docs/stock-alerts.md): asked while a product is out of
// stock online or at a store, sent once by e-mail and push when it is back, cancelled by its link.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STOCK_ALERT_BAD_LINK_MESSAGE,
  STOCK_ALERT_CHANNEL_MESSAGE,
  STOCK_ALERT_NO_DEVICE_MESSAGE,
  STOCK_ALERT_PUSH_SIGNED_OUT_MESSAGE,
  stockAlertCancelOperation,
  stockAlertOperation,
} from '../../../src/api/stock-alerts';
import { pushSubscribeOperation } from '../../../src/api/notifications';
import { accountErasureOperation, personalDataExportOperation } from '../../../src/api/personal-data';
import { runNotificationCommand } from '../../../src/server/cli-notifications';
import { dispatchStockAlerts } from '../../../src/server/services/stock-alerts';
import { printedOn } from '../../cli-output';
import { PASSWORD, signedInCustomer, type TestCustomer } from '../customers/accounts';
import { call, databaseKinds, type TestApp } from '../helpers';
import { ADMIN_TOKEN, makeProduct, pixOrder, rows, stockOf, type TestProduct } from '../orders/checkout';
import {
  appWithPushService,
  newDevice,
  PUBLIC_URL,
  removeCertificate,
  type TestPushService,
} from './push-service';

describe.each(databaseKinds)("'Avise-me quando chegar' on %s", (kind) => {
  let t: TestApp;
  let push: TestPushService;
  let watcher: TestCustomer;
  let buyer: TestCustomer;
  let device: ReturnType<typeof newDevice>;
  let made = 0;

  beforeAll(async () => {
    ({ t, push } = await appWithPushService(kind, { RATE_LIMIT_PER_ACCOUNT: '3' }));
    watcher = await signedInCustomer(t.app);
    buyer = await signedInCustomer(t.app);
    device = newDevice(`${push.url}/watcher`);
    const subscribed = await call(t.app, pushSubscribeOperation, {
      body: device.subscription,
      cookie: watcher.cookie,
    });
    expect(subscribed.status).toBe(200);
  });
  afterAll(async () => {
    await push.close();
    await t.close();
  });
  afterAll(removeCertificate);

  /** A fresh address per use: the per-address limit of 3 is tested on its own. */
  const newEmail = () => `aviso${++made}.${kind}@example.com.br`;
  const ask = (body: unknown, customer?: TestCustomer) =>
    call(t.app, stockAlertOperation, { body, ...(customer ? { cookie: customer.cookie } : {}) });
  const cancel = (token: string) => call(t.app, stockAlertCancelOperation, { body: { token } });
  const admin = (url: string) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: {} });
  const mails = (to: string, kindOfMail: string) =>
    rows<{ subject: string; body: string; html: string }>(
      t.database,
      sql`SELECT subject, body, html FROM mail_outbox WHERE to_address = ${to} AND kind = ${kindOfMail} ORDER BY id`,
    );
  const alertPushes = (idprd: number) =>
    rows<{ id: number }>(
      t.database,
      sql`SELECT o.id FROM push_outbox o JOIN stock_alerts a ON a.id = o.stock_alert_id WHERE a.idprd = ${idprd}`,
    );
  const tokenIn = (body: string) => /\/avise-me\/cancelar\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  /** A product whose last unit the buyer has just ordered (the order is returned by `putBack`). */
  async function soldOut(): Promise<{ product: TestProduct; putBack: () => Promise<void> }> {
    const product = await makeProduct(t.database, { price: 4_590, stock: 1 });
    const sell = async () => {
      const order = await pixOrder(t.app, t.database, buyer, [{ product, quantity: 1 }]);
      expect(await stockOf(t.database, product.idprd)).toBe(0);
      return order;
    };
    let order = await sell();
    return {
      product,
      putBack: async () => {
        // Staff cancel the unpaid order: its unit goes back to stock.
        expect((await admin(`/admin/orders/${order.id}/cancel`)).statusCode).toBe(200);
        expect(await stockOf(t.database, product.idprd)).toBe(1);
        await t.app.notifications.runOnce();
        order = await sell();
      },
    };
  }

  it('tells the e-mail and the push devices once when the product is back, never twice', async () => {
    const { product, putBack } = await soldOut();
    const email = newEmail();
    const byMail = await ask({ idprd: product.idprd, email });
    expect(byMail.status, byMail.raw).toBe(201);
    expect(byMail.json.resposta).toBe(`Pronto: avisaremos em ${email} quando chegar.`);
    expect(byMail.headers['cache-control']).toBe('no-store');
    const byPush = await ask({ idprd: product.idprd, push: true }, watcher);
    expect(byPush.status, byPush.raw).toBe(201);
    // Asked again while waiting: still one alert, and one confirmation e-mail.
    expect((await ask({ idprd: product.idprd, email: email.toUpperCase() })).status).toBe(201);
    const asked = await mails(email, 'stock-alert-asked');
    expect(asked).toHaveLength(1);
    expect(asked[0].subject).toBe(`Aviso registrado: ${product.name}`);
    expect(tokenIn(asked[0].body)).toBeDefined();

    // Nothing while it is out of stock.
    await t.app.notifications.runOnce();
    expect(await mails(email, 'stock-alert')).toEqual([]);
    expect(await alertPushes(product.idprd)).toEqual([]);

    const before = push.received.length;
    await putBack();
    const sent = await mails(email, 'stock-alert');
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe(`Chegou: ${product.name}`);
    expect(sent[0].body).toContain(`está disponível na loja online`);
    expect(sent[0].body).toContain(`${PUBLIC_URL}/produto/${product.idprd}`);
    expect(sent[0].body).toContain(`${PUBLIC_URL}/avise-me/cancelar?token=${tokenIn(asked[0].body)}`);
    expect(sent[0].html).toContain('Cancelar este aviso');
    expect(await alertPushes(product.idprd)).toHaveLength(1);
    const arrived = push.received.slice(before).filter((p) => p.path === '/watcher');
    expect(arrived).toHaveLength(1);
    const message = JSON.parse(device.decrypt(arrived[0].body));
    expect(message.notification).toMatchObject({
      title: 'Chegou o que você esperava',
      body: `${product.name} está disponível na loja online.`,
      navigate: `${PUBLIC_URL}/produto/${product.idprd}`,
      tag: `estoque-${product.idprd}`,
    });
    expect(JSON.stringify(message)).not.toContain(watcher.email);
    const listing = await printedOn(t.app, ADMIN_TOKEN, runNotificationCommand, 'push:latest', {
      limit: '10',
    });
    expect(listing).toContain(`  aviso de estoque  "Chegou o que você esperava"`);

    // Out of stock and back a second time: the alert was told once, nothing more.
    await putBack();
    expect(await mails(email, 'stock-alert')).toHaveLength(1);
    expect(await alertPushes(product.idprd)).toHaveLength(1);
    expect(push.received.slice(before).filter((p) => p.path === '/watcher')).toHaveLength(1);
    // Its link now says the alert was sent and is not repeated.
    const late = await cancel(tokenIn(asked[0].body)!);
    expect(late.status).toBe(200);
    expect(late.json.resposta).toBe('Este aviso já foi enviado e não se repete: nenhum outro será enviado.');
  });

  it('answers an alert for a product in stock, an unknown one, or one without a channel sensibly', async () => {
    const inStock = await makeProduct(t.database, { price: 1_000, stock: 5 });
    const refused = await ask({ idprd: inStock.idprd, email: newEmail() });
    expect(refused.status).toBe(409);
    expect(refused.json.resposta).toBe('Este produto está disponível na loja online: não é preciso aviso.');
    expect((await ask({ idprd: 99_999_999, email: newEmail() })).status).toBe(404);

    const noChannel = await ask({ idprd: inStock.idprd });
    expect(noChannel.status).toBe(400);
    expect(noChannel.json.resposta).toContain(STOCK_ALERT_CHANNEL_MESSAGE);
    const badEmail = await ask({ idprd: inStock.idprd, email: 'não é e-mail' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json.resposta).toContain('E-mail inválido.');
    expect((await ask({ idprd: inStock.idprd, loja: 99, email: newEmail() })).status).toBe(400);

    const { product } = await soldOut();
    const signedOut = await ask({ idprd: product.idprd, push: true });
    expect(signedOut.status).toBe(401);
    expect(signedOut.json.resposta).toBe(STOCK_ALERT_PUSH_SIGNED_OUT_MESSAGE);
    // Signed in, but no device registered for pushes.
    const noDevice = await ask({ idprd: product.idprd, push: true }, buyer);
    expect(noDevice.status).toBe(409);
    expect(noDevice.json.resposta).toBe(STOCK_ALERT_NO_DEVICE_MESSAGE);
    expect(await rows(t.database, sql`SELECT id FROM stock_alerts WHERE idprd = ${inStock.idprd}`)).toEqual(
      [],
    );
  });

  it('watches the store asked: back online does not tell an alert for a store, back at the store does', async () => {
    const product = await makeProduct(t.database, { price: 2_500, stock: 4 });
    await t.database.db.execute(
      sql`UPDATE store_stock SET quantity = 0 WHERE idprd = ${product.idprd} AND store_id = 2`,
    );
    const atStore3 = await ask({ idprd: product.idprd, loja: 3, email: newEmail() });
    expect(atStore3.status).toBe(409);
    expect(atStore3.json.resposta).toBe(
      'Este produto está disponível na Loja Barão Geraldo: não é preciso aviso.',
    );
    const email = newEmail();
    expect((await ask({ idprd: product.idprd, loja: 2, email })).status).toBe(201);
    await t.app.notifications.runOnce();
    expect(await mails(email, 'stock-alert')).toEqual([]);

    // The retailer's own stock update brings it back to that store.
    await t.database.db.execute(
      sql`UPDATE store_stock SET quantity = 3 WHERE idprd = ${product.idprd} AND store_id = 2`,
    );
    await t.app.notifications.runOnce();
    const sent = await mails(email, 'stock-alert');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain(
      `${product.name}, que você pediu para avisar, está disponível na Loja Taquaral.`,
    );
  });

  it('cancels by the e-mail link once, without signing in; a forged link is refused', async () => {
    const { product, putBack } = await soldOut();
    const email = newEmail();
    expect((await ask({ idprd: product.idprd, email })).status).toBe(201);
    const token = tokenIn((await mails(email, 'stock-alert-asked'))[0].body)!;

    const cancelled = await cancel(token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers['cache-control']).toBe('no-store');
    expect(cancelled.json.resposta).toBe(`Aviso cancelado: você não será avisado sobre ${product.name}.`);
    const again = await cancel(token);
    expect(again.status).toBe(200);
    expect(again.json.resposta).toBe('Este aviso já estava cancelado.');

    const forged = await cancel(`${token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(404);
    expect(forged.json.resposta).toBe(STOCK_ALERT_BAD_LINK_MESSAGE);
    expect((await cancel('curto')).status).toBe(400);

    await putBack();
    expect(await mails(email, 'stock-alert')).toEqual([]);
  });

  it('limits how often one address is asked for (a flood of e-mails to someone)', async () => {
    const { product } = await soldOut();
    const email = newEmail();
    for (let i = 0; i < 3; i += 1) expect((await ask({ idprd: product.idprd, email })).status).toBe(201);
    const limited = await ask({ idprd: product.idprd, email });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json.resposta).toMatch(/^Muitas tentativas em pouco tempo/);
  });

  it("is in 'Baixar meus dados' and goes with 'Excluir minha conta' (LGPD)", async () => {
    const { product } = await soldOut();
    const customer = await signedInCustomer(t.app);
    const phoneOf = newDevice(`${push.url}/lgpd`);
    expect(
      (await call(t.app, pushSubscribeOperation, { body: phoneOf.subscription, cookie: customer.cookie }))
        .status,
    ).toBe(200);
    expect((await ask({ idprd: product.idprd, push: true }, customer)).status).toBe(201);
    // Typed signed out, with the account's address.
    expect((await ask({ idprd: product.idprd, email: customer.email })).status).toBe(201);

    const exported = await call(t.app, personalDataExportOperation, { cookie: customer.cookie });
    expect(exported.status).toBe(200);
    const kindOf = exported.json.dados.find((entry) => entry.chave === 'avisos-estoque');
    expect(kindOf?.tabelas.stock_alerts).toHaveLength(2);
    expect(JSON.stringify(kindOf)).not.toContain('cancel_token');

    const erased = await call(t.app, accountErasureOperation, {
      body: { senha: PASSWORD },
      cookie: customer.cookie,
    });
    expect(erased.status, erased.raw).toBe(200);
    expect(
      await rows(
        t.database,
        sql`SELECT id FROM stock_alerts WHERE customer_id = ${customer.id} OR email = ${customer.email}`,
      ),
    ).toEqual([]);
  });

  if (kind === 'postgres')
    it('sends once when two instances run their round at the same moment', async () => {
      const { product } = await soldOut();
      const email = newEmail();
      expect((await ask({ idprd: product.idprd, email })).status).toBe(201);
      await t.database.db.execute(sql`UPDATE stock SET quantity = 2 WHERE idprd = ${product.idprd}`);

      // The first instance claims the alert and is held inside its transaction by the test.
      let claimed!: () => void;
      const hasClaimed = new Promise<void>((resolve) => (claimed = resolve));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const context = { db: t.database.db, log: t.app.log, publicUrl: PUBLIC_URL, mailDelivery: null };
      const first = dispatchStockAlerts({
        ...context,
        afterClaim: async () => {
          claimed();
          await held;
        },
      });
      await hasClaimed;
      // The second instance's round, on another connection, skips what the first holds.
      expect(await dispatchStockAlerts(context)).toBe(0);
      release();
      expect(await first).toBeGreaterThanOrEqual(1);
      // And once the first has committed, the alert is sent: nothing for a later round.
      expect(await dispatchStockAlerts(context)).toBe(0);
      expect(await mails(email, 'stock-alert')).toHaveLength(1);
    });
});
