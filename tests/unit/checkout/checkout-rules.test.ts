import { describe, expect, it } from 'vitest';
import {
  attemptSignature,
  buildOrderPayload,
  canOpen,
  checkoutTotals,
  firstOpenStep,
  progressLabel,
  storedOrderPayload,
} from '../../../src/features/checkout/lib/checkout-rules';
import { addressFormSchema } from '../../../src/features/checkout/lib/address-schema';
import { emptyCheckoutForm } from '../../../src/storage/stored-rows';
import type { CartLine, CheckoutFormData } from '../../../src/storage/db';

const torneira: CartLine = {
  id: '12',
  name: 'Torneira',
  multiploprdvenda: '',
  codundvenda: 'UN',
  price: 100,
  quantity: 2,
  image: '/imagens/12/1.png',
  lotes: [],
  selectedLote: null,
};
const piso: CartLine = {
  ...torneira,
  id: '40',
  name: 'Piso',
  multiploprdvenda: '2,5',
  price: 40,
  quantity: 3,
};
const address = {
  cep: '13012100',
  street: 'Av. Francisco Glicério',
  number: '10',
  complement: '',
  bairro: 'Centro',
  cidade: 'Campinas',
  uf: 'SP',
};
const pickup = { id: 103, name: 'Retirada na loja', delivery_time: 0, price: 0 };
const motoboy = { id: 100, name: 'Motoboy', delivery_time: 0, price: 15.5 };

const ready: CheckoutFormData = {
  address,
  shipping: { option: pickup, storeId: 3 },
  payment: { method: 'pix' },
  confirmed: { address: true, shipping: true, payment: false },
};

describe('checkout steps', () => {
  it('opens the first unsaved step and counts saved steps of 3', () => {
    expect(firstOpenStep(emptyCheckoutForm)).toBe('address');
    expect(progressLabel(emptyCheckoutForm)).toBe('0 de 3 etapas concluídas');
    const afterAddress = {
      ...emptyCheckoutForm,
      address,
      confirmed: { address: true, shipping: false, payment: false },
    };
    expect(firstOpenStep(afterAddress)).toBe('shipping');
    expect(canOpen('payment', afterAddress)).toBe(false);
    expect(progressLabel(afterAddress)).toBe('1 de 3 etapas concluídas');
    expect(firstOpenStep(ready)).toBe('payment');
    expect(progressLabel(ready)).toBe('2 de 3 etapas concluídas');
  });
});

describe('totals', () => {
  it('adds freight, takes 5% off the products for Pix and offers the instalments of the total', () => {
    // 100 x 2 + 40 x 3 x 2,5 = 500; freight 15,50; Pix: 475 + 15,50 (the freight has no discount).
    const totals = checkoutTotals([torneira, piso], motoboy);
    expect(totals).toMatchObject({ subtotal: 50000, freight: 1550, total: 51550, pix: 49050 });
    expect(totals.installments[0].nParcelas).toBe(1);
    expect(totals.installments[5]).toMatchObject({ nParcelas: 6, valorParcela: 8592, semJuros: true });
  });
});

describe('order payload', () => {
  it('carries the APP_0050 fields, the pickup store and the movement values', () => {
    const payload = buildOrderPayload({
      lines: [torneira],
      form: ready,
      customer: { id: 7, nome: 'Maria' },
      movimento: 'VENDA_ONLINE',
      mov: 'abc',
      tipo: 'pix',
    });
    expect(payload).toMatchObject({
      dados_cliente: { id: 7 },
      produtos: [{ id: 12, quantity: 2, price: 100 }],
      frete_sel: { id: 103, storeId: 3 },
      entrega: { ...address, loja: 3 },
      movimento: 'VENDA_ONLINE',
      resumo: { subtotal: 200, vl_frete: 0, total: 200 },
      tipo: 'pix',
      mov: 'abc',
    });
    expect(payload.forma).toBeUndefined();
  });

  it('keeps no card token in what the browser stores', () => {
    const payload = buildOrderPayload({
      lines: [torneira],
      form: ready,
      customer: null,
      movimento: null,
      mov: 'm1',
      tipo: 'credit',
      card: {
        token: 'tok_1',
        brand: 'Visa',
        last4: '1111',
        bin: '411111',
        name: 'MARIA S',
        installments: 2,
        installmentId: 2,
        installmentValue: 100,
      },
    });
    const stored = storedOrderPayload(payload, 55);
    expect(stored).toMatchObject({ idmov: 55, forma: { installments: 2, installmentValue: 100 } });
    const text = JSON.stringify(stored);
    expect(text).not.toContain('tok_1');
  });

  it('uses a new movement value when the attempt changes, the same one for a retry', () => {
    const one = attemptSignature([torneira], ready, 'pix');
    expect(attemptSignature([torneira], ready, 'pix')).toBe(one);
    expect(attemptSignature([{ ...torneira, quantity: 3 }], ready, 'pix')).not.toBe(one);
    expect(attemptSignature([torneira], ready, 'credit')).not.toBe(one);
  });

  it('takes the address by its fields: the same address stored another way is the same attempt', () => {
    const one = attemptSignature([torneira], ready, 'credit');
    // As a draft writer may store it again: keys in another order, and a key of its own.
    const { cep, uf, ...rest } = address;
    const rewritten = { ...ready, address: { uf, ...rest, cep, loja: null } };
    expect(attemptSignature([torneira], rewritten, 'credit')).toBe(one);
    const moved = { ...ready, address: { ...address, number: '12' } };
    expect(attemptSignature([torneira], moved, 'credit')).not.toBe(one);
  });
});

describe('address form messages', () => {
  const valid = { ...address, complement: '' };
  const messages = (values: object) =>
    addressFormSchema.safeParse({ ...valid, ...values }).error?.issues.map((issue) => issue.message) ?? [];

  it('says what is missing in pt-BR', () => {
    expect(messages({ cep: '' })).toEqual(['CEP é obrigatório']);
    expect(messages({ cep: '1301-21' })).toEqual(['CEP inválido']);
    expect(messages({ street: 'Av' })).toEqual(['Por favor, insira um endereço válido']);
    expect(messages({ number: ' ' })).toEqual(['Número é obrigatório']);
    expect(messages({ cep: '13012-100' })).toEqual([]);
  });

  it('takes the UF from the 27 units only', () => {
    expect(messages({ uf: '' })).toEqual(['Selecione a UF']);
    expect(messages({ uf: 'XX' })).toEqual(['Selecione a UF']);
    expect(messages({ uf: 'DF' })).toEqual([]);
  });
});
