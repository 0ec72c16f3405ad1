import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { OrderCard } from '../../../src/features/account/components/order-card';
import { render } from '../test-utils/render';

const order = {
  id: 42,
  date: '2026-11-20T13:45:00.000Z',
  paymentMethod: 'PIX',
  deliveryDate: '2026-11-24',
  rastreio: 'AB123456789BR',
  currentStepIndex: 2,
};

describe('order card', () => {
  it('shows the order, its forecast, tracking link and details link', () => {
    render(<OrderCard order={order} />);
    const card = screen.getByRole('article', { name: 'Pedido #42' });
    expect(within(card).getByText('20/11/2026')).toBeTruthy();
    expect(within(card).getByText('24/11/2026')).toBeTruthy();
    expect(within(card).getByText('PIX')).toBeTruthy();
    const track = within(card).getByRole('link', { name: 'Rastrear Pedido' });
    expect(track.getAttribute('target')).toBe('_blank');
    expect(track.getAttribute('rel')).toContain('noopener');
    expect(track.getAttribute('href')).toContain('AB123456789BR');
    expect(
      within(card)
        .getByRole('link', { name: /Ver Detalhes/ })
        .getAttribute('href'),
    ).toBe('/detalhes_pedido/42');
  });

  it('marks the six stages done up to and including the current one', () => {
    render(<OrderCard order={order} />);
    const tracker = screen.getByRole('list', { name: 'Andamento do pedido #42' });
    const steps = within(tracker).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.replace(/^[✓\d]/, ''))).toEqual([
      'Pagamento Efetuado (concluído)',
      'Pedido Faturado (concluído)',
      'Emissão Nota Fiscal (concluído)',
      'Pedido Despachado (pendente)',
      'Saiu para entrega (pendente)',
      'Pedido Entregue (pendente)',
    ]);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([
      null,
      null,
      'step',
      null,
      null,
      null,
    ]);
  });

  it('shows a Pix order waiting for payment with a way to pay it and no delivery forecast', () => {
    render(
      <OrderCard
        order={{
          ...order,
          rastreio: null,
          deliveryDate: null,
          currentStepIndex: -1,
          status: 'Aguardando pagamento',
        }}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Rastrear Pedido' })).toBeNull();
    expect(screen.getByText('Aguardando pagamento')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pagar com PIX' })).toBeTruthy();
    expect(screen.queryByText(/Previsão de entrega:/)).toBeNull();
    expect(screen.queryByText(/\(concluído\)/)).toBeNull();
  });

  it('shows a cancelled order with its reason and no forecast or payment action', () => {
    render(
      <OrderCard
        order={{
          ...order,
          rastreio: null,
          deliveryDate: null,
          currentStepIndex: -1,
          status: 'Cancelado',
          motivo: 'O pagamento PIX não foi feito no prazo de 24 horas.',
        }}
      />,
    );
    expect(screen.getByText('Cancelado')).toBeTruthy();
    expect(screen.getByText('O pagamento PIX não foi feito no prazo de 24 horas.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pagar com PIX' })).toBeNull();
    expect(screen.queryByText(/Previsão de entrega:/)).toBeNull();
  });

  it('tells that a replaced order was refunded a late Pix, names the order that replaced it, and shows no stages', () => {
    render(
      <OrderCard
        order={{
          ...order,
          paymentMethod: 'PIX',
          rastreio: null,
          deliveryDate: null,
          currentStepIndex: -1,
          status: 'Cancelado',
          motivo: 'Pedido substituído por outro da mesma compra.',
          substituidoPor: 43,
          devolucoes: [
            {
              valor: 114,
              motivo: 'cancelado',
              status: 'devolvido',
              devolvidaEm: '2026-11-21T15:00:00.000Z',
            },
          ],
        }}
      />,
    );
    const card = screen.getByRole('article', { name: 'Pedido #42' });
    expect(within(card).getByText('Pedido substituído por outro da mesma compra.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'pedido #43' }).getAttribute('href')).toBe(
      '/detalhes_pedido/43',
    );
    expect(
      within(card).getByText(
        'Recebemos um pagamento PIX após o cancelamento deste pedido. Valor devolvido em 21/11.',
      ),
    ).toBeTruthy();
    expect(within(card).queryByRole('list', { name: 'Andamento do pedido #42' })).toBeNull();
    expect(within(card).queryByText(/\(pendente\)/)).toBeNull();
  });

  it('shows the order date on Brazil’s calendar: 22:30 in São Paulo is not the next day', () => {
    render(<OrderCard order={{ ...order, date: '2026-11-21T01:30:00.000Z' }} />);
    expect(screen.getByText('20/11/2026')).toBeTruthy();
  });
});

describe('a pickup order’s card', () => {
  const pickup = {
    ...order,
    rastreio: null,
    currentStepIndex: 0,
    status: 'Pagamento Efetuado' as const,
    loja: { id: 2, nome: 'Loja Taquaral' },
  };

  it('says it was picked up, when, and where, with no delivery forecast nor pending delivery stages', () => {
    render(
      <OrderCard
        order={{
          ...pickup,
          // 27/11/2026 14:05 and 15:30 in São Paulo.
          retirada: { pronto: '2026-11-27T17:05:00.000Z', retirado: '2026-11-27T18:30:00.000Z' },
        }}
      />,
    );
    const card = screen.getByRole('article', { name: 'Pedido #42' });
    expect(within(card).getByText('Retirada na Loja Taquaral')).toBeTruthy();
    expect(within(card).getByText('Retirado em 27/11/2026, 15:30')).toBeTruthy();
    expect(within(card).queryByText(/Previsão de entrega/)).toBeNull();
    expect(within(card).queryByText(/Pedido Entregue/)).toBeNull();
  });

  it('says since when it is ready at the store', () => {
    render(
      <OrderCard order={{ ...pickup, retirada: { pronto: '2026-11-27T17:05:00.000Z', retirado: null } }} />,
    );
    const card = screen.getByRole('article', { name: 'Pedido #42' });
    expect(within(card).getByText('Pronto para retirada desde 27/11/2026, 14:05')).toBeTruthy();
    expect(within(card).queryByText(/Previsão de entrega/)).toBeNull();
  });
});
