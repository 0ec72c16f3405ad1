import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications } from '@mantine/notifications';
import { CartPage } from '../../../src/features/cart/components/cart-page';
import { addCartNotices, addToCart, saveCartShipping } from '../../../src/storage/cart';
import { db } from '../../../src/storage/db';
import { writeSession } from '../../../src/storage/session-keys';
import { render } from '../test-utils/render';

const torneira = { idprd: 12, descricao: 'Torneira de Mesa Cromada', preco: 129.9, codundvenda: 'UN' };
const porcelanato = {
  idprd: 345,
  descricao: 'Porcelanato Acetinado 60x60',
  preco: 59.9,
  multiploprdvenda: 2.16,
  codundvenda: 'CX',
};
const motoboy = {
  id: 100,
  name: 'Motoboy',
  delivery_time: 0,
  price: 15,
  company: { picture: '', name: 'Loja' },
};

function renderCart() {
  return render(
    <>
      <Notifications />
      <CartPage />
    </>,
    { route: '/carrinho' },
  );
}

beforeEach(async () => {
  await Promise.all([db.cartLines.clear(), db.checkoutForm.clear(), db.checkoutSession.clear()]);
  sessionStorage.clear();
  localStorage.clear();
});

describe('cart page', () => {
  it('shows a clear empty state', async () => {
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Seu carrinho está vazio' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continuar Comprando' }).getAttribute('href')).toBe('/');
  });

  it('lists lines, prices box items per m² and totals price x quantity x m² per box', async () => {
    await addToCart(torneira);
    await addToCart(porcelanato, { quantity: 2 });
    renderCart();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Porcelanato Acetinado 60x60',
      'Torneira de Mesa Cromada',
    ]);
    const box = within(items[0]);
    expect(box.getByText(/R\$\s59,90 \/ m²/)).toBeTruthy();
    expect(box.getByText(/Caixa com 2,16 m²/)).toBeTruthy();
    // 59,90 x 2 x 2,16 = 258,768 -> R$ 258,77
    expect(box.getByLabelText('Total de Porcelanato Acetinado 60x60').textContent).toMatch(/258,77/);
    expect(screen.getByText('Subtotal (3 itens)')).toBeTruthy();
  });

  it('lowers a quantity down to 1 and removes a line', async () => {
    const user = userEvent.setup();
    await addToCart(torneira, { quantity: 2 });
    await addToCart(porcelanato);
    renderCart();
    const torneiraItem = await screen.findByRole('listitem', { name: 'Torneira de Mesa Cromada' });
    await user.click(within(torneiraItem).getByRole('button', { name: 'Diminuir quantidade' }));
    await waitFor(() => expect(within(torneiraItem).getByText('1')).toBeTruthy());
    expect(
      (within(torneiraItem).getByRole('button', { name: 'Diminuir quantidade' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remover Porcelanato Acetinado 60x60' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    await waitFor(() => expect(sessionStorage.getItem('cartItemCount')).toBe('1'));
  });

  it('signed out: tells the shopper and stores the return path', async () => {
    const user = userEvent.setup();
    await addToCart(torneira);
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }));
    expect(
      await screen.findByText('Você será redirecionado para a página de Login para finaliza sua compra.'),
    ).toBeTruthy();
    expect(sessionStorage.getItem('redirect')).toBe('/checkout');
  });

  it('signed in without freight: asks for the CEP', async () => {
    const user = userEvent.setup();
    writeSession('nome', 'Maria Souza');
    await addToCart(torneira);
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Finalizar Compra' }));
    expect(await screen.findByText('Favor informe seu CEP e calcule o Frete.')).toBeTruthy();
  });

  it('with options and none chosen: disabled with the warning, enabled once chosen', async () => {
    const user = userEvent.setup();
    writeSession('nome', 'Maria Souza');
    await addToCart(torneira);
    await saveCartShipping({ cep: '13012100', options: [motoboy], selectedId: null });
    renderCart();
    const finish = await screen.findByRole('button', { name: 'Finalizar Compra' });
    // The cart's stored quote arrives from IndexedDB after the first render.
    expect(await screen.findByText('Selecione um método de envio para continuar')).toBeTruthy();
    expect((finish as HTMLButtonElement).disabled).toBe(true);
    await user.click(await screen.findByRole('radio', { name: /Motoboy/ }));
    await waitFor(() => expect((finish as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('Receba no mesmo dia até as 18:00.')).toBeTruthy();
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('selectedShipping') ?? 'null')).toMatchObject({ id: 100 }),
    );
  });

  it('takes the Pix discount off the products, not the freight, as the checkout and the charge do', async () => {
    await addToCart(torneira);
    await saveCartShipping({ cep: '13012100', options: [motoboy], selectedId: 100 });
    renderCart();
    // R$ 129,90 - 5% = R$ 123,41, plus R$ 15,00 of freight.
    const pix = await screen.findByText(/no PIX \(5% de desconto\)/);
    await waitFor(() =>
      expect(pix.textContent?.replace(/\s/g, ' ')).toBe('ou R$ 138,41 no PIX (5% de desconto)'),
    );
  });

  it('shows what re-checking found under the line until the shopper dismisses it', async () => {
    const user = userEvent.setup();
    await addToCart(torneira);
    await addCartNotices({ '12': 'O preço mudou de R$ 129,90 para R$ 139,90.' });
    renderCart();
    const item = await screen.findByRole('listitem', { name: 'Torneira de Mesa Cromada' });
    expect(await within(item).findByText('O preço mudou de R$ 129,90 para R$ 139,90.')).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(item).queryByText(/O preço mudou/)).toBeNull());
  });
});
