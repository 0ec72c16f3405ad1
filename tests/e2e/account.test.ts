import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { generateCnpj, generateCpf, maskCnpj, maskCpf } from '../../src/domain/documents';
import { expectAccessible } from './axe';
import {
  allowErrors,
  baseURL,
  desktop,
  failedLoad,
  failedResource,
  openPage,
  phone,
  reloadApp,
  test,
  visit,
} from './browser';
import { OPERATIONS, placePixOrderWith, sessionSnapshot, staffRequest } from './shopper';

// Accounts end to end: the built store in Chromium against the real server (embedded database).
// Every account is new (random seeds), so the tests do not depend on each other's data.

const seed = () => Math.floor(Math.random() * 2 ** 31) + 1;

interface Account {
  doc: string;
  nome: string;
  email: string;
  senha: string;
  celular: string;
}

async function post(operation: string, body: unknown, cookie?: string) {
  const response = await fetch(`${baseURL()}${OPERATIONS}/${operation}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

/** A pessoa física account created through the API (the registration screen has its own tests). */
async function createAccount(): Promise<Account> {
  const n = seed();
  const account = {
    doc: generateCpf(n),
    nome: `Cliente Teste ${n}`,
    email: `cliente${n}@example.com`,
    senha: 'Segura#2026',
    celular: '19998765432',
  };
  const { status } = await post('APP_0035', {
    cpf: account.doc,
    nome: account.nome,
    fixo: '',
    celular: account.celular,
    email: account.email,
    senha: account.senha,
    fisica: '',
  });
  expect(status).toBe(200);
  return account;
}

/** Signs in through the API (a second session of the same customer) for setting up data. */
async function apiSession(account: Account): Promise<{ cookie: string; id: number }> {
  const { status, body, response } = await post('APP_0045', { email: account.doc, senha: account.senha });
  expect(status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, id: Number(body.id) };
}

/** Places a Pix order through the API as checkout would, with its Pix charge open (not yet paid). */
async function placePaidOrder(account: Account): Promise<number> {
  const { cookie, id } = await apiSession(account);
  return placePixOrderWith(async (name, data) => {
    if (data !== undefined) return post(name, data, cookie);
    const response = await fetch(`${baseURL()}${OPERATIONS}/${name}`, { headers: { cookie } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }, id);
}

/** A staff command (`npm run store -- ...`) against the test server, as a person would run it. */
async function store(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    resolve('node_modules/.bin/tsx'),
    ['src/server/cli.ts', ...args, '--url', baseURL()],
    { env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' } },
  );
  return stdout;
}

/**
 * The reset link of the latest recovery e-mail sent to `email`, as a path of this store (among the
 * newest 50: order e-mails of tests running beside this one arrive meanwhile).
 */
async function resetLinkFor(email: string): Promise<string> {
  const { mensagens } = (await (await staffRequest('GET', '/mail/latest?limit=50')).json()) as {
    mensagens: { to: string; links: string[] }[];
  };
  const link = mensagens.find((message) => message.to === email)?.links[0];
  expect(link, `a reset e-mail to ${email}`).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

const toast = (page: Page, title: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: title });

async function fillLogin(page: Page, doc: string, senha: string) {
  await page.getByLabel('CNPJ ou CPF').fill(doc);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Signs in through the screen and waits for the 5 s redirect to land on `expected`. */
async function signIn(page: Page, account: Account, expected = '/meusPedidos') {
  if (!page.url().includes('/login')) await visit(page, '/login');
  await fillLogin(page, account.doc, account.senha);
  await toast(page, 'Sucesso').waitFor();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected);
}

/** Signs in through the screen and opens the profile tab; answers its Celular field (as registered). */
async function openProfile(page: Page, account: Account): Promise<Locator> {
  await visit(page, '/login');
  await signIn(page, account);
  await page.getByRole('tab', { name: 'Perfil do Usuário' }).click();
  const mobile = page.getByLabel(/^Celular/);
  await expect(mobile.inputValue()).resolves.toBe('(19) 99876-5432');
  return mobile;
}

describe('registration', () => {
  test('registers a pessoa física with masks and the checklist, then goes to /login after 5 s', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, phone);
    await visit(page, '/registro');
    await expectAccessible(page, '/registro');
    const n = seed();
    const cpf = generateCpf(n);
    await page.getByLabel(/^CPF/).pressSequentially(cpf);
    await expect(page.getByLabel(/^CPF/).inputValue()).resolves.toBe(maskCpf(cpf));
    await page.getByLabel(/^Nome/).fill(`Maria Teste ${n}`);
    await page.getByLabel(/^Celular/).pressSequentially('19998765432');
    await expect(page.getByLabel(/^Celular/).inputValue()).resolves.toBe('(19) 99876-5432');
    await page.getByLabel(/^E-mail/).fill(`maria${n}@example.com`);
    await page.getByLabel(/^Senha/).fill('Segura#2026');
    await expect(page.getByRole('list', { name: 'Requisitos da senha' }).innerText()).resolves.not.toContain(
      '✗',
    );
    await page.getByRole('button', { name: 'Avançar' }).click();
    await expect(toast(page, 'Sucesso').innerText()).resolves.toContain('Cadastro realizado com sucesso');
    await page.waitForURL('**/login');
    // The new account signs in.
    await signIn(page, { doc: cpf, senha: 'Segura#2026', nome: '', email: '', celular: '' });
    assertNoErrors();
    await context.close();
  });

  test('registers a pessoa jurídica with an alphanumeric CNPJ, after refusing wrong check digits', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/registro');
    await page.getByLabel(/^CPF/).fill('123');
    await page.getByRole('tab', { name: 'Pessoa Jurídica' }).click();
    await expect(page.getByLabel(/^CNPJ/).inputValue()).resolves.toBe('');
    await expectAccessible(page, '/registro (Pessoa Jurídica)');
    const n = seed();
    const cnpj = generateCnpj(n, { alphanumeric: true });
    const wrong = `${cnpj.slice(0, 12)}${(Number(cnpj[12]) + 1) % 10}${cnpj[13]}`;
    await page.getByLabel(/^CNPJ/).pressSequentially(wrong.toLowerCase());
    await expect(page.getByLabel(/^CNPJ/).inputValue()).resolves.toBe(maskCnpj(wrong));
    await page.getByLabel(/^Razão Social/).fill(`Obras ${n} Ltda`);
    await page.getByLabel(/^Telefone de contato/).pressSequentially('1932321969');
    await page.getByLabel(/^Celular/).pressSequentially('19998761969');
    await page.getByLabel(/^E-mail/).fill(`obras${n}@example.com`);
    await page.getByLabel(/^Senha/).fill('Empresa#2026');
    await page.getByRole('button', { name: 'Avançar' }).click();
    await page.getByText('CNPJ inválido: confira os dígitos.').waitFor();
    await page.getByLabel(/^CNPJ/).fill(maskCnpj(cnpj));
    await page.getByRole('button', { name: 'Avançar' }).click();
    await toast(page, 'Sucesso').waitFor();
    await page.waitForURL('**/login');
    await signIn(page, { doc: maskCnpj(cnpj), senha: 'Empresa#2026', nome: '', email: '', celular: '' });
    const record = JSON.parse((await sessionSnapshot(page)).dados_cliente) as { pessoa: string; doc: string };
    expect(record).toMatchObject({ pessoa: 'juridica', doc: cnpj });
    assertNoErrors();
    await context.close();
  });
});

describe('sign in', () => {
  test('refuses a wrong password with the server message under Atenção', async ({ browser }) => {
    const account = await createAccount();
    const { page, context } = await openPage(browser, desktop);
    await visit(page, '/login');
    await expectAccessible(page, '/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await toast(page, 'Favor informar Email.').waitFor();
    await fillLogin(page, account.doc, 'Errada#123');
    await expect(toast(page, 'Atenção').innerText()).resolves.toContain('CPF/CNPJ ou senha inválidos.');
    expect((await sessionSnapshot(page)).nome).toBeUndefined();
    await expect(page.getByRole('link', { name: /Entrar \/ Cadastrar/ }).count()).resolves.toBeGreaterThan(0);
    allowErrors(page, failedResource(401));
    await context.close();
  });

  test('stores nome, id and dados_cliente and lands on the stored redirect after 5 s', async ({
    browser,
  }) => {
    const account = await createAccount();
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/entrar');
    await page.evaluate(() => sessionStorage.setItem('redirect', '/carrinho'));
    await page.getByLabel('CNPJ ou CPF').pressSequentially(account.doc);
    await expect(page.getByLabel('CNPJ ou CPF').inputValue()).resolves.toBe(maskCpf(account.doc));
    await page.getByLabel('Senha', { exact: true }).fill(account.senha);
    const started = Date.now();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await toast(page, 'Sucesso').waitFor();
    await page.waitForURL('**/carrinho');
    expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
    const keys = await sessionSnapshot(page);
    expect(keys.nome).toBe(account.nome);
    expect(Number(keys.id)).toBeGreaterThan(0);
    expect(JSON.parse(keys.dados_cliente)).toMatchObject({
      nome: account.nome,
      email: account.email,
      pessoa: 'fisica',
    });
    expect(keys.redirect).toBeUndefined();
    await page.getByRole('link', { name: 'Meus Pedidos' }).first().waitFor();
    assertNoErrors();
    await context.close();
  });

  test('sends a visitor from /meusPedidos to /login and back after signing in', async ({ browser }) => {
    const account = await createAccount();
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/meusPedidos');
    await page.waitForURL('**/login');
    expect((await sessionSnapshot(page)).redirect).toBe('/meusPedidos');
    await signIn(page, account, '/meusPedidos');
    await page.getByRole('heading', { name: 'Nenhum pedido encontrado' }).waitFor();
    await expect(page.getByRole('link', { name: 'Começar a Comprar' }).getAttribute('href')).resolves.toBe(
      '/',
    );
    const menu = page.getByRole('navigation', { name: 'Minha conta' });
    await menu.getByText(account.nome).waitFor();
    await menu.getByText(account.email).waitFor();
    await expectAccessible(page, '/meusPedidos (sem pedidos)');
    assertNoErrors();
    await context.close();
  });
});

describe('password recovery', () => {
  test('sends a reset link by e-mail, resets once, refuses the link again and signs in with the new password', async ({
    browser,
  }) => {
    const account = await createAccount();
    const { page, context } = await openPage(browser, phone);
    await visit(page, '/recuperarSenha');
    await expectAccessible(page, '/recuperarSenha');
    await page.getByLabel(/^E-mail/).fill(account.email);
    await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
    await toast(page, 'Sucesso').waitFor();
    await page.waitForURL('**/login');

    const link = await resetLinkFor(account.email);
    expect(link).toMatch(/^\/redefinir\?acess=/);
    await visit(page, link);
    await expectAccessible(page, '/redefinir');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await page.getByText('Informe uma nova senha').waitFor();
    await page.getByText('Confirme sua senha para continuar.').waitFor();
    await page.getByLabel(/^Nova Senha/).fill('Nova#Senha7');
    await page.getByLabel(/^Confirmar Senha/).fill('Nova#Senha8');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await page.getByText('As senhas não coincidem.').waitFor();
    await page.getByLabel(/^Confirmar Senha/).fill('Nova#Senha7');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(toast(page, 'Sucesso').innerText()).resolves.toContain('Senha redefinida');
    await page.waitForURL('**/login');

    // The link is single use: a second reset is refused as a warning (a 401 is toast level 2).
    await visit(page, link);
    await page.getByLabel(/^Nova Senha/).fill('Outra#Senha9');
    await page.getByLabel(/^Confirmar Senha/).fill('Outra#Senha9');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(toast(page, 'Aviso').innerText()).resolves.toContain(
      'Link de redefinição inválido ou expirado',
    );

    await visit(page, '/login');
    await signIn(page, { ...account, senha: 'Nova#Senha7' });
    allowErrors(page, failedResource(401));
    await context.close();
  });

  test('without a token warns and goes to /recuperarSenha after 5 s', async ({ browser }) => {
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/redefinir');
    await toast(page, 'Aviso')
      .filter({ hasText: 'Você será redirecionando para solicitar um novo email de Recuperação de senha' })
      .waitFor();
    await page.waitForURL('**/recuperarSenha');
    assertNoErrors();
    await context.close();
  });
});

describe('customer area', () => {
  test('edits the profile and goes back to the orders after 2 s', async ({ browser }) => {
    const account = await createAccount();
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    const mobile = await openProfile(page, account);
    await expectAccessible(page, '/meusPedidos (perfil)');
    const perfil = JSON.parse((await sessionSnapshot(page)).perfil) as Record<string, string>;
    expect(perfil).toEqual({ telcontato: '', telcelular: account.celular, email: account.email });
    await page.getByLabel(/^E-mail/).fill('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('E-mail é obrigatório.').waitFor();
    const newEmail = `novo.${account.email}`;
    await mobile.fill('');
    await mobile.pressSequentially('11987654321');
    await page.getByLabel(/^Telefone de contato/).pressSequentially('1133334444');
    await page.getByLabel(/^E-mail/).fill(newEmail);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Sucesso').waitFor();
    await page.waitForURL((url) => url.pathname === '/meusPedidos' && url.search === '');
    await page.getByRole('heading', { name: 'Nenhum pedido encontrado' }).waitFor();
    await page.getByRole('navigation', { name: 'Minha conta' }).getByText(newEmail).waitFor();
    await page.getByRole('tab', { name: 'Perfil do Usuário' }).click();
    await expect(page.getByLabel(/^Celular/).inputValue()).resolves.toBe('(11) 98765-4321');
    await expect(page.getByLabel(/^Telefone de contato/).inputValue()).resolves.toBe('(11) 3333-4444');
    assertNoErrors();
    await context.close();
  });

  test('offline, the profile change waits in the outbox and reaches the server when the network is back', async ({
    browser,
  }) => {
    const account = await createAccount();
    const { page, context } = await openPage(browser, phone);
    const mobile = await openProfile(page, account);
    await context.setOffline(true);
    await mobile.fill('');
    await mobile.pressSequentially('19991112222');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Informação').filter({ hasText: 'Sem conexão' }).waitFor();
    await context.setOffline(false);
    await expect
      .poll(async () => {
        const { cookie } = await apiSession(account);
        const response = await fetch(`${baseURL()}${OPERATIONS}/APP_0088`, { headers: { cookie } });
        return ((await response.json()) as { telcelular: string }).telcelular;
      })
      .toBe('19991112222');
    // Offline, the orders tab (back after 2 s) could not load: the browser logs the failed request.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'));
    await context.close();
  });

  test('changes the password, clears the fields, and the new password signs in', async ({ browser }) => {
    const account = await createAccount();
    const { page, context } = await openPage(browser, phone);
    await visit(page, '/login');
    await signIn(page, account);
    await page.getByRole('tab', { name: 'Alterar Senha' }).click();
    await expectAccessible(page, '/meusPedidos (alterar senha)');
    await page.getByLabel(/^Senha atual/).fill('Errada#000');
    await page.getByLabel(/^Nova senha/).fill('Trocada#2026');
    await page.getByRole('button', { name: 'Salvar Nova Senha' }).click();
    await expect(toast(page, 'Atenção').innerText()).resolves.toContain('Senha atual incorreta.');
    await page.getByLabel(/^Senha atual/).fill(account.senha);
    await page.getByRole('button', { name: 'Salvar Nova Senha' }).click();
    await toast(page, 'Sucesso').filter({ hasText: 'Senha alterada' }).waitFor();
    await expect(page.getByLabel(/^Nova senha/).inputValue()).resolves.toBe('');
    await page.waitForURL((url) => url.pathname === '/meusPedidos' && url.search === '');

    await page.getByRole('button', { name: 'Sair da Conta' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await visit(page, '/login');
    await fillLogin(page, account.doc, account.senha);
    await expect(toast(page, 'Atenção').innerText()).resolves.toContain('CPF/CNPJ ou senha inválidos.');
    await visit(page, '/login');
    await signIn(page, { ...account, senha: 'Trocada#2026' });
    allowErrors(page, failedResource(400), failedResource(401));
    await context.close();
  });

  test('an expired session sends the shopper to sign in again without losing what was typed', async ({
    browser,
  }) => {
    const account = await createAccount();
    const { page, context } = await openPage(browser, desktop);
    const mobile = await openProfile(page, account);
    await context.clearCookies();
    await mobile.fill('');
    await mobile.pressSequentially('21987651234');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Aviso').filter({ hasText: 'Sua sessão expirou. Entre novamente.' }).waitFor();
    await page.waitForURL('**/login');
    expect((await sessionSnapshot(page)).redirect).toBe('/meusPedidos?aba=perfil');
    await signIn(page, account, '/meusPedidos?aba=perfil');
    await expect(page.getByLabel(/^Celular/).inputValue()).resolves.toBe('(21) 98765-1234');
    allowErrors(page, failedResource(401));
    await context.close();
  });
});

describe('orders tab', () => {
  test('lists an order placed through the API and follows the stage the staff command sets', async ({
    browser,
  }) => {
    const account = await createAccount();
    const orderId = await placePaidOrder(account);
    const { page, context, assertNoErrors } = await openPage(browser, desktop);
    await visit(page, '/login');
    await signIn(page, account);
    const card = page.getByRole('article', { name: `Pedido #${orderId}` });
    await card.waitFor();
    await page.getByText('1 pedido encontrado').waitFor();
    await card.getByText('Aguardando pagamento').waitFor();
    await expect(card.locator('[aria-current="step"]').count()).resolves.toBe(0);

    await store('pix:confirm', String(orderId));
    await store('order:advance', String(orderId));
    await store('order:advance', String(orderId));
    expect(await store('order:advance', String(orderId), '--rastreio', 'AB123456789BR')).toContain(
      'Pedido Despachado',
    );
    await reloadApp(page);
    const tracker = page.getByRole('list', { name: `Andamento do pedido #${orderId}` });
    await tracker.waitFor();
    await expect(tracker.locator('[aria-current="step"]').innerText()).resolves.toContain(
      'Pedido Despachado',
    );
    const steps = await tracker.getByRole('listitem').allInnerTexts();
    expect(steps.map((step) => step.includes('(concluído)'))).toEqual([true, true, true, true, false, false]);
    await card.getByText('PIX').waitFor();
    const track = card.getByRole('link', { name: 'Rastrear Pedido' });
    await expect(track.getAttribute('target')).resolves.toBe('_blank');
    await expect(track.getAttribute('href')).resolves.toContain('AB123456789BR');
    await expect(card.getByRole('link', { name: /Ver Detalhes/ }).getAttribute('href')).resolves.toBe(
      `/detalhes_pedido/${orderId}`,
    );
    await expectAccessible(page, '/meusPedidos (com pedido)');
    assertNoErrors();
    await context.close();
  });
});

