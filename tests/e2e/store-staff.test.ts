import { describe, expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import {
  allowErrors,
  describedBy,
  failedLoad,
  failedResource,
  openPage,
  phone,
  reloadApp,
  test,
  visit,
  workerUpdateCut,
} from './browser';
import {
  OPERATIONS,
  confirmPix,
  listProducts,
  placePixOrder,
  sessionSnapshot,
  signIn,
  type CatalogueProduct,
} from './shopper';
import { STORE, addStaff, pair, staffSignIn } from './store-staff';

// Store staff on a paired tablet at 1024 and 1366 px: a seller signs in with the PIN and out with
// 'Sair', sells a pickup order at the tablet (credited to them on the manager's /loja/vendas), the
// pickup counter takes it from paid to picked up with the shopper's order page following, and a
// product missing here is reserved at another store. Without a connection, the counter keeps its
// steps on the tablet and sends them when the connection comes back.

const CEP = '13012100';

describe.each([
  ['1024', { viewport: { width: 1024, height: 768 }, hasTouch: true }],
  ['1366', { viewport: { width: 1366, height: 1024 }, hasTouch: true }],
] as [string, BrowserContextOptions][])('store staff on a %s px tablet', (width, tablet) => {
  test('signs a seller in with the PIN and out with Sair, the header saying who it is', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, tablet);
    await pair(page);
    allowErrors(page, failedResource(401)); // the wrong PIN, on purpose
    const ana = await addStaff(`Ana ${width}`, 'vendedor');
    const header = page.getByRole('banner');
    await page.getByRole('heading', { name: 'Entrar como vendedor' }).waitFor();

    await staffSignIn(page, { ...ana, pin: ana.pin === '000000' ? '111111' : '000000' });
    await page.getByText(/PIN incorreto/).waitFor();
    expect(await page.getByRole('radio', { name: ana.nome }).isChecked()).toBe(true);
    await page.getByLabel('PIN', { exact: true }).fill(ana.pin);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await header.getByRole('link', { name: 'Vendedor: Ana' }).waitFor();
    // The staff session is an HttpOnly cookie the page cannot read.
    expect(await page.evaluate(() => document.cookie)).not.toContain('equipe=');
    const box = (await header.getByRole('button', { name: 'Sair' }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(Number(width));

    await header.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('heading', { name: 'Entrar como vendedor' }).waitFor();
    expect(await header.getByRole('button', { name: 'Sair' }).count()).toBe(0);
    const status = await page.request.get(`${OPERATIONS}/LOJA_VENDEDOR`);
    expect(((await status.json()) as { vendedor: unknown }).vendedor).toBeNull();
    await visit(page, '/loja/retiradas');
    await page.getByText('Entre como vendedor para ver as retiradas desta loja.').waitFor();
    assertNoErrors();
    await context.close();
  });

  test('credits a sale to the seller signed in, and the pickup counter takes it from paid to picked up', async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, tablet);
    await pair(page);
    allowErrors(page, failedResource(400)); // the wrong CPF digits, on purpose
    const seller = await addStaff(`Bruno ${width}`, 'vendedor');
    const manager = await addStaff(`Gabi ${width}`, 'gerente');

    // A product this store holds.
    const products = await listProducts('por_pagina=24');
    let product: CatalogueProduct | undefined;
    for (const candidate of products) {
      const stock = await page.request.get(`${OPERATIONS}/LOJA_ESTOQUE?codigo=${candidate.idprd}`);
      const figures = (await stock.json()) as { lojas: { id: number; estoque: number }[] };
      if (!candidate.multiploprdvenda && figures.lojas[0].id === STORE.id && figures.lojas[0].estoque >= 2) {
        product = candidate;
        break;
      }
    }
    expect(product).toBeTruthy();

    await staffSignIn(page, seller);
    await page.getByRole('banner').getByRole('link', { name: 'Vendedor: Bruno' }).waitFor();
    const shopper = await signIn(page);
    await visit(page, `/produto/${product!.idprd}`);
    await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Produto no carrinho' });
    const next = { name: 'Continuar Comprando' };
    await dialog.getByRole('button', next).or(dialog.getByRole('link', next)).click();
    await visit(page, '/carrinho');
    await page.getByRole('textbox', { name: /frete/i }).fill(CEP);
    await page.getByRole('button', { name: 'Calcular' }).click();
    await page.getByRole('radiogroup', { name: 'Opções de envio' }).getByRole('radio').first().click();
    await page.getByRole('button', { name: 'Finalizar Compra' }).click();
    await page.waitForURL('**/checkout');
    const street = page.getByRole('textbox', { name: 'Endereço' });
    await expect.poll(() => street.inputValue()).not.toBe('');
    await page.getByRole('textbox', { name: 'Número' }).fill('250');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await page.getByRole('radio', { name: /Retirada/ }).click();
    await page
      .getByRole('radiogroup', { name: 'Escolha a loja para retirada' })
      .getByRole('radio', { name: new RegExp(STORE.name) })
      .click();
    await page.getByRole('button', { name: 'Salvar forma de envio' }).click();
    await page.getByText('PIX', { exact: true }).click();
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    const orderId = JSON.parse((await sessionSnapshot(page)).APP_0050).idmov as number;
    await confirmPix(orderId);

    // The manager sees it credited to the seller.
    await page.getByRole('banner').getByRole('button', { name: 'Sair' }).click();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Vendedor:/ })
      .waitFor({ state: 'detached' });
    await staffSignIn(page, manager);
    await page.getByRole('link', { name: 'Vendas do dia' }).click();
    const row = page.getByRole('row', { name: new RegExp(`^${orderId} `) });
    await row.getByRole('cell', { name: seller.nome }).waitFor();
    await page.getByRole('row', { name: new RegExp(`^${seller.nome} 1 `) }).waitFor();

    // The pickup counter: paid, Separar, Pronto para retirada, Retirado after the checks.
    await visit(page, '/loja/retiradas');
    const card = page.getByRole('article', { name: `Pedido ${orderId}` });
    await card.getByText(shopper.nome).waitFor();
    await card.getByRole('button', { name: 'Separar' }).click();
    await card.getByText(`Pedido ${orderId} em separação.`).waitFor();
    await card.getByRole('button', { name: 'Pronto para retirada' }).click();
    await card.getByText('Pronto para retirada', { exact: true }).waitFor();
    // The shopper's order page follows (the shopper is signed in on this same tablet here).
    const shopperPage = await context.newPage();
    await visit(shopperPage, `/detalhes_pedido/${orderId}`);
    await shopperPage.getByText(/^Pronto para retirada desde /).waitFor();
    await card.getByRole('button', { name: 'Retirado' }).click();
    // Each check's message under its own field.
    const numberField = card.getByLabel('Número do pedido');
    const digitsField = card.getByLabel(/Últimos 4 dígitos/);
    await numberField.fill(String(orderId + 1));
    await card.getByRole('button', { name: 'Confirmar retirada' }).click();
    await card.getByText('O número do pedido não confere.').waitFor();
    expect(await numberField.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(numberField)).toBe('O número do pedido não confere.');
    expect(await describedBy(digitsField)).toBe('Informe os 4 últimos dígitos do CPF/CNPJ.');
    await numberField.fill(String(orderId));
    await digitsField.fill(shopper.doc.slice(-4) === '0000' ? '1111' : '0000');
    await card.getByRole('button', { name: 'Confirmar retirada' }).click();
    await card.getByText(/não conferem/).waitFor();
    await card.getByLabel(/Últimos 4 dígitos/).fill(shopper.doc.slice(-4));
    await card.getByRole('button', { name: 'Confirmar retirada' }).click();
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
    await reloadApp(shopperPage);
    await shopperPage.getByText(/^Retirado em /).waitFor();

    // The counter's look-up: status and steps by number and CPF, nothing else of the customer.
    const lookup = page.getByRole('heading', { name: 'Consultar pedido' }).locator('..');
    await lookup.getByLabel('Número do pedido').fill(String(orderId));
    await lookup.getByLabel('CPF/CNPJ do cliente').fill(shopper.doc);
    await lookup.getByRole('button', { name: 'Consultar' }).click();
    const found = page.getByRole('status', { name: `Pedido ${orderId}` });
    await found.getByText(`Retirado (${manager.nome})`).waitFor();
    await found.getByText(/Pagamento Efetuado: etapa atual/).waitFor();
    assertNoErrors();
    await context.close();
  });

  test("offers 'Reservar na Loja X' for a product missing here but held by another store", async ({
    browser,
  }) => {
    const { page, context, assertNoErrors } = await openPage(browser, tablet);
    await pair(page);
    const products = await listProducts('por_pagina=48');
    let found: { product: CatalogueProduct; store: string; storeId: number } | undefined;
    for (const candidate of products) {
      const stock = await page.request.get(`${OPERATIONS}/LOJA_ESTOQUE?codigo=${candidate.idprd}`);
      const figures = (await stock.json()) as { lojas: { id: number; nome: string; estoque: number }[] };
      const other = figures.lojas.find((loja) => loja.id !== STORE.id && loja.estoque > 0);
      if (figures.lojas[0].estoque === 0 && other) {
        found = { product: candidate, store: other.nome, storeId: other.id };
        break;
      }
    }
    expect(found).toBeTruthy();
    await visit(page, `/produto/${found!.product.idprd}`);
    await page
      .getByTestId('store-stock')
      .getByText(/^Nesta loja: 0/)
      .waitFor();
    await page.getByRole('button', { name: `Reservar na ${found!.store}` }).click();
    await page.waitForURL('**/carrinho');
    await page.getByText(`Na finalização, a retirada na ${found!.store} já vem escolhida.`).waitFor();
    await page.getByText(found!.product.descricao).first().waitFor();
    // The checkout will open with pickup at that store chosen (the shipping step's unit test).
    await page.waitForFunction(
      (storeId) => JSON.parse(localStorage.getItem('checkout_form_data') ?? '{}').reservedStoreId === storeId,
      found!.storeId,
    );
    assertNoErrors();
    await context.close();
  });
});

