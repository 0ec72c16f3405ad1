import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { productDetailOperation } from '../../src/api/catalogue';
import { generateCpf } from '../../src/domain/documents';
import { baseURL, visit } from './browser';

// What the browser tests share about shopping: a shopper account signed in from the page's context
// (page.request shares the context's cookies), the staff's calls (the sandbox Pix confirmation), the
// catalogue and the home page's shelves.

export const OPERATIONS = '/datasnap/rest/TFireFlay';

let counter = 0;
function seed(): number {
  counter += 1;
  return (Date.now() % 100_000_000) * 10 + counter + Math.floor(Math.random() * 1000);
}

export interface Shopper {
  doc: string;
  nome: string;
  senha: string;
}

/** Registers a pessoa física (APP_0035), not signed in anywhere yet. */
export async function registerShopper(page: Page): Promise<Shopper> {
  const n = seed();
  const shopper = { doc: generateCpf(n), nome: `Cliente Carrinho ${n}`, senha: 'Segura#2026' };
  const registered = await page.request.post(`${OPERATIONS}/APP_0035`, {
    data: {
      cpf: shopper.doc,
      nome: shopper.nome,
      fixo: '',
      celular: '19998765432',
      email: `carrinho${n}@example.com`,
      senha: shopper.senha,
      fisica: '',
    },
  });
  expect(registered.status()).toBe(200);
  return shopper;
}

/** 'COMPRAR AGORA' on the product page shown, then 'Continuar Comprando' in the dialog it opens. */
export async function buyShownProduct(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'COMPRAR AGORA' }).click();
  const dialog = page.getByRole('dialog', { name: 'Produto no carrinho' });
  await dialog
    .getByRole('button', { name: 'Continuar Comprando' })
    .or(dialog.getByRole('link', { name: 'Continuar Comprando' }))
    .click();
}

/** Opens a product's page and buys it ('COMPRAR AGORA', then 'Continuar Comprando'). */
export async function buyProduct(page: Page, product: CatalogueProduct): Promise<void> {
  await visit(page, `/produto/${product.idprd}`);
  await page.getByRole('heading', { name: product.descricao }).waitFor();
  await buyShownProduct(page);
}

/** Three paints sold by the unit with at least 5 in stock, for the cart tests. */
export async function paintsInStock(): Promise<CatalogueProduct[]> {
  const found = await listProducts('produto=tinta&por_pagina=24');
  const paints = found.filter((item) => !item.multiploprdvenda && (item.estoque ?? 0) >= 5).slice(0, 3);
  expect(paints.length).toBe(3);
  return paints;
}

/** Registers a pessoa física (APP_0035) and signs in (APP_0045) as the login screen would. */
export async function signIn(page: Page): Promise<Shopper> {
  const shopper = await registerShopper(page);
  const login = await page.request.post(`${OPERATIONS}/APP_0045`, {
    data: { email: shopper.doc, senha: shopper.senha, redirect: '/checkout' },
  });
  expect(login.status()).toBe(200);
  const answer = (await login.json()) as { id: number; nome: string; dados_cliente: unknown };
  if (!page.url().startsWith(baseURL())) await visit(page, '/sobre');
  await page.evaluate((data) => {
    sessionStorage.setItem('nome', data.nome);
    sessionStorage.setItem('id', String(data.id));
    sessionStorage.setItem('dados_cliente', JSON.stringify(data.dados_cliente));
  }, answer);
  return shopper;
}

/**
 * A staff call (`/admin/...`) to the test server, from loopback with the admin token the server
 * keeps in its data folder, `body` sent as JSON; fails the test unless it answers 200.
 */
export async function staffRequest(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
  const token = readFileSync(join(inject('dataDir'), 'admin-token'), 'utf8').trim();
  const response = await fetch(`${baseURL()}/admin${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} /admin${path}: ${await response.clone().text()}`).toBe(200);
  return response;
}

/** A bank app pays a Pix code at the bundled emulator (what `npm run store -- pix:pay` does). */
export async function payPixCode(code: string): Promise<void> {
  await staffRequest('POST', '/pix/pay', { codigo: code });
}

/** The bank pays the order's newest Pix code at the emulator (what `npm run store -- pix:confirm` does). */
export async function confirmPix(orderId: number): Promise<void> {
  await staffRequest('POST', `/pix/${orderId}/confirm`);
}

/** The staff cancels an order (what `npm run store -- order:cancel` does). */
export async function cancelOrder(orderId: number): Promise<void> {
  await staffRequest('POST', `/orders/${orderId}/cancel`);
}

export interface CatalogueProduct {
  idprd: number;
  descricao: string;
  idmarca: number;
  descmarca: string;
  preco: number;
  multiploprdvenda: number | null;
  estoque?: number;
}

