import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import {
  addCartNotices,
  addManyToCart,
  addToCart,
  clearCart,
  removeFromCart,
  saveCartShipping,
  selectCartShipping,
  setQuantity,
} from '../../../src/storage/cart';
import { updateCheckoutForm, updateOrderFlow } from '../../../src/storage/checkout-form';
import { createStorageDb, db } from '../../../src/storage/db';
import { startMirror } from '../../../src/storage/mirror';
import { readCartNotices } from '../../../src/storage/stored-rows';

const torneira = { idprd: 12, descricao: 'Torneira de Mesa Cromada', preco: '129,90', codundvenda: 'UN' };
const porcelanato = {
  idprd: '345',
  descricao: 'Porcelanato Acetinado 60x60',
  preco: '59,90',
  multiploprdvenda: '2,16',
  codundvenda: 'CX',
  lotes: [{ lote: 'A1' }],
};

function session(key: string): unknown {
  const raw = sessionStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
}

beforeEach(async () => {
  await Promise.all([db.cartLines.clear(), db.checkoutForm.clear(), db.checkoutSession.clear()]);
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('cart rules', () => {
  it('puts a new product first and mirrors the cartItems line shape', async () => {
    expect(await addToCart(torneira)).toBe(true);
    expect(await addToCart(porcelanato, { quantity: 3 })).toBe(true);

    expect(session('cartItemCount')).toBe(2);
    expect(session('cartItems')).toEqual([
      {
        id: '345',
        name: 'Porcelanato Acetinado 60x60',
        multiploprdvenda: '2,16',
        codundvenda: 'CX',
        price: 59.9,
        quantity: 3,
        image: '/imagens/345/1.png',
        lotes: [{ lote: 'A1' }],
        selectedLote: null,
      },
      {
        id: '12',
        name: 'Torneira de Mesa Cromada',
        multiploprdvenda: '',
        codundvenda: 'UN',
        price: 129.9,
        quantity: 1,
        image: '/imagens/12/1.png',
        lotes: [],
        selectedLote: null,
      },
    ]);
    expect(session('checkout')).toEqual(session('cartItems'));
  });

  it('leaves the quantity alone when the product is already in the cart', async () => {
    await addToCart(torneira);
    await setQuantity(12, 4);
    expect(await addToCart(torneira, { quantity: 9 })).toBe(false);
    expect(session('cartItems')).toMatchObject([{ id: '12', quantity: 4 }]);
    expect(session('cartItemCount')).toBe(1);
  });

  it('never lets a quantity fall below 1', async () => {
    await addToCart(torneira);
    await setQuantity('12', 0);
    expect(session('cartItems')).toMatchObject([{ quantity: 1 }]);
    await setQuantity('12', -5);
    expect(session('cartItems')).toMatchObject([{ quantity: 1 }]);
  });

  it('keeps totals in reais, box items at price x quantity x m² per box', async () => {
    await addToCart(torneira, { quantity: 2 });
    await addToCart(porcelanato, { quantity: 3 });
    // 59,90 x 3 x 2,16 = 388,152 -> 388,15; 129,90 x 2 = 259,80
    expect(session('total_compra')).toBe(647.95);
    expect(session('resumo_produtos')).toMatchObject([
      { id: '345', quantity: 3, total: 388.15 },
      { id: '12', quantity: 2, total: 259.8 },
    ]);
    expect(session('resumo')).toEqual({ subtotal: 647.95, vl_frete: 0, total: 647.95 });
  });

  it('removes lines and empties the cart', async () => {
    await addToCart(torneira);
    await addToCart(porcelanato);
    await removeFromCart('345');
    expect(session('cartItemCount')).toBe(1);
    await saveCartShipping({ cep: '01001000', options: [], selectedId: null });
    await clearCart();
    expect(session('cartItemCount')).toBe(0);
    expect(session('cartItems')).toEqual([]);
    expect(session('dados_frete')).toBeNull();
  });
});

describe('several products in one write', () => {
  const rolo = { idprd: 51, descricao: 'Rolo de Lã 23 cm', preco: '34,90', codundvenda: 'UN' };
  const lixa = { idprd: 52, descricao: 'Lixa d’Água 220', preco: '2,50', codundvenda: 'UN' };
  const ids = () => (session('cartItems') as { id: string }[]).map((line) => line.id);

  it.each(['set', 'add'] as const)(
    "puts the new lines first, in the order given ('%s')",
    async (whenInCart) => {
      await addToCart(torneira);
      await addManyToCart(
        [
          { product: porcelanato, options: { quantity: 2 } },
          { product: rolo, options: {} },
          { product: lixa, options: { quantity: 10 } },
        ],
        whenInCart,
      );
      expect(ids()).toEqual(['345', '51', '52', '12']);
      // Then a single product goes before them all, as addToCart always puts a new one.
      await addManyToCart([{ product: { ...torneira, idprd: 13 }, options: {} }], whenInCart);
      expect(ids()).toEqual(['13', '345', '51', '52', '12']);
    },
  );

  it("'set' makes a line already in the cart hold the quantity given; 'add' adds it", async () => {
    await addToCart(torneira, { quantity: 4 });
    await addToCart(porcelanato, { quantity: 3 });
    await addCartNotices({ '12': 'Disponível: 4', '345': 'O preço mudou.' });
    const newPrice = { ...torneira, preco: '119,90' };

    await addManyToCart([{ product: newPrice, options: { quantity: 2 } }], 'set');
    expect(session('cartItems')).toMatchObject([
      { id: '345', quantity: 3 },
      { id: '12', quantity: 2, price: 119.9 },
    ]);
    await addManyToCart([{ product: porcelanato, options: { quantity: 2 } }], 'add');
    expect(session('cartItems')).toMatchObject([
      { id: '345', quantity: 5 },
      { id: '12', quantity: 2 },
    ]);
    // A line that changed loses its notice, as with setQuantity.
    expect(await readCartNotices()).toEqual({});
  });
});

describe('freight and checkout keys', () => {
  const motoboy = {
    id: 100,
    name: 'Motoboy',
    delivery_time: 0,
    price: 15,
    company: { picture: '', name: 'Loja' },
  };
  const retirada = { id: 103, name: 'Retirar na loja', delivery_time: 0, price: 0 };

  it('mirrors the cart page freight calculation and choice', async () => {
    await addToCart(torneira);
    await saveCartShipping({ cep: '01001000', options: [motoboy, retirada], selectedId: null });
    expect(sessionStorage.getItem('cep_entrega')).toBe('01001000');
    expect(session('dados_frete')).toEqual([motoboy, retirada]);
    expect(session('selectedShipping')).toBeNull();
    await selectCartShipping(100);
    expect(session('selectedShipping')).toEqual(motoboy);
    expect(session('frete')).toBe(15);
    expect(session('resumo')).toEqual({ subtotal: 129.9, vl_frete: 15, total: 144.9 });
  });

  it('mirrors the checkout steps to the session keys and localStorage, never card data', async () => {
    await addToCart(torneira);
    const address = {
      cep: '01001000',
      street: 'Praça da Sé',
      number: '100',
      complement: 'lado ímpar',
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
    };
    await updateCheckoutForm((form) => ({
      ...form,
      address,
      shipping: { option: retirada, storeId: 2 },
      payment: {
        method: 'credit',
        installments: 3,
        installmentId: 3,
        installmentValue: 43.3,
        cardNumber: '4111 1111 1111 1111',
        cvv: '123',
      } as never,
      confirmed: { address: true, shipping: true, payment: false },
    }));

    expect(session('dadosEndereco')).toEqual(address);
    expect(session('dados_entrega')).toEqual({ ...address, frete: retirada, loja: 2 });
    expect(session('endereco_cliente')).toEqual({ street: 'Praça da Sé', number: '100', city: 'São Paulo' });
    expect(session('frete_sel')).toEqual({ ...retirada, storeId: 2 });
    expect(session('frete')).toBe(0);
    expect(session('opcao_pagamento')).toEqual({
      method: 'credit',
      installments: 3,
      installmentId: 3,
      installmentValue: 43.3,
    });
    const stored = localStorage.getItem('checkout_form_data')!;
    expect(JSON.parse(stored)).toMatchObject({ address, confirmed: { address: true, shipping: true } });
    expect(stored).not.toContain('4111');
    expect(stored).not.toContain('cvv');
  });

  it('mirrors the order flow values movimento and APP_0050', async () => {
    await updateOrderFlow({ movimento: 'MOV-77' });
    expect(sessionStorage.getItem('movimento')).toBe('MOV-77');
    await updateOrderFlow({ lastOrder: { tipo: 'pix', idmov: 991 } });
    expect(session('APP_0050')).toEqual({ tipo: 'pix', idmov: 991 });
  });
});

describe('re-check notices', () => {
  it('keeps a notice per line until the line changes, and never in the mirrored cart items', async () => {
    await addToCart(torneira);
    await addToCart(porcelanato);
    await addCartNotices({ '12': 'Disponível: 1', '345': 'O preço mudou.' });
    expect(sessionStorage.getItem('cartItems')).not.toContain('Disponível');
    await setQuantity('12', 1);
    expect(await readCartNotices()).toEqual({ '345': 'O preço mudou.' });
    await removeFromCart('345');
    expect(await readCartNotices()).toEqual({});
  });
});

describe('two tabs', () => {
  it('a write from another tab reaches this tab’s session keys', async () => {
    const stop = startMirror(db);
    const otherTab = createStorageDb();
    try {
      await otherTab.cartLines.add({
        id: '77',
        name: 'Registro de Gaveta',
        multiploprdvenda: '',
        codundvenda: 'UN',
        price: 45,
        quantity: 2,
        image: '/imagens/77/1.png',
        lotes: [],
        selectedLote: null,
        position: -10,
      });
      await waitFor(() => expect(session('cartItemCount')).toBe(1));
      expect(session('cartItems')).toMatchObject([{ id: '77', quantity: 2 }]);

      await otherTab.cartLines.update('77', { quantity: 5 });
      await waitFor(() => expect(session('cartItems')).toMatchObject([{ id: '77', quantity: 5 }]));
    } finally {
      stop();
      otherTab.close();
    }
  });
});
