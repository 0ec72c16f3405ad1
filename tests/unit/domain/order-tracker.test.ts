import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, TRACKER_STAGES, trackerState } from '../../../src/domain/order-tracker';

describe('order tracker', () => {
  it('has the six stages in order', () => {
    expect(TRACKER_STAGES).toEqual([
      'Pagamento Efetuado',
      'Pedido Faturado',
      'Emissão Nota Fiscal',
      'Pedido Despachado',
      'Saiu para entrega',
      'Pedido Entregue',
    ]);
  });

  it('marks stages up to the index done and the one at the index current', () => {
    const state = trackerState(2);
    expect(state.map((step) => step.done)).toEqual([true, true, true, false, false, false]);
    expect(state.map((step) => step.current)).toEqual([false, false, true, false, false, false]);
    expect(state[2].label).toBe('Emissão Nota Fiscal');
  });

  it('marks everything done once delivered and nothing before payment', () => {
    expect(trackerState(5).every((step) => step.done)).toBe(true);
    expect(trackerState(5)[5].current).toBe(true);
    expect(trackerState(-1).some((step) => step.done || step.current)).toBe(false);
  });

  it('lists every status an order moves through: awaiting payment, the six stages, cancelled', () => {
    expect(ORDER_STATUSES).toEqual(['Aguardando pagamento', ...TRACKER_STAGES, 'Cancelado']);
  });
});