/** Catalogue products from the listing (APP_0027), to pick a box item and a unit item. */
export async function listProducts(query: string): Promise<CatalogueProduct[]> {
  const response = await fetch(`${baseURL()}${OPERATIONS}/APP_0027?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { produtos: CatalogueProduct[] }).produtos;
}

/** The seed leaves one product in 40 out of stock (src/server/db/seed.ts): the first sold by the unit. */
export async function productOutOfStock(): Promise<{ idprd: number; descricao: string }> {
  for (let idprd = 1040; idprd < 1400; idprd += 40) {
    const response = await fetch(`${baseURL()}${OPERATIONS}/${productDetailOperation.name}?codigo=${idprd}`);
    if (response.status !== 200) continue;
    const detail = productDetailOperation.answer.parse(await response.json());
    const [product] = detail.produtos;
    if (product && product.estoque === 0 && !product.multiploprdvenda && detail.lotes.length === 0)
      return product;
  }
  throw new Error('no product out of stock in the seed');
}

/** A shelf of the home page: 'Mais vendidos', 'Novidades'. */
export const homeShelf = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Waits until a shelf of the home page shows its first product card (its products have loaded). */
export const shelfShown = (page: Page, name: string) =>
  homeShelf(page, name).getByRole('article').first().waitFor();

export function sessionSnapshot(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
}

/** Puts a snapshot (sessionSnapshot) into a page's sessionStorage: a tab opened from another gets a copy. */
export function restoreSession(page: Page, snapshot: Record<string, string>): Promise<void> {
  return page.evaluate((keys) => {
    for (const [key, value] of Object.entries(keys)) sessionStorage.setItem(key, value);
  }, snapshot);
}

/** An operation call of a test: GET without `data`, POST with it; status and JSON answer. */
export type OperationCall = (
  name: string,
  data?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

interface FreightOption {
  id: number;
  /** Pickup (103): the stores that hold the whole cart. */
  lojas?: { id: number }[];
}

/** Where the tests' orders are delivered (Campinas). */
export const ORDER_CEP = '13010000';

/**
 * A Pix order of customer `id` placed through the API as the checkout would, with `call` carrying
 * that customer's session: the first best seller that can be delivered to Campinas (or, with
 * `pickupAt`, picked up at that store: shipping 103), its code shown (so the order is in 'Meus
 * Pedidos'). Returns the order's number.
 */
export async function placePixOrderWith(call: OperationCall, id: number, pickupAt?: number): Promise<number> {
  const { produtos } = (await call('APP_0041')).body as { produtos: { idprd: number }[] };
  for (const product of produtos) {
    const freight = await call('APP_0031', { cep: ORDER_CEP, ids: [{ id: product.idprd, quantity: 1 }] });
    const options = freight.status === 200 ? (freight.body as unknown as FreightOption[]) : [];
    const option = options.find((o) =>
      pickupAt === undefined ? o.id !== 103 : o.id === 103 && o.lojas?.some((loja) => loja.id === pickupAt),
    );
    if (!option) continue;
    const order = await pixOrderWith(call, id, [{ id: product.idprd, quantity: 1 }], option.id, pickupAt);
    if (order === null) continue; // out of stock: try the next product
    return order;
  }
  throw new Error('no product could be ordered');
}

/**
 * A Pix order of customer `id` for `produtos`, delivered to Campinas by `shippingId` (or picked up at
 * store `pickupAt`), its code shown (so the order is in 'Meus Pedidos'): its number, or null when
 * the stock refused it (406).
 */
export async function pixOrderWith(
  call: OperationCall,
  id: number,
  produtos: { id: number; quantity: number }[],
  shippingId: number,
  pickupAt?: number,
): Promise<number | null> {
  const { mov } = (await call('APP_0049')).body as { mov: string };
  const order = await call('APP_0050', {
    dados_cliente: { id },
    produtos,
    frete_sel: { id: shippingId },
    entrega: {
      cep: ORDER_CEP,
      street: 'Rua Barão de Jaguara',
      number: '100',
      complement: '',
      bairro: 'Centro',
      cidade: 'Campinas',
      uf: 'SP',
      ...(pickupAt === undefined ? {} : { loja: pickupAt }),
    },
    movimento: 'VENDA_ONLINE',
    tipo: 'pix',
    mov,
  });
  if (order.status === 406) return null;
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  // 'Gerar PIX' (APP_0063) opens the charge; the code shown (APP_0079) puts the order in 'Meus Pedidos'.
  const charge = await call('APP_0063', { idmov: order.body.id });
  expect(charge.status).toBe(201);
  const code = await call('APP_0079', { idmov: order.body.id, PaymentId: charge.body.resposta });
  expect(code.status).toBe(200);
  return Number(order.body.id);
}

/**
 * A Pix order of the shopper signed in on `page` (signIn first), through the page's own session;
 * with `pickupAt`, to be picked up at that store.
 */
export async function placePixOrder(page: Page, pickupAt?: number): Promise<number> {
  return placePixOrderWith(operationsOf(page), await signedInId(page), pickupAt);
}

/** The operations called with a page's own session (its context's cookies). */
export const operationsOf =
  (page: Page): OperationCall =>
  async (name, data) => {
    const response = data
      ? await page.request.post(`${OPERATIONS}/${name}`, { data })
      : await page.request.get(`${OPERATIONS}/${name}`);
    return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  };

/** The id of the customer signed in on a page, as its session keys hold it. */
export const signedInId = async (page: Page) =>
  Number(await page.evaluate(() => sessionStorage.getItem('id')));