describe('sign-out', () => {
  test("'Sair da Conta' ends the session and leaves none of the customer's data in the browser", async ({
    browser,
  }) => {
    const account = await createAccount();
    const { page, context } = await openPage(browser, desktop);
    await visit(page, '/login');
    await signIn(page, account);
    // What a checkout in progress leaves behind: the address step in IndexedDB (mirrored to
    // sessionStorage and localStorage by the app) and the order flow.
    await page.evaluate(async () => {
      const open = indexedDB.open('casa-obra-storefront');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(['checkoutForm', 'checkoutSession'], 'readwrite');
      tx.objectStore('checkoutForm').put({
        key: 'checkout_form_data',
        value: {
          address: {
            cep: '13010000',
            street: 'Rua Barão de Jaguara',
            number: '100',
            complement: '',
            bairro: 'Centro',
            cidade: 'Campinas',
            uf: 'SP',
          },
          shipping: null,
          payment: { method: 'pix' },
          confirmed: { address: true, shipping: false, payment: false },
        },
      });
      tx.objectStore('checkoutSession').put({ key: 'order_flow', value: { movimento: 'VENDA_ONLINE' } });
      tx.objectStore('checkoutSession').put({
        key: 'cart_shipping',
        value: { cep: '13010000', options: [], selectedId: null },
      });
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
      localStorage.setItem('checkout_form_data', JSON.stringify({ address: { cep: '13010000' } }));
      sessionStorage.setItem('dadosEndereco', JSON.stringify({ cep: '13010000' }));
      sessionStorage.setItem('endereco_cliente', JSON.stringify({ street: 'Rua Barão de Jaguara' }));
      sessionStorage.setItem('cep_entrega', '13010000');
    });
    await page.getByRole('tab', { name: 'Perfil do Usuário' }).click();
    await page.getByLabel(/^Celular/).waitFor();
    expect((await sessionSnapshot(page)).perfil).toBeTruthy();

    await page.getByRole('button', { name: 'Sair da Conta' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByRole('link', { name: /Entrar \/ Cadastrar/ })
      .first()
      .waitFor();

    const left = await page.evaluate(async () => {
      const open = indexedDB.open('casa-obra-storefront');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = (store: string) =>
        new Promise<unknown[]>((resolve) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
        });
      const result = {
        session: Object.fromEntries(Object.entries(sessionStorage)),
        local: Object.fromEntries(Object.entries(localStorage)),
        checkoutForm: await all('checkoutForm'),
        checkoutSession: await all('checkoutSession'),
        outbox: await all('outbox'),
      };
      db.close();
      return result;
    });
    const personal = [
      'nome',
      'id',
      'dados_cliente',
      'perfil',
      'redirect',
      'dados_entrega',
      'dadosEndereco',
      'endereco_cliente',
      'cep_entrega',
      'frete_sel',
      'opcao_pagamento',
      'movimento',
      'APP_0050',
    ];
    for (const key of personal) expect(left.session[key], `sessionStorage ${key}`).toBeUndefined();
    expect(left.local.checkout_form_data).toBeUndefined();
    expect(left.checkoutForm).toEqual([]);
    // Only the account cart's baseline stays (what the kept cart's lines already are in an account,
    // so a later sign-in merge does not add them twice): product ids and quantities, nobody's data.
    expect(left.checkoutSession.map((row) => (row as { key: string }).key)).toEqual(
      left.checkoutSession.length ? ['account_cart'] : [],
    );
    expect(left.outbox).toEqual([]);
    // Nothing left anywhere that names or reaches the customer.
    const everything = JSON.stringify(left);
    for (const trace of [account.nome, account.email, account.doc, 'Barão de Jaguara', '13010000'])
      expect(everything).not.toContain(trace);

    // The server session is over too.
    const status = await page.evaluate(
      async (path) => (await fetch(path, { credentials: 'include' })).status,
      `${OPERATIONS}/APP_0088`,
    );
    expect(status).toBe(401);
    await visit(page, '/meusPedidos');
    await page.waitForURL('**/login');
    allowErrors(page, failedResource(401));
    await context.close();
  });
});
