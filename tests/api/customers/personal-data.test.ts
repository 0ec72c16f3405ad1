import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessageOperation, passwordRecoveryOperation } from '../../../src/api/customers';
import { pushSubscribeOperation } from '../../../src/api/notifications';
import {
  ACCOUNT_ERASED_MESSAGE,
  ERASURE_OPEN_ORDERS_MESSAGE,
  ERASURE_WRONG_PASSWORD_MESSAGE,
  accountErasureOperation,
  personalDataExportOperation,
} from '../../../src/api/personal-data';
import { TRACKER_STAGES } from '../../../src/domain/order-tracker';
import { DATA_PROTECTION_OFFICER } from '../../../src/domain/personal-data';
import { STORE_TIME_ZONE } from '../../../src/domain/store-calendar';
import { FORGOTTEN_ADDRESS } from '../../../src/server/services/mail';
import { advanceOrder } from '../../../src/server/services/orders/stages';
import { recordOrderEvent } from '../../../src/server/services/order-events';
import { salesOfDay } from '../../../src/server/services/sales';
import { PASSWORD, login, signedInCustomer, type TestCustomer } from './accounts';
import { buildTestApp, call, databaseKinds, type TestApp } from '../helpers';
import { makeProduct, payAndNotify, pixOrder, placeOrder, rows } from '../orders/checkout';

const PHONE = '(19) 99876-5432';
const LANDLINE = '(19) 3232-1000';
// The bundled Pix emulator's tables are the payment provider's records (the bank's, which holds the
// payer's name and CPF on the charge): the store's erasure does not reach them.
const PROVIDER_TABLES = /^pix_emulator_/;

function device() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

type Export = Awaited<ReturnType<typeof exportOf>>;
const tableOf = (data: Export, kind: string, table: string) =>
  data.json.dados.find((entry) => entry.chave === kind)?.tabelas[table] ?? [];
const exportOf = (t: TestApp, customer: TestCustomer) =>
  call(t.app, personalDataExportOperation, { cookie: customer.cookie });

