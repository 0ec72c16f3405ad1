import { createECDH, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import {
  ACCOUNT_ERASED_MESSAGE,
  ERASURE_WRONG_PASSWORD_MESSAGE,
  PERSONAL_DATA_FILE_NAME,
} from '../../src/api/personal-data';
import { allowErrors, failedResource, openPage, test, visit } from './browser';
import { OPERATIONS, placePixOrder, signIn, staffRequest } from './shopper';

// The LGPD buttons of 'Meus Dados' (art. 18) in the built store: 'Baixar meus dados' saves a file
// holding the customer's record, orders and devices; 'Excluir minha conta' asks the password again,
// erases the account and ends every session, so another device signed in as the same customer is
// sent to the sign-in screen at its next call, and the password no longer signs in.

const DATA_TAB = '/meusPedidos?aba=dados';

interface Exported {
  dados: { chave: string; tabelas: Record<string, Record<string, unknown>[]> }[];
}
const tableOf = (data: Exported, kind: string, table: string) =>
  data.dados.find((entry) => entry.chave === kind)?.tabelas[table] ?? [];

/** A device's push subscription as a browser hands it over (a push service's endpoint, real keys). */
const device = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`,
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});

describe("the customer's data rights in 'Meus Dados'", () => {
  test('downloads the data, then erases the account after the password and signs out everywhere', async ({
    browser,
  }) => {
    const { page, assertNoErrors } = await openPage(browser);
    const shopper = await signIn(page);
    const orderId = await placePixOrder(page);
    const phone = device();
    const subscribed = await page.request.post(`${OPERATIONS}/PUSH_INSCREVER`, { data: phone });
    expect(subscribed.status()).toBe(200);

    // Another device, signed in as the same customer.
    const other = await openPage(browser);
    const otherLogin = await other.page.request.post(`${OPERATIONS}/APP_0045`, {
      data: { email: shopper.doc, senha: shopper.senha },
    });
    expect(otherLogin.status()).toBe(200);
    const answer = (await otherLogin.json()) as { id: number; nome: string; dados_cliente: unknown };
    await visit(other.page, '/sobre');
    await other.page.evaluate((data) => {
      sessionStorage.setItem('nome', data.nome);
      sessionStorage.setItem('id', String(data.id));
      sessionStorage.setItem('dados_cliente', JSON.stringify(data.dados_cliente));
    }, answer);
    await visit(other.page, DATA_TAB);
    await other.page.getByRole('heading', { name: 'Baixar meus dados' }).waitFor();

    // 'Baixar meus dados': the file the browser saves holds the record, the order and the device.
    await visit(page, DATA_TAB);
    const saving = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar meus dados' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe(PERSONAL_DATA_FILE_NAME);
    const saved = JSON.parse(await readFile((await download.path())!, 'utf8')) as Exported;
    expect(tableOf(saved, 'cadastro', 'customers')[0]).toMatchObject({
      nome: shopper.nome,
      doc: shopper.doc,
    });
    expect(tableOf(saved, 'cadastro', 'customers')[0]).not.toHaveProperty('password_hash');
    expect(tableOf(saved, 'pedidos', 'orders').map((order) => order.id)).toContain(orderId);
    expect(tableOf(saved, 'notificacoes', 'push_subscriptions')).toEqual([
      expect.objectContaining({ endpoint: phone.endpoint }),
    ]);
    await page.getByText('Arquivo com os seus dados baixado.').waitFor();

    // An order still under way waits for the erasure (decision 035): staff cancel the unpaid one.
    await staffRequest('POST', `/orders/${orderId}/cancel`);

    // 'Excluir minha conta' asks the password again: a wrong one erases nothing.
    allowErrors(page, failedResource(400));
    const password = page.getByLabel(/^Senha/); // 'Senha *': the field is required
    await password.fill('Errada#2026');
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    await page.getByText(ERASURE_WRONG_PASSWORD_MESSAGE).waitFor();
    expect(await password.inputValue()).toBe('');
    await password.fill(shopper.senha);
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    await page.getByText(ACCOUNT_ERASED_MESSAGE).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => sessionStorage.getItem('id'))).toBeNull();

    // Every session ended: the other device is sent to sign in at its next call.
    allowErrors(other.page, failedResource(401));
    await other.page.getByRole('button', { name: 'Baixar meus dados' }).click();
    await other.page.waitForURL((url) => url.pathname === '/login');
    await other.page.getByRole('main').getByText('Sua sessão expirou. Entre novamente.').waitFor();
    // And the password no longer signs in.
    const again = await page.request.post(`${OPERATIONS}/APP_0045`, {
      data: { email: shopper.doc, senha: shopper.senha },
    });
    expect(again.status()).toBe(401);
    assertNoErrors();
    other.assertNoErrors();
  });
});
