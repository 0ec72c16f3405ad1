import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutOperation } from '../../../src/api/customers';
import { addToCart, saveCartShipping } from '../../../src/storage/cart';
import { updateCheckoutForm, updateOrderFlow } from '../../../src/storage/checkout-form';
import {
  clearPersonalData,
  followSignOutInOtherTabs,
  isSignedIn,
  storeProfile,
  storeSignIn,
} from '../../../src/storage/customer-session';
import { db } from '../../../src/storage/db';
import { sendOrQueue, SIGN_OUT_LABEL } from '../../../src/storage/outbox';
import { writeSession } from '../../../src/storage/session-keys';

const record = {
  id: 7,
  nome: 'Maria da Silva',
  email: 'maria@example.com',
  doc: '12345678909',
  pessoa: 'fisica' as const,
};
const address = {
  cep: '13010-000',
  street: 'Rua Barão de Jaguara',
  number: '100',
  complement: '',
  bairro: 'Centro',
  cidade: 'Campinas',
  uf: 'SP',
};
const motoboy = { id: 100, name: 'Motoboy', delivery_time: 0, price: 15 };

beforeEach(async () => {
  await Promise.all([
    db.cartLines.clear(),
    db.checkoutForm.clear(),
    db.checkoutSession.clear(),
    db.outbox.clear(),
  ]);
  sessionStorage.clear();
  localStorage.clear();
});

describe('customer session keys', () => {
  it('stores the login result and the profile under their session keys', () => {
    storeSignIn({ id: 7, nome: 'Maria da Silva', dados_cliente: record });
    expect(sessionStorage.getItem('nome')).toBe('Maria da Silva');
    expect(sessionStorage.getItem('id')).toBe('7');
    expect(JSON.parse(sessionStorage.getItem('dados_cliente')!)).toEqual(record);
    expect(isSignedIn()).toBe(true);
    storeProfile({ telcontato: '', telcelular: '19998765432', email: 'nova@example.com' });
    expect(JSON.parse(sessionStorage.getItem('perfil')!)).toEqual({
      telcontato: '',
      telcelular: '19998765432',
      email: 'nova@example.com',
    });
    expect(JSON.parse(sessionStorage.getItem('dados_cliente')!).email).toBe('nova@example.com');
  });

  it('treats a blank name as signed out', () => {
    writeSession('nome', '  ');
    expect(isSignedIn()).toBe(false);
  });
});

describe('clearPersonalData (Sair da Conta)', () => {
  it('removes the customer, addresses, checkout form and order flow everywhere, and keeps the cart lines', async () => {
    storeSignIn({ id: 7, nome: 'Maria da Silva', dados_cliente: record });
    storeProfile({ telcontato: '', telcelular: '19998765432', email: 'maria@example.com' });
    writeSession('redirect', '/checkout');
    await addToCart({ idprd: 12, descricao: 'Torneira de Mesa Cromada', preco: '129,90' });
    await saveCartShipping({ cep: '13010000', options: [motoboy], selectedId: 100 });
    await updateCheckoutForm((form) => ({
      ...form,
      address,
      shipping: { option: motoboy },
      payment: { method: 'pix' },
      confirmed: { address: true, shipping: true, payment: false },
    }));
    await updateOrderFlow({ movimento: 'VENDA_ONLINE', lastOrder: { idmov: 9 } });
    await db.outbox.add({
      operation: 'APP_0047',
      body: { celular: '19998765432' },
      createdAt: 1,
      attempts: 0,
    });
    await db.outbox.add({ operation: 'APP_0051', body: { nome: 'Visitante' }, createdAt: 2, attempts: 0 });
    for (const key of [
      'dadosEndereco',
      'endereco_cliente',
      'cep_entrega',
      'APP_0050',
      'movimento',
      'opcao_pagamento',
    ])
      expect(sessionStorage.getItem(key), key).not.toBeNull();
    expect(localStorage.getItem('checkout_form_data')).not.toBeNull();

    await clearPersonalData();

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
      'frete',
      'selectedShipping',
      'dados_frete',
      'opcao_pagamento',
      'movimento',
      'APP_0050',
    ];
    for (const key of personal) expect(sessionStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem('checkout_form_data')).toBeNull();
    expect(await db.checkoutForm.count()).toBe(0);
    expect(await db.checkoutSession.count()).toBe(0);
    expect((await db.outbox.toArray()).map((entry) => entry.operation)).toEqual(['APP_0051']);
    // The cart stays: products on the device, nothing about who chose them.
    expect(await db.cartLines.count()).toBe(1);
    expect(JSON.parse(sessionStorage.getItem('cartItems')!)).toHaveLength(1);
    expect(isSignedIn()).toBe(false);
  });
});

describe('a sign-out made with no signal', () => {
  it('waits in the outbox, and the next sign-in drops it, so sent later it cannot end the new session', async () => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await expect(sendOrQueue(signOutOperation, undefined, SIGN_OUT_LABEL)).resolves.toEqual({
        kind: 'queued',
      });
    } finally {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
    }
    await db.outbox.add({ operation: 'APP_0051', body: { nome: 'Visitante' }, createdAt: 2, attempts: 0 });
    expect((await db.outbox.toArray()).map((entry) => entry.operation)).toEqual(['APP_0099', 'APP_0051']);

    storeSignIn({ id: 8, nome: 'João Souza', dados_cliente: { ...record, id: 8, nome: 'João Souza' } });
    await vi.waitFor(async () =>
      expect((await db.outbox.toArray()).map((entry) => entry.operation)).toEqual(['APP_0051']),
    );
  });
});

describe("'Sair da Conta' in another tab", () => {
  const otherTabSignsOut = (at: number) => {
    const value = JSON.stringify({ em: at });
    localStorage.setItem('saida_conta', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'saida_conta', newValue: value }));
  };

  it('signs this tab out at once, and leaves a customer who signed in after it', () => {
    const forgotten = vi.fn();
    const stop = followSignOutInOtherTabs(forgotten);
    try {
      storeSignIn({ id: 7, nome: 'Maria da Silva', dados_cliente: record });
      writeSession('dadosEndereco', { cep: '13010000' });
      otherTabSignsOut(Date.now());
      for (const key of ['nome', 'id', 'dados_cliente', 'dadosEndereco'])
        expect(sessionStorage.getItem(key), key).toBeNull();
      expect(forgotten).toHaveBeenCalledTimes(1);

      storeSignIn({ id: 8, nome: 'João Souza', dados_cliente: { ...record, id: 8, nome: 'João Souza' } });
      otherTabSignsOut(Date.now() - 60_000);
      expect(sessionStorage.getItem('nome')).toBe('João Souza');
      expect(forgotten).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('finds a tab opened after the sign-out signed out (a copy of the signed-out tab)', () => {
    storeSignIn({ id: 7, nome: 'Maria da Silva', dados_cliente: record });
    localStorage.setItem('saida_conta', JSON.stringify({ em: Date.now() }));
    const forgotten = vi.fn();
    followSignOutInOtherTabs(forgotten)();
    expect(isSignedIn()).toBe(false);
    expect(forgotten).toHaveBeenCalledTimes(1);
  });
});