describe.each(databaseKinds)("the customer's LGPD rights (%s)", (kind) => {
  let t: TestApp;
  let buyer: TestCustomer;
  let orderIds: number[];
  let endpoint: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    buyer = await signedInCustomer(t.app);
    const drill = await makeProduct(t.database, { price: 12_990, stock: 100 });
    const card = await placeOrder(t.app, t.database, buyer, {
      lines: [{ product: drill, quantity: 1 }],
      tipo: 'credit',
    });
    expect(card.response.status, card.response.raw).toBe(200);
    const pix = await pixOrder(t.app, t.database, buyer, [{ product: drill, quantity: 2 }]);
    expect((await payAndNotify(t.app, pix.pix.payload)).resultado).toBe('pago');
    orderIds = [card.response.json.id, pix.id];
    const subscription = device();
    endpoint = subscription.endpoint;
    expect(
      (await call(t.app, pushSubscribeOperation, { body: subscription, cookie: buyer.cookie })).status,
    ).toBe(200);
    const contact = {
      nome: buyer.nome,
      telefone: PHONE,
      email: buyer.email,
      assunto: 'Entrega',
      message: 'Olá',
    };
    expect((await call(t.app, contactMessageOperation, { body: contact })).status).toBe(200);
    expect((await call(t.app, passwordRecoveryOperation, { body: { email: buyer.email } })).status).toBe(200);
    await t.app.notifications.runOnce();
  });
  afterAll(() => t.close());

  it("'Baixar meus dados' holds the record, the orders, their addresses, the push subscription and the e-mails", async () => {
    expect((await call(t.app, personalDataExportOperation)).status).toBe(401);
    const data = await exportOf(t, buyer);
    expect(data.status, data.raw).toBe(200);
    expect(String(data.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.json"$/);
    expect(data.json.encarregado).toEqual({
      nome: DATA_PROTECTION_OFFICER.name,
      email: DATA_PROTECTION_OFFICER.email,
    });
    const [record] = tableOf(data, 'cadastro', 'customers');
    expect(record).toMatchObject({ id: buyer.id, nome: buyer.nome, email: buyer.email, doc: buyer.doc });
    expect(record).not.toHaveProperty('password_hash');
    expect(tableOf(data, 'pedidos', 'orders').map((order) => order.id)).toEqual(
      expect.arrayContaining(orderIds),
    );
    expect(tableOf(data, 'pedidos', 'order_items').length).toBeGreaterThanOrEqual(2);
    const addresses = tableOf(data, 'enderecos', 'orders');
    expect(addresses).toHaveLength(2);
    for (const address of addresses) expect(address.address_street).toEqual(expect.any(String));
    expect(tableOf(data, 'cartao', 'orders').some((order) => /^\d{4}$/.test(String(order.card_last4)))).toBe(
      true,
    );
    const [push] = tableOf(data, 'notificacoes', 'push_subscriptions');
    expect(push).toMatchObject({ endpoint });
    expect(push).not.toHaveProperty('auth');
    expect(tableOf(data, 'emails', 'mail_outbox').length).toBeGreaterThanOrEqual(2);
    expect(tableOf(data, 'contato', 'contact_messages')).toHaveLength(1);
    expect(tableOf(data, 'sessoes', 'sessions')[0]).not.toHaveProperty('id_hash');
  });

  it("'Excluir minha conta' asks the password, then leaves no name, e-mail, document or phone, and the sales stand", async () => {
    const open = await call(t.app, accountErasureOperation, {
      body: { senha: PASSWORD },
      cookie: buyer.cookie,
    });
    expect(open.status).toBe(409);
    expect(open.json.resposta).toBe(ERASURE_OPEN_ORDERS_MESSAGE);
    for (const id of orderIds)
      for (let stage = 1; stage < TRACKER_STAGES.length; stage += 1)
        await advanceOrder(t.database.db, id, 'BR123456789BR');
    const [{ day }] = await rows<{ day: string }>(
      t.database,
      sql`SELECT ((created_at AT TIME ZONE ${STORE_TIME_ZONE})::date)::text AS day FROM orders WHERE id = ${orderIds[0]}`,
    );
    const salesBefore = await salesOfDay(t.database.db, day);

    const wrong = await call(t.app, accountErasureOperation, {
      body: { senha: 'Errada@123' },
      cookie: buyer.cookie,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.resposta).toBe(ERASURE_WRONG_PASSWORD_MESSAGE);
    expect((await exportOf(t, buyer)).status).toBe(200);

    const erased = await call(t.app, accountErasureOperation, {
      body: { senha: PASSWORD },
      cookie: buyer.cookie,
    });
    expect(erased.status, erased.raw).toBe(200);
    expect(erased.json.resposta).toBe(ACCOUNT_ERASED_MESSAGE);

    const needles = [
      buyer.nome,
      buyer.email.toLowerCase(),
      buyer.doc,
      PHONE,
      PHONE.replace(/\D/g, ''),
      LANDLINE,
    ];
    const tables = await rows<{ table_name: string }>(
      t.database,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables.filter(({ table_name }) => !PROVIDER_TABLES.test(table_name))) {
      const dump = await rows(
        t.database,
        sql`SELECT row_to_json(x) AS row FROM ${sql.identifier(table_name)} x`,
      );
      const text = JSON.stringify(dump).toLowerCase();
      for (const needle of needles)
        expect(text, `${table_name} holds ${needle}`).not.toContain(needle.toLowerCase());
    }

    expect((await login(t.app, buyer.doc)).status).toBe(401);
    expect((await exportOf(t, buyer)).status).toBe(401);
    const held = await rows<{ sessions: number; devices: number }>(
      t.database,
      sql`SELECT (SELECT count(*)::int FROM sessions WHERE customer_id = ${buyer.id}) AS sessions,
                 (SELECT count(*)::int FROM push_subscriptions WHERE customer_id = ${buyer.id}) AS devices`,
    );
    expect(held).toEqual([{ sessions: 0, devices: 0 }]);
    // The confirmation was queued to the address before it was erased, which its row then forgets.
    const farewell = await rows<{ to_address: string; body: string }>(
      t.database,
      sql`SELECT to_address, body FROM mail_outbox WHERE kind = 'account-erased'`,
    );
    expect(farewell).toEqual([
      { to_address: FORGOTTEN_ADDRESS, body: expect.stringContaining('foi excluída') },
    ]);
    expect(t.logLines.join('\n')).toContain('foi excluída');

    const kept = await rows<{ id: number; address_street: string; address_cep: string }>(
      t.database,
      sql`SELECT id, address_street, address_cep FROM orders WHERE customer_id = ${buyer.id} ORDER BY id`,
    );
    expect(kept.map((order) => order.id)).toEqual([...orderIds].sort((a, b) => a - b));
    for (const order of kept)
      expect(order).toMatchObject({ address_street: '', address_cep: expect.any(String) });
    expect(await salesOfDay(t.database.db, day)).toEqual(salesBefore);

    // Later news of a kept order reaches no one: the account has no address any more.
    await recordOrderEvent(t.database.db, orderIds[0], { kind: 'stage', stepIndex: 5, rastreio: null });
    await t.app.notifications.runOnce();
    expect(await rows(t.database, sql`SELECT id FROM mail_outbox WHERE to_address LIKE '%.invalid'`)).toEqual(
      [],
    );
  });
});

describe.each(databaseKinds)("the LGPD operations' rate limits (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { RATE_LIMIT_PER_ACCOUNT: '2' });
  });
  afterAll(() => t.close());

  it('limits the export and the erasure per session', async () => {
    const customer = await signedInCustomer(t.app);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await exportOf(t, customer)).status);
    expect(answers).toEqual([200, 200, 429]);
    const tries = [];
    for (let i = 0; i < 3; i += 1)
      tries.push(
        (
          await call(t.app, accountErasureOperation, {
            body: { senha: 'Errada@123' },
            cookie: customer.cookie,
          })
        ).status,
      );
    expect(tries).toEqual([400, 400, 429]);
  });
});
