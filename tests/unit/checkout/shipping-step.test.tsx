import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ShippingOption } from '../../../src/api/freight';
import { ShippingStep } from '../../../src/features/checkout/components/shipping-step';
import { freightQueryOptions } from '../../../src/features/checkout/api/quote-freight';
import { SHIPPING_PICKUP } from '../../../src/domain/shipping';
import { readCheckoutForm, emptyCheckoutForm } from '../../../src/storage/stored-rows';
import { reservePickupAt } from '../../../src/storage/checkout-form';
import { db, type Address, type CartLine } from '../../../src/storage/db';
import { render } from '../test-utils/render';

// 'Reservar na Loja X' on a paired tablet: the checkout's shipping step opens with pickup at that
// store chosen, so the order takes that store's units without the seller having to find it.

const lines: CartLine[] = [
  { id: '12', name: 'Torneira de Mesa Cromada', price: 129.9, quantity: 1 } as CartLine,
];
const address: Address = {
  cep: '13012100',
  street: 'Av. Francisco Glicério',
  number: '1200',
  complement: '',
  bairro: 'Centro',
  cidade: 'Campinas',
  uf: 'SP',
} as Address;
const company = { picture: '', name: 'Casa & Obra' };
const options: ShippingOption[] = [
  { id: 101, name: 'Entrega Normal', delivery_time: 2, price: 0, company },
  {
    id: SHIPPING_PICKUP,
    name: 'Retirada na loja',
    delivery_time: 0,
    price: 0,
    company,
    lojas: [
      { id: 1, nome: 'Loja Centro' },
      { id: 3, nome: 'Loja Barão Geraldo' },
    ],
  },
];
const answers = [[freightQueryOptions(address, lines).queryKey, options]] as const;

beforeEach(async () => {
  await db.checkoutForm.clear();
});

describe('the shipping step after a reservation at another store', () => {
  it("opens with 'Retirada' at the reserved store chosen, and saves it", async () => {
    await reservePickupAt(3);
    const form = { ...(await readCheckoutForm()), address };
    render(<ShippingStep form={form} lines={lines} cartChoice={101} onSaved={() => {}} />, { answers });

    expect(screen.getByRole('radio', { name: /Loja Barão Geraldo/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /Loja Centro/ })).toHaveProperty('checked', false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Salvar forma de envio' }));
    const saved = await readCheckoutForm();
    expect(saved.shipping?.option.id).toBe(SHIPPING_PICKUP);
    expect(saved.shipping?.storeId).toBe(3);
  });

  it("keeps the cart page's choice when nothing was reserved", async () => {
    const form = { ...emptyCheckoutForm, address };
    render(<ShippingStep form={form} lines={lines} cartChoice={101} onSaved={() => {}} />, { answers });
    expect(screen.queryByRole('radio', { name: /Loja Barão Geraldo/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Salvar forma de envio' })).toHaveProperty('disabled', false);
  });
});
