// 'Listas da obra' and 'Comprar novamente' (issue 41 item 2; run `npm run build` first): a list
// made signed out joins the account's list of the same name at sign-in; a past order goes back to
// the cart in one tap, its line now out of stock told and left out, the rest in one write.
import { beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { addedLinesText, shortStockText } from '../../src/domain/recheck-texts';
import { expectAccessible } from './axe';
import { openPage, phone, test, visit } from './browser';
import {
  cancelOrder,
  listProducts,
  operationsOf,
  ORDER_CEP,
  paintsInStock,
  pixOrderWith,
  registerShopper,
  signedInId,
  signIn,
  type CatalogueProduct,
} from './shopper';

let paints: CatalogueProduct[];
beforeAll(async () => {
  paints = await paintsInStock();
});

/** Signs in through the login screen, as a shopper does, and waits for the screen it leads to. */
async function signInByForm(page: Page, doc: string, senha: string) {
  await visit(page, '/login');
  await page.getByLabel('CNPJ ou CPF').fill(doc);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** 'Adicionar à lista' on a product's page: `quantity`, into the list named (made when new). */
async function addToList(page: Page, product: CatalogueProduct, list: string, quantity = 1) {
  await visit(page, `/produto/${product.idprd}`);
  await page.getByRole('heading', { name: product.descricao }).waitFor();
  await page.getByRole('button', { name: 'Adicionar à lista' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar à lista' });
  // The device's lists read (the form shows once they are).
  await dialog.getByRole('button', { name: 'Adicionar' }).waitFor();
  for (let more = 1; more < quantity; more += 1)
    await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  const existing = dialog.getByRole('radio', { name: list, exact: true });
  if (await existing.count()) await existing.check();
  else {
    const other = dialog.getByRole('radio', { name: 'Nova lista' });
    if (await other.count()) await other.check();
    await dialog.getByLabel('Nome da nova lista').fill(list);
  }
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

type AccountLists = { listas: { nome: string; produtos: { idprd: number; quantity: number }[] }[] };

describe("'Listas da obra'", () => {
  test('a list made signed out joins the account list of the same name at sign-in', async ({ browser }) => {
    const [tinta, rolo] = paints as [CatalogueProduct, CatalogueProduct];
    const { page } = await openPage(browser, phone);
    const customer = await registerShopper(page);
    // The customer's computer already keeps 'Banheiro da Rua X' with two of the first paint.
    const computer = await openPage(browser);
    const call = operationsOf(computer.page);
    expect((await call('APP_0045', { email: customer.doc, senha: customer.senha })).status).toBe(200);
    const made = await call('LISTAS_CONTA_ALTERAR', {
      mudancas: [
        {
          lista: crypto.randomUUID(),
          nome: 'Banheiro da Rua X',
          linhas: [{ id: tinta.idprd, quantidade: 2 }],
        },
      ],
    });
    expect(made.status).toBe(200);

    // Signed out, on the phone: the same list (spelt otherwise) with three of it and a roller.
    await addToList(page, tinta, 'banheiro da rua x', 3);
    await addToList(page, rolo, 'banheiro da rua x');
    await visit(page, '/listas');
    const list = page.getByRole('region', { name: 'banheiro da rua x' });
    // The lists are read from IndexedDB after the page shows.
    await list.getByTestId('work-list-line').nth(1).waitFor();
    await expect(list.getByTestId('work-list-line').count()).resolves.toBe(2);
    await expectAccessible(page, 'the lists page with a list');

    await signInByForm(page, customer.doc, customer.senha);
    const quantities = async () => {
      const { body } = await call('LISTAS_CONTA');
      return (body as unknown as AccountLists).listas.map((one) => ({
        nome: one.nome,
        linhas: Object.fromEntries(one.produtos.map((line) => [line.idprd, line.quantity])),
      }));
    };
    const joined = [{ nome: 'Banheiro da Rua X', linhas: { [tinta.idprd]: 5, [rolo.idprd]: 1 } }];
    await expect.poll(quantities).toEqual(joined);

    // The phone now shows the account's one list, summed once.
    await visit(page, '/listas');
    const accountList = page.getByRole('region', { name: 'Banheiro da Rua X' });
    await accountList
      .getByRole('group', { name: `Quantidade de ${tinta.descricao}` })
      .getByText('5', { exact: true })
      .waitFor();
    await expect(page.getByTestId('work-list').count()).resolves.toBe(1);
    // Read again (a reload): nothing summed twice.
    await visit(page, '/listas');
    await accountList.waitFor();
    await expect.poll(quantities).toEqual(joined);
  });
});

/** Records the cart's IndexedDB writes: for each transaction, the product ids it put in the cart. */
const recordCartWrites = (page: Page) =>
  page.addInitScript(() => {
    const writes: string[][] = [];
    const ids = new WeakMap<IDBTransaction, string[]>();
    (window as unknown as { cartWrites: string[][] }).cartWrites = writes;
    for (const method of ['add', 'put'] as const) {
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
        if (this.name === 'cartLines') {
          let written = ids.get(this.transaction);
          if (!written) {
            written = [];
            ids.set(this.transaction, written);
            writes.push(written);
          }
          written.push(String((value as { id: string }).id));
        }
        return original.call(this, value, key);
      } as (typeof IDBObjectStore.prototype)[typeof method];
    }
  });

describe("'Comprar novamente'", () => {
  test('a past order with one line out of stock: the difference shown, the rest added in one write', async ({
    browser,
  }) => {
    const [tinta, rolo] = paints as [CatalogueProduct, CatalogueProduct];
    // A product nearly sold out (not the cart tests' cheapest one): the order takes all it has.
    const dear = await listProducts('ordem=maior_preco&por_pagina=48');
    const scarce = dear.filter(
      (product) =>
        !product.multiploprdvenda &&
        (product.estoque ?? 0) >= 2 &&
        (product.estoque ?? 0) <= 4 &&
        !paints.some((paint) => paint.idprd === product.idprd),
    );
    expect(scarce.length).toBeGreaterThan(0);
    const { page } = await openPage(browser, phone);
    await recordCartWrites(page);
    await signIn(page);
    const call = operationsOf(page);
    const id = await signedInId(page);
    let orderId: number | null = null;
    let last: CatalogueProduct | undefined;
    for (const product of scarce) {
      const produtos = [
        { id: tinta.idprd, quantity: 1 },
        { id: rolo.idprd, quantity: 1 },
        { id: product.idprd, quantity: product.estoque! },
      ];
      const freight = await call('APP_0031', { cep: ORDER_CEP, ids: produtos });
      const options = freight.status === 200 ? (freight.body as unknown as { id: number }[]) : [];
      const option = options.find((one) => one.id !== 103);
      if (!option) continue;
      orderId = await pixOrderWith(call, id, produtos, option.id);
      last = product;
      if (orderId !== null) break;
    }
    if (orderId === null) throw new Error('no order of a nearly sold-out product could be placed');
    const scarceProduct = last!;
    try {
      await visit(page, '/meusPedidos');
      await page.getByRole('button', { name: `Comprar novamente os itens do pedido #${orderId}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Conferimos preços e estoque' });
      await dialog.getByText(addedLinesText(2, 3)).waitFor();
      const differences = dialog.getByTestId('buy-again-differences');
      await expect(differences.textContent()).resolves.toContain(scarceProduct.descricao);
      await expect(differences.textContent()).resolves.toContain(shortStockText(scarceProduct.estoque!, 0));
      await expect(differences.getByRole('listitem').count()).resolves.toBe(1);
      await expectAccessible(page, "'Comprar novamente' and its differences");

      const cart = await page.evaluate(() =>
        (JSON.parse(sessionStorage.getItem('cartItems') ?? '[]') as { id: string; quantity: number }[])
          .map((item) => `${item.id}x${item.quantity}`)
          .sort(),
      );
      expect(cart).toEqual([`${tinta.idprd}x1`, `${rolo.idprd}x1`].sort());
      // Both available lines went into the cart in the same write (the first one after the tap).
      const writes = await page.evaluate(() => (window as unknown as { cartWrites: string[][] }).cartWrites);
      expect(writes[0]?.sort()).toEqual([String(tinta.idprd), String(rolo.idprd)].sort());

      await dialog.getByRole('link', { name: 'Ir para o carrinho' }).click();
      await page.waitForURL((url) => url.pathname === '/carrinho');
    } finally {
      // Its units back in stock for the other tests.
      await cancelOrder(orderId);
    }
  });
});
