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

  it('without a tracking code or a stage, shows the status and no tracking link', () => {
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
    expect(screen.getByText('A definir')).toBeTruthy();
    expect(screen.queryByText(/\(concluído\)/)).toBeNull();
  });
});
