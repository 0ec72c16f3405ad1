import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUSH_INVALID_MESSAGE,
  PUSH_SIGNED_OUT_MESSAGE,
  pushKeyOperation,
  pushMessage,
  pushSubscribeOperation,
  pushUnsubscribeOperation,
} from '../../../src/api/notifications';
import { formatBRL } from '../../../src/domain/money';
import { installments } from '../../../src/domain/payment-options';
import { PHYSICAL_STORES, trackingUrl } from '../../../src/domain/store';
import { runNotificationCommand } from '../../../src/server/cli-notifications';
import { advanceOrder } from '../../../src/server/services/orders/stages';
import { recordOrderEvent } from '../../../src/server/services/order-events';
import { printedOn } from '../../cli-output';
import { signedInCustomer, type TestCustomer } from '../customers/accounts';
import { call, databaseKinds, type TestApp } from '../helpers';
import {
  ADMIN_TOKEN,
  makeProduct,
  payAndNotify,
  pixOrder,
  placeOrder,
  rows,
  type TestProduct,
} from '../orders/checkout';
import {
  appWithPushService,
  newDevice,
  PUBLIC_URL,
  removeCertificate,
  startPushService,
  vapidClaims,
  type TestPushService,
} from './push-service';

describe.each(databaseKinds)('order notifications on %s', (kind) => {
  let t: TestApp;
  let push: TestPushService;
  let buyer: TestCustomer;
  let other: TestCustomer;
  let drill: TestProduct;

  beforeAll(async () => {
    ({ t, push } = await appWithPushService(kind));
    buyer = await signedInCustomer(t.app);
    other = await signedInCustomer(t.app);
    drill = await makeProduct(t.database, { price: 12_990, stock: 100 });
  });
  afterAll(async () => {
    await push.close();
    await t.close();
  });
  afterAll(removeCertificate);

  const subscribe = (customer: TestCustomer | null, body: unknown) =>
    call(t.app, pushSubscribeOperation, {
      body: body as never,
      ...(customer ? { cookie: customer.cookie } : {}),
    });
  const devicesOf = (customer: TestCustomer) =>
    rows<{ endpoint: string; p256dh: string }>(
      t.database,
      sql`SELECT endpoint, p256dh FROM push_subscriptions WHERE customer_id = ${customer.id} ORDER BY id`,
    );

  it('subscribes a device only for the session, refuses bad bodies in pt-BR, and never touches another customer', async () => {
    const device = newDevice(`${push.url}/rules`);
    const signedOut = await subscribe(null, device.subscription);
    expect(signedOut.status).toBe(401);
    expect(signedOut.json.resposta).toBe(PUSH_SIGNED_OUT_MESSAGE);

    for (const bad of [
      {},
      { endpoint: 'não é um endereço', keys: device.subscription.keys },
      {
        endpoint: device.subscription.endpoint,
        keys: { p256dh: 'curta', auth: device.subscription.keys.auth },
      },
      // A host outside the push services (an internal address) is never posted to.
      { endpoint: 'https://10.0.0.5/push/1', keys: device.subscription.keys },
    ]) {
      const refused = await subscribe(buyer, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.json.resposta).toContain(PUSH_INVALID_MESSAGE);
    }
    expect(await devicesOf(buyer)).toEqual([]);

    expect((await subscribe(buyer, device.subscription)).status).toBe(200);
    // The browser renewed the subscription: same endpoint, new keys, still one device.
    const renewed = newDevice(device.subscription.endpoint);
    expect((await subscribe(buyer, renewed.subscription)).status).toBe(200);
    expect(await devicesOf(buyer)).toEqual([
      { endpoint: device.subscription.endpoint, p256dh: renewed.subscription.keys.p256dh },
    ]);

    // Another customer cannot remove it.
    const foreign = await call(t.app, pushUnsubscribeOperation, {
      body: { endpoint: device.subscription.endpoint },
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(200);
    expect(await devicesOf(buyer)).toHaveLength(1);
    // Its owner can (sign-out does this first).
    const removed = await call(t.app, pushUnsubscribeOperation, {
      body: { endpoint: device.subscription.endpoint },
      cookie: buyer.cookie,
    });
    expect(removed.status).toBe(200);
    expect(await devicesOf(buyer)).toEqual([]);
  });

  it('pushes a paid order to every device of its customer, encrypted for each and signed with the VAPID key', async () => {
    const phone = newDevice(`${push.url}/phone`);
    const tablet = newDevice(`${push.url}/tablet`);
    const stranger = newDevice(`${push.url}/stranger`);
    expect((await subscribe(buyer, phone.subscription)).status).toBe(200);
    expect((await subscribe(buyer, tablet.subscription)).status).toBe(200);
    expect((await subscribe(other, stranger.subscription)).status).toBe(200);
    const key = (await call(t.app, pushKeyOperation, {})).json.chave;

    const order = await pixOrder(t.app, t.database, buyer, [{ product: drill, quantity: 1 }]);
    expect((await payAndNotify(t.app, order.pix.payload)).resultado).toBe('pago');
    const before = push.received.length;
    await t.app.notifications.runOnce();
    const arrived = push.received.slice(before);
    expect(arrived.map((p) => p.path).sort()).toEqual(['/phone', '/tablet']);

    for (const [device, path] of [
      [phone, '/phone'],
      [tablet, '/tablet'],
    ] as const) {
      const request = arrived.find((p) => p.path === path)!;
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(request.headers.ttl)).toBeGreaterThan(0);
      const claims = vapidClaims(request.headers.authorization);
      expect(claims.key).toBe(key);
      expect(claims.aud).toBe(push.url);
      expect(claims.sub).toBe('mailto:atendimento@casaeobra.com.br');
      const message = pushMessage.parse(JSON.parse(device.decrypt(request.body)));
      expect(message.pedido).toBe(order.id);
      expect(message.web_push).toBe(8030);
      expect(message.notification.title).toBe('Pagamento confirmado');
      expect(message.notification.body).toBe(`Pedido ${order.id}: recebemos o seu pagamento.`);
      expect(message.notification.tag).toBe(`pedido-${order.id}`);
      expect(message.notification.navigate).toBe(`${PUBLIC_URL}/detalhes_pedido/${order.id}`);
      // Nothing personal: not the name, the e-mail or the amount.
      expect(JSON.stringify(message)).not.toContain(buyer.nome.split(' ')[0]);
      expect(JSON.stringify(message)).not.toContain(buyer.email);
    }

    // The next stage, with its tracking code, replaces the notification (same tag).
    await advanceOrder(t.database.db, order.id);
    await advanceOrder(t.database.db, order.id);
    await advanceOrder(t.database.db, order.id, 'BR123456789BR');
    const mark = push.received.length;
    await t.app.notifications.runOnce();
    const dispatched = push.received
      .slice(mark)
      .filter((p) => p.path === '/phone')
      .map((p) => pushMessage.parse(JSON.parse(phone.decrypt(p.body))).notification);
    expect(dispatched.map((n) => n.title)).toEqual([
      'Pedido faturado',
      'Nota fiscal emitida',
      'Pedido enviado',
    ]);
    expect(dispatched[2].body).toBe(`Pedido ${order.id} foi despachado. Código de rastreio: BR123456789BR.`);
    expect(new Set(dispatched.map((n) => n.tag))).toEqual(new Set([`pedido-${order.id}`]));
    // Sent once: another round sends nothing again.
    const settled = push.received.length;
    await t.app.notifications.runOnce();
    expect(push.received.length).toBe(settled);

    // push:latest lists them with their outcome and the push service's host, never the endpoint.
    const latest = await t.app.inject({
      method: 'GET',
      url: '/admin/push/latest?limit=3',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(latest.statusCode).toBe(200);
    const { pushes } = latest.json() as { pushes: Array<Record<string, unknown>> };
    expect(pushes[0]).toMatchObject({
      pedido: order.id,
      titulo: 'Pedido enviado',
      servico: new URL(push.url).host,
      status: 'sent',
      tentativas: 1,
      ultimoStatus: 201,
    });
    expect(latest.body).not.toContain('/phone');
    const listing = await printedOn(t.app, ADMIN_TOKEN, runNotificationCommand, 'push:latest', {
      limit: '3',
    });
    expect(listing).toContain(`  pedido ${order.id}  "Pedido enviado"`);
  });

  it('deletes a subscription the push service says is gone (404, 410), and retries other failures', async () => {
    const customer = await signedInCustomer(t.app);
    const gone = newDevice(`${push.url}/gone`);
    const expired = newDevice(`${push.url}/expired`);
    const flaky = newDevice(`${push.url}/flaky`);
    for (const device of [gone, expired, flaky])
      expect((await subscribe(customer, device.subscription)).status).toBe(200);
    push.answer('/gone', 410);
    push.answer('/expired', 404);
    push.answer('/flaky', 503);

    const order = await pixOrder(t.app, t.database, customer, [{ product: drill, quantity: 1 }]);
    await payAndNotify(t.app, order.pix.payload);
    await t.app.notifications.runOnce();
    expect((await devicesOf(customer)).map((d) => d.endpoint)).toEqual([flaky.subscription.endpoint]);
    const [retry] = await rows<{ status: string; attempts: number; last_status: number; last_error: string }>(
      t.database,
      sql`SELECT o.status, o.attempts, o.last_status, o.last_error FROM push_outbox o
          JOIN push_subscriptions s ON s.id = o.subscription_id WHERE s.endpoint = ${flaky.subscription.endpoint}`,
    );
    expect(retry).toMatchObject({ status: 'pending', attempts: 1, last_status: 503 });
    // The endpoint (a capability URL) is in no error text and no log line.
    expect(retry.last_error).not.toContain('/flaky');
    expect(t.logLines.join('')).not.toContain(flaky.subscription.endpoint);
  });

  it('lets requests go on while a push service hangs, and still reaches the other devices', async () => {
    const customer = await signedInCustomer(t.app);
    const slow = newDevice(`${push.url}/slow`);
    const quick = newDevice(`${push.url}/quick`);
    push.answer('/slow', 'hang');
    expect((await subscribe(customer, slow.subscription)).status).toBe(200);
    expect((await subscribe(customer, quick.subscription)).status).toBe(200);
    const order = await pixOrder(t.app, t.database, customer, [{ product: drill, quantity: 1 }]);
    // Paying answers without sending anything: the push is only queued.
    const paid = await payAndNotify(t.app, order.pix.payload);
    expect(paid.resultado).toBe('pago');
    let roundDone = false;
    const round = t.app.notifications.runOnce().then(() => (roundDone = true));
    await expect.poll(() => push.received.filter((p) => p.path === '/slow').length).toBe(1);
    // The hanging push holds no request: the shopper's next call answers meanwhile.
    const key = await call(t.app, pushKeyOperation, {});
    expect(key.status).toBe(200);
    expect(roundDone).toBe(false);
    expect(push.received.filter((p) => p.path === '/quick')).toHaveLength(1);
    // The push service goes away: the round ends, the push stays queued for a retry.
    await push.close();
    await round;
    push = await startPushService();
  });

  it('e-mails each order event with its texts and the link to the order, in plain text and HTML', async () => {
    const customer = await signedInCustomer(t.app);
    const order = await pixOrder(t.app, t.database, customer, [{ product: drill, quantity: 2 }]);
    await payAndNotify(t.app, order.pix.payload);
    await advanceOrder(t.database.db, order.id);
    await advanceOrder(t.database.db, order.id);
    await advanceOrder(t.database.db, order.id, 'BR987654321BR');
    // Events the pickup counter and the Pix refunds record, as they record them.
    await t.database.db.transaction(async (tx) => {
      await recordOrderEvent(tx, order.id, { kind: 'ready_for_pickup', store: 2 });
      await recordOrderEvent(tx, order.id, { kind: 'cancelled', reason: 'staff' });
      await recordOrderEvent(tx, order.id, { kind: 'cancelled', reason: 'superseded' });
      await recordOrderEvent(tx, order.id, { kind: 'refunded', amountCentavos: 24_681 });
    });
    await t.app.notifications.runOnce();
    const mails = await rows<{ subject: string; body: string; html: string; to_address: string }>(
      t.database,
      sql`SELECT subject, body, html, to_address FROM mail_outbox WHERE kind = 'order' AND to_address = ${customer.email}
          ORDER BY id`,
    );
    const n = order.id;
    expect(mails.map((m) => m.subject)).toEqual([
      `Pedido ${n} recebido`,
      `Pedido ${n}: pagamento confirmado`,
      `Pedido ${n} enviado`,
      `Pedido ${n} pronto para retirada na ${PHYSICAL_STORES[1].name}`,
      `Pedido ${n} cancelado`,
      `Pedido ${n}: valor devolvido`,
    ]);
    const link = `${PUBLIC_URL}/detalhes_pedido/${n}`;
    for (const mail of mails) {
      expect(mail.body).toContain(`Olá, ${customer.nome.split(' ')[0]}!`);
      expect(mail.body).toContain(link);
      expect(mail.body).toContain('Casa & Obra Materiais de Construção Ltda.');
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain('lang="pt-BR"');
    }
    // What the Pix charges (5 % off the products), not the order's total.
    expect(mails[0].body).toContain(`Recebemos o seu pedido ${n}, de ${formatBRL(order.pixAmount)}.`);
    expect(mails[0].body).toMatch(/Pague o PIX até \d{2}\/\d{2}, \d{2}:\d{2}/);
    // The confirmation carries the contract's summary (Decreto 7.962/2013 art. 4).
    const confirmation = mails[0].body.replace(/\u00a0/g, ' ');
    expect(confirmation).toContain('Resumo do contrato:');
    expect(confirmation).toContain(
      `2 x ${drill.name}: ${formatBRL(2 * drill.price).replace(/\u00a0/g, ' ')}`,
    );
    expect(confirmation).toMatch(/Frete \(.+\): (R\$ [\d.,]+|Grátis)/);
    expect(confirmation).toContain('Pagamento: PIX à vista, com 5% de desconto sobre os produtos');
    expect(confirmation).toContain('você pode desistir da compra em até 7 dias após o recebimento');
    expect(confirmation).toContain(`Termos e condições de compra: ${PUBLIC_URL}/termos`);
    expect(mails[2].body).toContain('Código de rastreio: BR987654321BR.');
    expect(mails[2].body).toContain(trackingUrl('BR987654321BR'));
    expect(mails[4].body).toContain('a loja cancelou o pedido');
    expect(mails[5].body).toContain(formatBRL(24_681));
  });

  it('states what the card was charged, its interest included, in the order e-mail', async () => {
    const customer = await signedInCustomer(t.app);
    const placed = await placeOrder(t.app, t.database, customer, {
      lines: [{ product: drill, quantity: 2 }],
      tipo: 'credit',
      installments: 8,
    });
    expect(placed.response.status, placed.response.raw).toBe(200);
    const plan = installments(placed.total).find((item) => item.nParcelas === 8)!;
    expect(plan.total).toBeGreaterThan(placed.total); // 8x carries interest
    await t.app.notifications.runOnce();
    const [mail] = await rows<{ body: string }>(
      t.database,
      sql`SELECT body FROM mail_outbox WHERE kind = 'order' AND to_address = ${customer.email} ORDER BY id`,
    );
    const n = placed.response.json.id;
    expect(mail.body).toContain(`Recebemos o seu pedido ${n}, de ${formatBRL(plan.total)}.`);
    expect(mail.body).toContain('Pagamento no cartão em 8x.');
  });
  it('says, in the e-mail of a checkout that switched from Pix to card, which order the card one replaced', async () => {
    const customer = await signedInCustomer(t.app);
    const pix = await pixOrder(t.app, t.database, customer, [{ product: drill, quantity: 1 }]);
    const card = await placeOrder(t.app, t.database, customer, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'credit',
      installments: 1,
    });
    expect(card.response.status, card.response.raw).toBe(200);
    await t.app.notifications.runOnce();
    const mails = await rows<{ subject: string; body: string }>(
      t.database,
      sql`SELECT subject, body FROM mail_outbox WHERE kind = 'order' AND to_address = ${customer.email} ORDER BY id`,
    );
    const n = card.response.json.id;
    const [pixMail, cardMail] = mails;
    expect([pixMail.subject, cardMail.subject]).toEqual([
      `Pedido ${pix.id} recebido`,
      `Pedido ${n} recebido`,
    ]);
    expect(cardMail.body).toContain(
      `Ele substitui o pedido ${pix.id}, da mesma compra, que foi cancelado: não pague o PIX do pedido ${pix.id}.`,
    );
    expect(pixMail.body).not.toContain('substitui');
  });
});