describe('the pickup counter without a connection', () => {
  /** A shopper's paid pickup order at STORE, and the counter open on a tablet with `sellerName` signed in. */
  async function counterWithPaidOrder(browser: Browser, sellerName: string) {
    const shopperSide = await openPage(browser, phone);
    const shopper = await signIn(shopperSide.page);
    const orderId = await placePixOrder(shopperSide.page, STORE.id);
    await confirmPix(orderId);
    const tablet = await openPage(browser, { viewport: { width: 1024, height: 768 }, hasTouch: true });
    await pair(tablet.page);
    const seller = await addStaff(sellerName, 'vendedor');
    await staffSignIn(tablet.page, seller);
    const firstName = sellerName.split(' ')[0];
    await tablet.page
      .getByRole('banner')
      .getByRole('link', { name: `Vendedor: ${firstName}` })
      .waitFor();
    await visit(tablet.page, '/loja/retiradas');
    const card = tablet.page.getByRole('article', { name: `Pedido ${orderId}` });
    return { shopperSide, shopper, orderId, seller, card, ...tablet };
  }

  /** 'Retirado' with the order's number and the customer's digits, made offline: queued on the tablet. */
  async function handOverOffline(context: BrowserContext, card: Locator, orderId: number, digits: string) {
    await context.setOffline(true);
    await card.getByRole('button', { name: 'Retirado' }).click();
    await card.getByLabel('Número do pedido').fill(String(orderId));
    await card.getByLabel(/Últimos 4 dígitos/).fill(digits);
    await card.getByRole('button', { name: 'Confirmar retirada' }).click();
    await card.getByText('Sem conexão: o passo foi guardado e será enviado ao voltar a conexão.').waitFor();
  }

  /** Back online, the queued step meets `status` from the test (the real server behind is not asked). */
  async function stepMeets(context: BrowserContext, page: Page, status: number) {
    const stepCall = (url: URL) => url.pathname.endsWith('/LOJA_RETIRADA_PASSO');
    let answered!: () => void;
    const troubled = new Promise<void>((resolve) => (answered = resolve));
    await page.route(stepCall, async (route) => {
      await route.fulfill({ status, json: { resposta: 'A loja está com muitos acessos agora.' } });
      answered();
    });
    await context.setOffline(false); // the 'online' event: the queue is sent
    await troubled;
    await page.unroute(stepCall);
  }
  test('keeps the steps on the tablet and sends them when the connection comes back', async ({ browser }) => {
    const { shopperSide, shopper, orderId, seller, card, page, context, assertNoErrors } =
      await counterWithPaidOrder(browser, 'Carla Fila');
    await card.getByText(shopper.nome).waitFor();
    /** The order as the server has it (page.request shares the tablet's cookies, not its offline state). */
    const onServer = async () => {
      const response = await page.request.get(`${OPERATIONS}/LOJA_RETIRADAS`);
      const { pedidos } = (await response.json()) as {
        pedidos: { id: number; separacao: { por: string } | null; pronto: { por: string } | null }[];
      };
      return pedidos.find((pedido) => pedido.id === orderId);
    };

    // The counter refreshes its list every 30 s: offline, that call fails (and says so in the console).
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), workerUpdateCut);
    await context.setOffline(true);
    await card.getByRole('button', { name: 'Separar' }).click();
    await card.getByText('Sem conexão: o passo foi guardado e será enviado ao voltar a conexão.').waitFor();
    await card.getByText('Na fila (sem conexão)', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Pronto para retirada' }).click();
    const queued = page.getByText(/passo\(s\) guardado\(s\) sem conexão/);
    await page
      .getByText('2 passo(s) guardado(s) sem conexão: serão enviados ao voltar a conexão.', { exact: true })
      .waitFor();
    expect(await card.getByRole('button', { name: 'Separar' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Pronto para retirada' }).count()).toBe(0);
    // Nothing reached the server while offline.
    expect(await onServer()).toMatchObject({ separacao: null, pronto: null });

    await context.setOffline(false);
    await page
      .getByRole('status', { name: 'Passos enviados' })
      .getByText(`Pedido ${orderId}`)
      .first()
      .waitFor();
    await queued.waitFor({ state: 'detached' });
    // 'Retirado' is offered once the list from the server says the order is ready.
    await card.getByRole('button', { name: 'Retirado' }).waitFor();
    expect(await onServer()).toMatchObject({
      separacao: { por: seller.nome },
      pronto: { por: seller.nome },
    });

    await reloadApp(page);
    await card
      .getByText(new RegExp(`^Separação: ${seller.nome} às .* · Pronto: ${seller.nome} às `))
      .waitFor();
    await card.getByRole('button', { name: 'Retirado' }).waitFor();
    expect(await queued.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('loja_fila_retiradas'))).toBeNull();

    // 'Retirado' made offline, then the server in trouble as it is sent: shed (503), then failing
    // (500). The step stays on the tablet through both and goes once the server answers.
    const queuedSteps = () => page.evaluate(() => localStorage.getItem('loja_fila_retiradas'));
    await handOverOffline(context, card, orderId, shopper.doc.slice(-4));
    allowErrors(page, failedResource(503), failedResource(500));
    for (const status of [503, 500]) {
      await stepMeets(context, page, status);
      expect(JSON.parse((await queuedSteps())!)).toEqual([
        { pedido: orderId, passo: 'retirado', documento: shopper.doc.slice(-4) },
      ]);
      await context.setOffline(true);
    }
    expect(await onServer()).toBeTruthy(); // not picked up yet
    await context.setOffline(false);
    await expect.poll(queuedSteps).toBeNull();
    await expect.poll(onServer).toBeUndefined(); // picked up: off the counter's list
    assertNoErrors();
    shopperSide.assertNoErrors();
  });

  test("drops the customer's digits of a held 'Retirado' when the seller signs out, and the step is refused with the reason", async ({
    browser,
  }) => {
    const { shopperSide, shopper, orderId, seller, card, page, context, assertNoErrors } =
      await counterWithPaidOrder(browser, 'Duda Fila');
    const digits = shopper.doc.slice(-4);
    await card.getByRole('button', { name: 'Separar' }).click();
    await card.getByText(`Pedido ${orderId} em separação.`).waitFor();
    await card.getByRole('button', { name: 'Pronto para retirada' }).click();
    // 'Retirado' is offered once the list from the server says the order is ready.
    await card.getByRole('button', { name: 'Retirado' }).waitFor();

    // 'Retirado' made offline; back online the server sheds it (503): it waits on the tablet.
    allowErrors(page, failedLoad('ERR_INTERNET_DISCONNECTED'), failedResource(503), workerUpdateCut);
    await handOverOffline(context, card, orderId, digits);
    await stepMeets(context, page, 503);

    /** Every value this origin keeps in localStorage and IndexedDB, as text. */
    const stored = () =>
      page.evaluate(async () => {
        const texts = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`);
        for (const { name } of await indexedDB.databases()) {
          const database = await new Promise<IDBDatabase>((resolve, reject) => {
            const request = indexedDB.open(name!);
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          });
          for (const store of database.objectStoreNames) {
            const rows = await new Promise<unknown[]>((resolve, reject) => {
              const request = database.transaction(store).objectStore(store).getAll();
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error);
            });
            texts.push(`${name}/${store}=${JSON.stringify(rows)}`);
          }
          database.close();
        }
        return texts.join('\n');
      });
    expect(await stored()).toContain(`"documento":"${digits}"`);

    await page.getByRole('banner').getByRole('button', { name: 'Sair' }).click();
    await page.getByText(/passo\(s\) guardado\(s\) neste tablet/).waitFor();
    const after = await stored();
    expect(after).not.toContain('documento');
    expect(after).not.toContain(`"${digits}"`);

    // A seller signs in again: the step goes nowhere without the digits, and the counter says why.
    await staffSignIn(page, seller);
    await page.getByRole('banner').getByRole('link', { name: 'Vendedor: Duda' }).waitFor();
    await visit(page, '/loja/retiradas');
    await page
      .getByRole('status', { name: 'Passos enviados' })
      .getByText(`Pedido ${orderId}: a retirada não foi enviada`, { exact: false })
      .waitFor();
    await card.getByRole('button', { name: 'Retirado' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('loja_fila_retiradas'))).toBeNull();
    assertNoErrors();
    shopperSide.assertNoErrors();
  });
});
